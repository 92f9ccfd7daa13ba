import path from 'node:path'

import { eq } from 'drizzle-orm'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { hashToken, PASSWORD_CHANGE_PREFIX } from '#server/api/session'
import { apiTokens, users } from '#server/db/schema'

import { createTestContext } from '../support/context'
import { mailsTo, temporaryPasswordFrom } from '../support/mail'

// The takeover of issue 9: a reset request for someone's email forced every session of
// the account into the change step, which then took a new password without any proof.
// Only a login with the mailed temporary password may open that step (ADR 009).

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

let n = 0
const outbox = () => path.join(t.ctx.config.dataDir, 'outbox')
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

async function registered() {
  const body = { name: 'Dona da Conta', email: `dona${++n}-${Date.now()}@teste.gabarita`, password: 'senha-real-1' }
  const res = await request(t.app).post('/api/v1/auth/register').send(body)
  expect(res.status).toBe(201)
  return { ...body, token: res.body.token as string }
}

async function askReset(email: string) {
  await request(t.app).post('/api/v1/auth/forgot-password').send({ email }).expect(200)
  return temporaryPasswordFrom(outbox(), email)!
}

const changeTemporary = (token: string, password: string) =>
  request(t.app)
    .put('/api/v1/auth/change-temporary-password')
    .set(bearer(token))
    .send({ new_password: password, confirm_password: password })

const login = (email: string, password: string) => request(t.app).post('/api/v1/auth/login').send({ email, password })

describe('a reset request changes no existing session', () => {
  it('leaves the owner’s session with full access and no pending change', async () => {
    const owner = await registered()
    await askReset(owner.email)
    const me = await request(t.app).get('/api/v1/auth/me').set(bearer(owner.token))
    expect(me.status).toBe(200)
    expect(me.body.data.requires_password_reset).toBe(false)
    expect((await request(t.app).get('/api/v1/profile').set(bearer(owner.token))).status).toBe(200)
  })

  it('refuses a new password on a session that did not log in with the temporary password', async () => {
    const owner = await registered()
    // Someone else holding a session of this account (e.g. a shared computer) asks for a reset...
    const other = (await login(owner.email, owner.password)).body.token as string
    await askReset(owner.email)
    // ...and tries the forced-change endpoint with it: no proof of the mail, no change.
    const attempt = await changeTemporary(other, 'senha-do-invasor')
    expect(attempt.status).toBe(400)
    expect(attempt.body).toEqual({ error: 'Não há troca de senha pendente para esta conta.' })
    // The owner's password still works and nothing was revoked.
    expect((await login(owner.email, owner.password)).status).toBe(200)
    expect((await login(owner.email, 'senha-do-invasor')).status).toBe(401)
    expect((await request(t.app).get('/api/v1/auth/me').set(bearer(owner.token))).status).toBe(200)
  })

  it('keeps the real password working while a temporary one is pending', async () => {
    const owner = await registered()
    await askReset(owner.email)
    const res = await login(owner.email, owner.password)
    expect(res.status).toBe(200)
    expect(res.body.requires_password_reset).toBe(false)
    expect(res.body.user.requires_password_reset).toBe(false)
    expect(res.body.token.startsWith(PASSWORD_CHANGE_PREFIX)).toBe(false)
  })
})

