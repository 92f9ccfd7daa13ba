import { spawn } from 'node:child_process'
import path from 'node:path'

import { build } from 'esbuild'

export type CliRun = { code: number | null; stdout: string; stderr: string }

// The CLI as it ships (package.json "bin": build/cli/index.js, bundled by `build:server`), built
// once per test worker into node_modules/.cache so its packages resolve: a tsx start per run
// (transpiling the client and the contracts each time) cost 2-3 s on this machine, 26 runs a file.
const OUT_DIR = path.resolve('node_modules/.cache/gabarita-cli-test')
let built: Promise<string> | undefined

function bundle() {
  built ??= build({
    entryPoints: ['cli/index.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    outdir: path.join(OUT_DIR, String(process.pid)),
    outbase: '.',
    logLevel: 'silent',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  }).then(() => path.join(OUT_DIR, String(process.pid), 'cli/index.js'))
  return built
}

/** Runs the bundled CLI with `args`, its environment and standard input, without blocking the test server. */
export async function runCli(args: string[], env: Record<string, string | undefined>, input?: string): Promise<CliRun> {
  const entry = await bundle()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.stdin.on('error', () => {})
    child.stdin.end(input)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
