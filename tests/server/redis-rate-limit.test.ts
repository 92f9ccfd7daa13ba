import crypto from 'node:crypto'

import express from 'express'
import request from 'supertest'
import { afterAll, describe, expect, it } from 'vitest'

import { limiter } from '#server/api/rate-limit'
import type { AppContext } from '#server/context'
import { closeSharedRedis } from '#server/shared/redis'

import { reachable } from '../../scripts/scale/cluster'

// ADR 019: with REDIS_URL a limit is one counter for every server; without Redis answering,
// requests pass (a Redis outage must not take logins down) and never hang.
const REDIS = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisUp = await reachable(REDIS)
if (!redisUp) console.warn(`[redis-rate-limit] parte ignorada: Redis não responde em ${REDIS}`)

function server(redisUrl: string, name: string) {
  const ctx = { config: { rateLimit: true, REDIS_URL: redisUrl } } as unknown as AppContext
  const app = express()
  app.set('trust proxy', 'loopback')
  app.get('/x', limiter(ctx, { name, windowMs: 60_000, limit: 3 }), (_req, res) => res.json({ ok: true }))
  return app
}

afterAll(async () => closeSharedRedis())

describe('rate limits in Redis', () => {
  it.skipIf(!redisUp)('one limit across two servers', async () => {
    const name = `teste-${crypto.randomBytes(4).toString('hex')}`
    const a = server(REDIS, name)
    const b = server(REDIS, name)
    const statuses = []
    for (const app of [a, b, a]) statuses.push((await request(app).get('/x')).status)
    expect(statuses).toEqual([200, 200, 200])
    for (const app of [a, b]) {
      const res = await request(app).get('/x')
      expect(res.status).toBe(429)
      expect(res.body.error).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.')
    }
  })

  it('lets requests through, quickly, when Redis does not answer', async () => {
    const app = server('redis://127.0.0.1:1', `fora-${crypto.randomBytes(4).toString('hex')}`)
    const started = Date.now()
    for (let i = 0; i < 5; i++) expect((await request(app).get('/x')).status).toBe(200)
    expect(Date.now() - started).toBeLessThan(15_000)
  }, 30_000)
})