describe('the temporary-password login', () => {
  it('yields a short change-only token that becomes a full session once the password changes', async () => {
    const owner = await registered()
    const temporary = await askReset(owner.email)
    const temp = await login(owner.email, temporary)
    expect(temp.status).toBe(200)
    expect(temp.body.requires_password_reset).toBe(true)
    expect(temp.body.user.requires_password_reset).toBe(true)
    const token = temp.body.token as string
    const [row] = await t.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)))
    expect((row.expiresAt.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(60)
    expect(row.remember).toBe(false)

    // The random part alone is not a session: the prefix cannot be stripped for full access.
    expect(
      (
        await request(t.app)
          .get('/api/v1/auth/me')
          .set(bearer(token.slice(PASSWORD_CHANGE_PREFIX.length)))
      ).status,
    ).toBe(401)
    expect((await request(t.app).get('/api/v1/profile').set(bearer(token))).status).toBe(403)
    // The owner's other session is untouched by the temporary login itself.
    expect((await request(t.app).get('/api/v1/profile').set(bearer(owner.token))).status).toBe(200)

    expect((await changeTemporary(token, 'nova-senha-1')).status).toBe(200)
    const me = await request(t.app).get('/api/v1/auth/me').set(bearer(token))
    expect(me.status).toBe(200)
    expect(me.body.data.requires_password_reset).toBe(false)
    expect((await request(t.app).get('/api/v1/profile').set(bearer(token))).status).toBe(200)
    // Sessions from before the change are gone; only the new password logs in.
    expect((await request(t.app).get('/api/v1/auth/me').set(bearer(owner.token))).status).toBe(401)
    expect((await login(owner.email, owner.password)).status).toBe(401)
    expect((await login(owner.email, 'nova-senha-1')).status).toBe(200)
    // The upgraded session logs out like any other.
    expect((await request(t.app).post('/api/v1/auth/logout').set(bearer(token))).status).toBe(200)
    expect((await request(t.app).get('/api/v1/auth/me').set(bearer(token))).status).toBe(401)
  })

  it('is cancelled by the owner’s own login: the change-only token can no longer set a password', async () => {
    const owner = await registered()
    const temporary = await askReset(owner.email)
    const temp = (await login(owner.email, temporary)).body.token as string
    expect((await login(owner.email, owner.password)).status).toBe(200)
    const attempt = await changeTemporary(temp, 'outra-senha-1')
    expect(attempt.status).toBe(400)
    expect(attempt.body).toEqual({ error: 'Não há troca de senha pendente para esta conta.' })
    expect((await request(t.app).get('/api/v1/profile').set(bearer(temp))).status).toBe(403)
    expect((await login(owner.email, owner.password)).status).toBe(200)
  })

  it('does not mark the account: the users flag stays off through the whole flow', async () => {
    const owner = await registered()
    const temporary = await askReset(owner.email)
    await login(owner.email, temporary)
    const [row] = await t.db.select().from(users).where(eq(users.email, owner.email))
    expect(row.requiresPasswordReset).toBe(false)
    expect((await request(t.app).get('/api/v1/auth/me').set(bearer(owner.token))).body.data.requires_password_reset).toBe(false)
  })
})

// Issue 26 item 6: each request replaced the pending temporary password, and the 3-an-hour
// limit per email refused the owner too. A pending one now stays valid until used or expired.
describe('a second reset request', () => {
  it('keeps the pending temporary password: the owner’s mail still works and the next mail only reminds', async () => {
    const owner = await registered()
    const temporary = await askReset(owner.email)
    const [before] = await t.db.select().from(users).where(eq(users.email, owner.email))
    await request(t.app).post('/api/v1/auth/forgot-password').send({ email: owner.email }).expect(200)
    const [after] = await t.db.select().from(users).where(eq(users.email, owner.email))
    expect(after.tempPasswordHash).toBe(before.tempPasswordHash)
    expect(after.tempPasswordExpiresAt).toEqual(before.tempPasswordExpiresAt)
    const mails = mailsTo(outbox(), owner.email)
    expect(mails).toHaveLength(2)
    expect(mails[1]).toContain('A senha temporária que enviamos antes continua valendo até as')
    expect(mails[1]).not.toMatch(/SENHA: /)
    const res = await login(owner.email, temporary)
    expect(res.status).toBe(200)
    expect(res.body.requires_password_reset).toBe(true)
  })
})

