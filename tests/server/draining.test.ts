import http from 'node:http'

import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DRAINING_HEADER, markDraining, startDraining } from '#server/shared/draining'

import { createTestContext } from '../support/context'

// A graceful stop (server/main.ts) keeps answering while the requests in flight finish; the
// proxy in front must learn at once that this server is leaving (scripts/scale/cluster.ts stops
// sending it new requests). Module state: this file has its own process state (vitest isolates
// files), so draining here cannot leak into other tests.

let t: Awaited<ReturnType<typeof createTestContext>>

beforeAll(async () => {
  t = await createTestContext()
})
afterAll(async () => {
  await t.close()
})

describe('a server that is stopping', () => {
  it('answers health 200 before, then 503 "draining" once the stop has begun', async () => {
    const before = await request(t.app).get('/api/v1/health')
    expect(before.status).toBe(200)
    expect(before.body.status).toBe('ok')
    expect(before.headers[DRAINING_HEADER]).toBeUndefined()

    startDraining([])
    const after = await request(t.app).get('/api/v1/health')
    expect(after.status).toBe(503)
    expect(after.body.status).toBe('draining')
  })

  it('marks an answer whose headers are not sent yet, and leaves one already sent alone', async () => {
    const server = http.createServer((_req, res) => {
      markDraining(res)
      res.end('ok')
      markDraining(res) // after the headers went out: nothing to change, and no throw
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const { port } = server.address() as { port: number }
      const res = await fetch(`http://127.0.0.1:${port}/`)
      expect(res.headers.get(DRAINING_HEADER)).toBe('1')
      expect(res.headers.get('connection')).toBe('close')
      expect(await res.text()).toBe('ok')
    } finally {
      await new Promise((r) => server.close(r))
    }
  })
})
