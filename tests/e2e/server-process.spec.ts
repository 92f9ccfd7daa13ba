import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { copyOf, seededDir } from './oab-server'
import { freePort, spawnServer, waitForHealth } from './utils'

// Process-level behaviour of the built server (not a browser flow: run once).
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'process test runs once, in the js-on project')

test('one PGlite directory, one server; SIGTERM lets requests finish and shuts down cleanly', async () => {
  test.setTimeout(90_000)
  // A copy of the run's seeded directory: the lock and the shutdown are the subject, not the first migration.
  const dataDir = copyOf(await seededDir(), 'gabarita-proc-')
  const port = await freePort()
  const first = spawnServer(dataDir, port)
  try {
    const health = await waitForHealth(port, first.output, 60_000)
    expect(health).toMatchObject({ status: 'ok', database: 'pglite' })

    const second = spawnServer(dataDir, await freePort())
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
