import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestContext } from '../support/context'

// Issue 9: 10 wrong passwords from anywhere locked the owner out for 15 minutes. Issue 26:
// 50 wrong passwords from 5 addresses still did (a per-account ceiling), and the per-address
// limit counted successful logins. Now only failures count, per (account, address) with
// growing waits and per address; nothing is per account alone (ADR 035).

let t: Awaited<ReturnType<typeof createTestContext>>
const owner = { name: 'Dona', email: 'dona-limites@teste.gabarita', password: 'senha-certa-1' }
beforeAll(async () => {
  t = await createTestContext({ rateLimit: true })
  await request(t.app).post('/api/v1/auth/register').set('X-Forwarded-For', '198.51.100.200').send(owner).expect(201)
})
afterAll(() => t.close())

const login = (ip: string, password: string, email = owner.email) =>
  request(t.app).post('/api/v1/auth/login').set('X-Forwarded-For', ip).send({ email, password })

const TOO_MANY = { error: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' }

describe('login limits', () => {
  it('slow down wrong passwords from one address without locking the owner out from another', async () => {
    for (let i = 0; i < 5; i++) expect((await login('203.0.113.10', `errada-${i}`)).status).toBe(401)
    const blocked = await login('203.0.113.10', 'mais-uma')
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual(TOO_MANY)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60)
    // The guessing address waits even with the right password...
    expect((await login('203.0.113.10', owner.password)).status).toBe(429)
    // ...while the owner, elsewhere, signs in.
    const ok = await login('198.51.100.7', owner.password)
    expect(ok.status).toBe(200)
    expect(ok.body.token).toEqual(expect.any(String))
  })

  it('make the wait grow for an address that keeps trying through it', async () => {
    const email = 'insistente@teste.gabarita'
    const waits: number[] = []
    for (let i = 0; i < 22; i++) {
      const res = await login('203.0.113.20', `x${i}`, email)
      expect([401, 429]).toContain(res.status)
      if (res.status === 429) waits.push(Number(res.headers['retry-after']))
    }
    // A minute, then the rest of 15 minutes, then the rest of the hour.
    expect(waits[0]).toBeLessThanOrEqual(60)
    expect(Math.max(...waits)).toBeGreaterThan(15 * 60)
    // Never shorter than the one before, but for the seconds that pass between two tries (a
    // window's Retry-After counts down: on a loaded machine a try can take over a second).
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]! - 5)
  })

  it('do not count successful logins: a 31st student behind one school address signs in', async () => {
    for (let i = 0; i < 35; i++) expect((await login('198.51.100.8', owner.password)).status).toBe(200)
  })

  it('never refuse the right password from a fresh address, whatever failed elsewhere', async () => {
    // 50 wrong passwords for the owner's account from 5 addresses...
    for (let ip = 1; ip <= 5; ip++) {
      for (let i = 0; i < 10; i++) expect([401, 429]).toContain((await login(`192.0.2.${ip}`, `x${i}`)).status)
    }
    // ...leave the account open from any address that has not failed.
    expect((await login('192.0.2.99', 'outra')).status).toBe(401)
    expect((await login('192.0.2.100', owner.password)).status).toBe(200)
  })

  it('stop one address guessing across many accounts after 30 failures', async () => {
    for (let i = 0; i < 30; i++) expect((await login('203.0.113.30', 'x', `conta${i}@teste.gabarita`)).status).toBe(401)
    const blocked = await login('203.0.113.30', 'x', 'conta-nova@teste.gabarita')
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual(TOO_MANY)
    expect((await login('203.0.113.31', owner.password)).status).toBe(200)
  })
})
