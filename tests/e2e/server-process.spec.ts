import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

// Process-level behaviour of the built server (not a browser flow: run once).
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'process test runs once, in the js-on project')

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR || 'build'}/server/index.js`], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

// A cold PGlite start (WASM load + migrations) takes seconds, more on a loaded CI machine.
async function waitForHealth(port: number) {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      if (res.ok) return res.json()
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

test('one PGlite directory, one server; SIGTERM lets requests finish and shuts down cleanly', async () => {
  test.setTimeout(90_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-proc-'))
  const port = 3190 + Math.floor(Math.random() * 9)
  const first = startServer(dataDir, port)
  try {
    const health = await waitForHealth(port).catch((error) => {
      throw new Error(`${error.message}: ${first.output()}`)
    })
    expect(health).toMatchObject({ status: 'ok', database: 'pglite' })

    const second = startServer(dataDir, port + 10)
    const code = await second.exited
    expect(code).not.toBe(0)
    expect(second.output()).toContain(`O diretório de dados ${dataDir} já está em uso pelo processo ${first.child.pid}`)

    // Pages caught mid-render by SIGTERM still finish (their loopback API calls included).
    const inFlight = Array.from({ length: 8 }, () => fetch(`http://127.0.0.1:${port}/questoes`).then((r) => r.status))
    await new Promise((r) => setTimeout(r, 15))
    first.child.kill('SIGTERM')
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(200))
    expect(await first.exited).toBe(0)
    expect(fs.existsSync(path.join(dataDir, 'gabarita.lock'))).toBe(false)
  } finally {
    first.child.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
