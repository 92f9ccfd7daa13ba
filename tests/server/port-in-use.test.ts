import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migratedDataDir } from '../support/context'

// Issue 9: a port already in use printed a stack trace and left the PGlite lock behind, so
// the next start was refused too. The real start-up runs here (API only, no Remix build).

let blocker: net.Server
let port = 0
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-port-'))
beforeAll(async () => {
  blocker = net.createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  port = (blocker.address() as AddressInfo).port
  // What is checked is the port, not the migrations: the start opens a migrated directory.
  await migratedDataDir(dataDir)
})
afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function start() {
  const script = `
    import { startServer } from './server/main.ts'
    await startServer({ loadRemixBuild: async () => undefined })
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  )
}

describe('a port already in use', () => {
  it('stops the server with one Portuguese line, exit 1 and the lock released', { timeout: 90_000 }, async () => {
    const { code, stdout, stderr } = await start()
    expect(code).toBe(1)
    expect(stderr.trim()).toBe(`Erro: A porta ${port} já está em uso.`)
    expect(stdout + stderr).not.toMatch(/\n\s+at /)
    // No stale lock: the next start is judged on the port alone.
    expect(fs.existsSync(path.join(dataDir, 'gabarita.lock'))).toBe(false)
  })
})
