import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { hashToken, SessionCache } from '#server/api/session'
import { apiTokens, users } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../tests/support/context'

// ADR 030: the server reuses the session behind a token it saw in the last seconds, and drops
// it when the database announces a change to the account or its tokens.

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext({}, { sessionCache: true })
})
afterAll(() => t.close())

const me = (auth: Record<string, string>) => request(t.app).get('/api/v1/auth/me').set(auth)

describe('the server’s session cache', () => {
  it('reuses a session without asking the database again', async () => {
    const s = await createTestUser(t.ctx, { name: 'Antes' })
    expect((await me(s.auth)).body.data.name).toBe('Antes')
    // A change nobody announces (the trigger off) is not seen while the session is kept.
    await t.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_session_changed_trg`)
    try {
      await t.db.update(users).set({ name: 'Depois' }).where(eq(users.id, s.user.id))
    } finally {
      await t.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_session_changed_trg`)
    }
    expect((await me(s.auth)).body.data.name).toBe('Antes')
  })

  it('refuses a token at once after logout', async () => {
    const s = await createTestUser(t.ctx)
    expect((await me(s.auth)).status).toBe(200)
    expect((await request(t.app).post('/api/v1/auth/logout').set(s.auth)).status).toBe(200)
    const after = await me(s.auth)
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ error: 'Sessão expirada' })
  })

  it('sees a plan or a revocation written straight to the database on the next call', async () => {
    const s = await createTestUser(t.ctx)
    expect((await me(s.auth)).body.data.plan_name).toBe('GRATUITO')
    await t.db.update(users).set({ planName: 'PREMIUM' }).where(eq(users.id, s.user.id))
    expect((await me(s.auth)).body.data.plan_name).toBe('PREMIUM')
    await t.db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(eq(apiTokens.tokenHash, hashToken(s.token)))
    expect((await me(s.auth)).status).toBe(401)
  })

  it('keeps a session no longer than its token lives', async () => {
    const s = await createTestUser(t.ctx)
    const token = 'token-que-vence-logo-0123456789abcdef'
    await t.db.insert(apiTokens).values({ userId: s.user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 800) })
    const auth = { Authorization: `Bearer ${token}` }
    expect((await me(auth)).status).toBe(200)
    await new Promise((r) => setTimeout(r, 900))
    expect((await me(auth)).status).toBe(401)
  })

  it.runIf(process.env.TEST_DATABASE_URL)('hears a change another server commits', async () => {
    const s = await createTestUser(t.ctx)
    expect((await me(s.auth)).body.data.plan_name).toBe('GRATUITO')
    // Another process: its own connection, outside this pool.
    const other = new pg.Client({ connectionString: t.databaseUrl })
    await other.connect()
    try {
      await other.query(`UPDATE users SET plan_name = 'BASICO' WHERE id = $1`, [s.user.id])
    } finally {
      await other.end()
    }
    const started = Date.now()
    let plan = (await me(s.auth)).body.data.plan_name
    while (plan !== 'BASICO' && Date.now() - started < 2_000) {
      await new Promise((r) => setTimeout(r, 20))
      plan = (await me(s.auth)).body.data.plan_name
    }
    expect(plan).toBe('BASICO')
  })
})

describe('SessionCache', () => {
  const expires = new Date(Date.now() + 60_000)

  it('does not keep what a lookup read before a change was heard', () => {
    const cache = new SessionCache<string>()
    cache.setListening(true)
    const began = cache.begin()
    cache.forgetUser('u1')
    cache.store('h1', 'sessão velha', 'u1', expires, began, Date.now())
    expect(cache.get('h1', Date.now())).toBeUndefined()
    cache.store('h1', 'sessão nova', 'u1', expires, cache.begin(), Date.now())
    expect(cache.get('h1', Date.now())).toBe('sessão nova')
  })

  it('forgets only the changed account, and everything when it stops hearing', () => {
    const cache = new SessionCache<string>(10_000)
    cache.setListening(true)
    const now = Date.now()
    cache.store('h1', 'a', 'u1', expires, cache.begin(), now)
    cache.store('h2', 'b', 'u2', expires, cache.begin(), now)
    cache.forgetUser('u1')
    expect([cache.get('h1', now), cache.get('h2', now)]).toEqual([undefined, 'b'])
    expect(cache.get('h2', now + 10_001)).toBeUndefined()
    cache.store('h2', 'b', 'u2', expires, cache.begin(), now)
    cache.setListening(false)
    expect(cache.get('h2', now)).toBeUndefined()
    cache.store('h2', 'b', 'u2', expires, cache.begin(), now)
    expect(cache.get('h2', now)).toBeUndefined()
  })
})
