import path from 'node:path'

/** The project root: GABARITA_ROOT, else the working directory (npm scripts, Docker WORKDIR). */
export function projectRoot() {
  return path.resolve(process.env.GABARITA_ROOT ?? process.cwd())
}

/** Where `npm run build` wrote the server, Remix and asset bundles (BUILD_DIR, default build/). */
export function buildDir() {
  return path.resolve(projectRoot(), process.env.BUILD_DIR || 'build')
}
