import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The run's directory of prepared data directories (tests/e2e/oab-server.ts): made fresh for every
 * run, so a copy never outlives the build and the fixtures it was made with, and removed after it.
 * The workers find it in GABARITA_E2E_TEMPLATES.
 */
export default function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-e2e-prepared-'))
  process.env.GABARITA_E2E_TEMPLATES = dir
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
