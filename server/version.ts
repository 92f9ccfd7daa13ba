import fs from 'node:fs'
import path from 'node:path'

import { buildDir, projectRoot } from './paths'

export type BuildInfo = {
  version: string
  commit: string
  branch: string
  buildDate: string
  commitDate: string
}

let cached: BuildInfo | undefined

/**
 * Captured at build time by scripts/version.mjs into build/version.json, so it
 * works where git is absent (the Docker image). Falls back to package.json.
 */
export function buildInfo(): BuildInfo {
  if (cached) return cached
  const root = projectRoot()
  try {
    cached = JSON.parse(fs.readFileSync(path.join(buildDir(), 'version.json'), 'utf8')) as BuildInfo
  } catch {
    let version = '0.0.0'
    try {
      version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version
    } catch {
      // no package.json beside us
    }
    cached = { version, commit: 'desconhecido', branch: 'desconhecido', buildDate: '', commitDate: '' }
  }
  return cached
}
