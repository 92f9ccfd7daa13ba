import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDraining } from '#server/shared/draining'

import { createTestContext } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

// GET /health against its contract (ADR 038): 200 while the server takes work, 503 with the same
// body once it is stopping.

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('GET /api/v1/health', () => {
  it('reports the database kind and the version', async () => {
    const res = await contractRequest(t.app).get('/api/v1/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.any(String),
    })
  })
})

describe('a stopping server', () => {
  // Last in this file: the flag is the process's (each test file runs in its own module graph).
  it('answers 503 with the same body, status draining', async () => {
    startDraining([])
    const res = await contractRequest(t.app).get('/api/v1/health')
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ status: 'draining', version: expect.any(String) })
  })
})
