import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { bundled } from './bundle'

export type CliRun = { code: number | null; stdout: string; stderr: string }

/** Runs the bundled CLI with `args`, its environment and standard input, without blocking the test server. */
export async function runCli(args: string[], env: Record<string, string | undefined>, input?: string): Promise<CliRun> {
  // The CLI as it ships (package.json "bin": build/cli/index.js).
  const entry = fileURLToPath(await bundled('cli/index.ts'))
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
