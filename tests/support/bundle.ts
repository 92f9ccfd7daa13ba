import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'esbuild'

// A server entry as it ships (package.json's `build:server`: esbuild, packages external), built once
// per test worker into node_modules/.cache so its packages resolve: a tsx start transpiles the
// client, the contracts and the rules again each time, 2-3 s on this machine (ADR 084).
const OUT_DIR = path.resolve('node_modules/.cache/gabarita-test-bundles', String(process.pid))
const built = new Map<string, Promise<URL>>()

/** `entry` (a path from the project root, e.g. 'cli/index.ts') bundled: the file URL of its .js. */
export function bundled(entry: string): Promise<URL> {
  let url = built.get(entry)
  if (!url) {
    url = build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      outdir: OUT_DIR,
      outbase: '.',
      logLevel: 'silent',
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    }).then(() => pathToFileURL(path.join(OUT_DIR, entry.replace(/\.ts$/, '.js'))))
    built.set(entry, url)
  }
  return url
}