// Issue 26 item 7: sign-up proves no address, so the account name was attacker text that we
// mailed to anyone. A mail carries at most a short greeting from it, with no link or domain.
describe('what the recovery mail carries', () => {
  it('greets by a short first name with no link or domain, and says the request can be ignored', async () => {
    const victim = `vitima-${Date.now()}@teste.gabarita`
    const name = 'Atenção:http://evil.example/pagar sua assinatura foi suspensa, pague em www.evil.example'
    await request(t.app).post('/api/v1/auth/register').send({ name, email: victim, password: 'senha-real-1' }).expect(201)
    await askReset(victim)
    const [mail] = mailsTo(outbox(), victim)
    const body = mail.slice(mail.indexOf('\n\n'))
    expect(body).not.toMatch(/evil|http|www|suspensa|pague/i)
    expect(body).toContain('\nOlá, Atenção!\n')
    expect(body).toContain('Se você não fez este pedido, ignore este email: sua senha atual continua valendo')

    const long = `long-${Date.now()}@teste.gabarita`
    await request(t.app)
      .post('/api/v1/auth/register')
      .send({ name: 'A'.repeat(100), email: long, password: 'senha-real-1' })
      .expect(201)
    await askReset(long)
    expect(mailsTo(outbox(), long)[0]).toContain(`Olá, ${'A'.repeat(40)}!\n`)

    const noLetters = `sem-letras-${Date.now()}@teste.gabarita`
    await request(t.app)
      .post('/api/v1/auth/register')
      .send({ name: '123.evil.example/x', email: noLetters, password: 'senha-real-1' })
      .expect(201)
    await askReset(noLetters)
    expect(mailsTo(outbox(), noLetters)[0]).toMatch(/\nOlá!\n/)
  })
})

describe('recovery limits', () => {
  let limited: Awaited<ReturnType<typeof createTestContext>>
  beforeAll(async () => {
    limited = await createTestContext({ rateLimit: true })
  })
  afterAll(() => limited.close())

  const ask = (ip: string, email: string) =>
    request(limited.app).post('/api/v1/auth/forgot-password').set('X-Forwarded-For', ip).send({ email })

  it('refuse an address, never the owner: requests for one account from elsewhere neither block nor flood it', async () => {
    const owner = { name: 'Dona', email: `dona-rec-${Date.now()}@teste.gabarita`, password: 'senha-real-1' }
    await request(limited.app).post('/api/v1/auth/register').set('X-Forwarded-For', '198.51.100.50').send(owner).expect(201)
    for (let ip = 1; ip <= 8; ip++) expect((await ask(`203.0.113.${ip}`, owner.email)).status).toBe(200)
    // The owner, from an address that has not asked, is answered as always.
    const own = await ask('198.51.100.51', owner.email)
    expect(own.status).toBe(200)
    expect(own.body.message).toBe('Se o email estiver cadastrado, você receberá instruções para recuperar sua senha')
    // One temporary password (still the first) and at most 3 mails in the hour.
    const mails = mailsTo(path.join(limited.ctx.config.dataDir, 'outbox'), owner.email)
    expect(mails.length).toBeLessThanOrEqual(3)
    expect(mails.filter((m) => /SENHA: /.test(m))).toHaveLength(1)
    const temporary = temporaryPasswordFrom(path.join(limited.ctx.config.dataDir, 'outbox'), owner.email)
    expect(temporary).toBeNull() // the newest mail is a reminder
    const first = /SENHA: (\S+)/.exec(mails[0])![1]
    expect(
      (
        await request(limited.app)
          .post('/api/v1/auth/login')
          .set('X-Forwarded-For', '198.51.100.51')
          .send({ email: owner.email, password: first })
      ).status,
    ).toBe(200)

    // One address asking too often is refused, whatever the account.
    for (let i = 0; i < 10; i++) expect((await ask('203.0.113.99', `x${i}@teste.gabarita`)).status).toBe(200)
    const refused = await ask('203.0.113.99', owner.email)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' })
  })
})
