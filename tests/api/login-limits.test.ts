import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestContext } from '../support/context'

// Issue 9: 10 wrong passwords from anywhere locked the owner out for 15 minutes. Now the
// tight limit is per email and address; the per-email ceiling is higher.

let t: Awaited<ReturnType<typeof createTestContext>>
const owner = { name: 'Dona', email: 'dona-limites@teste.gabarita', password: 'senha-certa-1' }
beforeAll(async () => {
  t = await createTestContext({ rateLimit: true })
  await request(t.app).post('/api/v1/auth/register').set('X-Forwarded-For', '198.51.100.200').send(owner).expect(201)
})
afterAll(() => t.close())

const login = (ip: string, password: string, email = owner.email) =>
  request(t.app).post('/api/v1/auth/login').set('X-Forwarded-For', ip).send({ email, password })

describe('login limits', () => {
  it('stop 10 wrong passwords from one address without locking the owner out from another', async () => {
    for (let i = 0; i < 10; i++) expect((await login('203.0.113.10', `errada-${i}`)).status).toBe(401)
    const blocked = await login('203.0.113.10', 'mais-uma')
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ error: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' })
    // The attacker's address is stopped even with the right password...
    expect((await login('203.0.113.10', owner.password)).status).toBe(429)
    // ...while the owner, elsewhere, signs in.
    const ok = await login('198.51.100.7', owner.password)
    expect(ok.status).toBe(200)
    expect(ok.body.token).toEqual(expect.any(String))
  })

  it('do not count the owner’s successful logins', async () => {
    for (let i = 0; i < 12; i++) expect((await login('198.51.100.8', owner.password)).status).toBe(200)
  })

  it('still cap one email’s failures across many addresses', async () => {
    const email = 'alvo-distribuido@teste.gabarita'
    for (let ip = 1; ip <= 5; ip++) {
      for (let i = 0; i < 10; i++) expect((await login(`192.0.2.${ip}`, `x${i}`, email)).status).toBe(401)
    }
    expect((await login('192.0.2.99', 'outra', email)).status).toBe(429)
  })
})
