import path from 'node:path'

import { eq } from 'drizzle-orm'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { hashToken } from '#server/api/session'
import { createApp } from '#server/app'
import { apiTokens, profiles, users } from '#server/db/schema'

import { createTestContext } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { captureLogs } from '../../../tests/support/log-capture'
import { mailsTo, temporaryPasswordFrom } from '../../../tests/support/mail'

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

let n = 0
const email = (prefix = 'aluna') => `${prefix}${++n}-${Date.now()}@teste.gabarita`

async function registerUser(overrides: Record<string, unknown> = {}) {
  const body = { name: 'Maria Silva', email: email(), password: 'senha123', ...overrides }
  const res = await contractRequest(t.app).post('/api/v1/auth/register').send(body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { ...body, token: res.body.token as string, id: res.body.user.id as string }
}

const outbox = () => path.join(t.ctx.config.dataDir, 'outbox')

describe('POST /auth/register', () => {
  it('creates the account with an argon2id hash and signs the user in', async () => {
    const address = email()
    const res = await contractRequest(t.app)
      .post('/api/v1/auth/register')
      .send({ name: '  Maria Silva ', email: address.toUpperCase(), phone: '(11) 99999-0000', password: 'senha123' })
    expect(res.status).toBe(201)
    expect(res.body.token).toEqual(expect.any(String))
    expect(res.body.user).toMatchObject({
      email: address,
      name: 'Maria Silva',
      phone: '(11) 99999-0000',
      plan_name: 'GRATUITO',
      is_admin: false,
      requires_password_reset: false,
    })
    expect(res.body.policy.plan_name).toBe('GRATUITO')
    expect(res.body.policy.limits.questionsPerWeek).toBe(5)
    const [row] = await t.db.select().from(users).where(eq(users.email, address))
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row.passwordHash).not.toContain('senha123')
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, row.id))).toHaveLength(1)
    const me = await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${res.body.token}`)
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe(address)
  })

  it('refuses a duplicate email (any case) with 409', async () => {
    const user = await registerUser()
    const res = await contractRequest(t.app)
      .post('/api/v1/auth/register')
      .send({ name: 'Outra', email: user.email.toUpperCase(), password: 'outrasenha' })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ error: 'Este email já está cadastrado' })
  })

  it.each([
    [{ email: 'a@b.com', password: 'senha123' }, 'Nome é obrigatório'],
    [{ name: '   ', email: 'a@b.com', password: 'senha123' }, 'Nome é obrigatório'],
    [{ name: 'Ana', password: 'senha123' }, 'Email é obrigatório'],
    [{ name: 'Ana', email: '   ', password: 'senha123' }, 'Email é obrigatório'],
    [{ name: 'Ana', email: 'não-é-email', password: 'senha123' }, 'Email inválido'],
    [{ name: 'Ana', email: 'a@b.com' }, 'Senha é obrigatória'],
    [{ name: 'Ana', email: 'a@b.com', password: '12345' }, 'A senha deve ter pelo menos 6 caracteres'],
    [{ name: 'Ana', email: 'a@b.com', password: 'senha123', confirm_password: 'senha124' }, 'As senhas não coincidem'],
  ])('answers 400 for %j', async (body, message) => {
    const res = await contractRequest(t.app).post('/api/v1/auth/register').send(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: message })
  })

  it('refuses a form-encoded body (415) and an oversized one (413)', async () => {
    const form = await contractRequest(t.app).post('/api/v1/auth/register').type('form').send('name=Ana&email=a@b.com&password=senha123')
    expect(form.status).toBe(415)
    expect(form.body.error).toMatch(/application\/json/)
    const big = await contractRequest(t.app)
      .post('/api/v1/auth/register')
      .send({ name: 'x'.repeat(200_000), email: 'a@b.com', password: 'senha123' })
    expect(big.status).toBe(413)
    expect(big.body).toEqual({ error: 'Requisição muito grande' })
    const broken = await contractRequest(t.app).post('/api/v1/auth/register').set('content-type', 'application/json').send('{"name":')
    expect(broken.status).toBe(400)
  })
})

describe('POST /auth/login', () => {
  it('answers token, user, profile, policy, requires_password_reset and message', async () => {
    const user = await registerUser()
    const res = await contractRequest(t.app)
      .post('/api/v1/auth/login')
      .send({ email: ` ${user.email.toUpperCase()} `, password: user.password })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      token: expect.any(String),
      user: { id: user.id, email: user.email, name: 'Maria Silva' },
      profile: { notifications_enabled: true, year: null },
      policy: { plan_name: 'GRATUITO' },
      requires_password_reset: false,
      message: 'Login realizado com sucesso!',
    })
  })

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const user = await registerUser()
    const wrong = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: 'errada123' })
    const unknown = await contractRequest(t.app)
      .post('/api/v1/auth/login')
      .send({ email: email('ninguem'), password: 'errada123' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ error: 'Email ou senha incorretos' })
    expect(unknown.body).toEqual(wrong.body)
  })

  it('requires email and password', async () => {
    const noPassword = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: 'a@b.com' })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toEqual({ error: 'Senha é obrigatória' })
    const blank = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: '', password: 'x' })
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({ error: 'Email é obrigatório' })
  })

  it('issues a long-lived token when remembered and a short one otherwise', async () => {
    const user = await registerUser()
    const long = await contractRequest(t.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: user.password, remember: true })
    const short = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: user.password })
    const expiry = async (token: string) => {
      const [row] = await t.db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, hashToken(token)))
      return (row.expiresAt.getTime() - Date.now()) / 3_600_000
    }
    expect(await expiry(long.body.token)).toBeGreaterThan(29 * 24)
    const hours = await expiry(short.body.token)
    expect(hours).toBeGreaterThan(11)
    expect(hours).toBeLessThan(13)
  })
})

describe('tokens: /auth/me, expiry, logout', () => {
  it('answers the user in snake_case under data, with the policy GET /policy answers and the API’s time', async () => {
    const user = await registerUser({ phone: '1234' })
    const res = await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${user.token}`)
    expect(res.status).toBe(200)
    const policy = await contractRequest(t.app).get('/api/v1/policy').set('Authorization', `Bearer ${user.token}`)
    expect(res.body.policy).toEqual(policy.body)
    expect(res.body.policy.plan_name).toBe('GRATUITO')
    // The API's time, which the pages use instead of their own clock (issue 62 §5).
    expect(Math.abs(Date.parse(res.body.now) - Date.now())).toBeLessThan(60_000)
    const { policy: _policy, now: _now, ...rest } = res.body
    expect(rest).toEqual({
      success: true,
      data: {
        id: user.id,
        email: user.email,
        name: 'Maria Silva',
        phone: '1234',
        avatar_url: null,
        mascot: null,
        plan_name: 'GRATUITO',
        is_admin: false,
        is_professor: false,
        requires_password_reset: false,
      },
    })
  })

  it('answers 401 without a token and for an unknown one', async () => {
    expect((await contractRequest(t.app).get('/api/v1/auth/me')).status).toBe(401)
    const bad = await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', 'Bearer nao-existe')
    expect(bad.status).toBe(401)
    expect(bad.body).toEqual({ error: 'Sessão expirada' })
  })

  it('refuses an expired token with 401 Sessão expirada', async () => {
    const user = await registerUser()
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.tokenHash, hashToken(user.token)))
    const res = await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${user.token}`)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'Sessão expirada' })
  })

  it('revokes the token on logout, leaving other sessions alone', async () => {
    const user = await registerUser()
    const other = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: user.password })
    const out = await contractRequest(t.app).post('/api/v1/auth/logout').set('Authorization', `Bearer ${user.token}`)
    expect(out.status).toBe(200)
    expect(out.body.success).toBe(true)
    const [row] = await t.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(user.token)))
    expect(row.revokedAt).not.toBeNull()
    expect((await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${user.token}`)).status).toBe(401)
    expect((await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${other.body.token}`)).status).toBe(200)
    expect((await contractRequest(t.app).post('/api/v1/auth/logout')).status).toBe(401)
  })
})

describe('forgot password and the temporary password', () => {
  it('answers the same generic message whether or not the email exists, mailing only real accounts', async () => {
    const user = await registerUser()
    const unknownAddress = email('ninguem')
    const known = await contractRequest(t.app).post('/api/v1/auth/forgot-password').send({ email: user.email })
    const unknown = await contractRequest(t.app).post('/api/v1/auth/forgot-password').send({ email: unknownAddress })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual({
      success: true,
      message: 'Se o email estiver cadastrado, você receberá instruções para recuperar sua senha',
    })
    expect(unknown.body).toEqual(known.body)
    expect(mailsTo(outbox(), user.email)).toHaveLength(1)
    expect(mailsTo(outbox(), unknownAddress)).toHaveLength(0)
  })

  it('asks for a valid email', async () => {
    for (const body of [{}, { email: '' }, { email: 'abc' }]) {
      const res = await contractRequest(t.app).post('/api/v1/auth/forgot-password').send(body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: 'Por favor, digite um email válido' })
    }
  })

  it('runs the whole temporary-password flow', async () => {
    const user = await registerUser()
    const before = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: user.password })
    await contractRequest(t.app).post('/api/v1/auth/forgot-password').send({ email: user.email }).expect(200)
    const temporary = temporaryPasswordFrom(outbox(), user.email)
    expect(temporary).toMatch(/^[A-Za-z0-9]{12}$/)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    // The request marks no session: only a login with the temporary password opens the change step.
    expect(row.tempPasswordHash).toMatch(/^\$argon2id\$/)
    const hoursLeft = (row.tempPasswordExpiresAt!.getTime() - Date.now()) / 3_600_000
    expect(hoursLeft).toBeGreaterThan(0.9)
    expect(hoursLeft).toBeLessThanOrEqual(1)

    const login = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: temporary, remember: true })
    expect(login.status).toBe(200)
    expect(login.body.requires_password_reset).toBe(true)
    expect(login.body.message).toBe('É necessário alterar sua senha para continuar.')
    const temp = `Bearer ${login.body.token}`

    // The temporary token opens only me, logout and the change step.
    const blocked = await contractRequest(t.app).get('/api/v1/profile').set('Authorization', temp)
    expect(blocked.status).toBe(403)
    expect(blocked.body).toEqual({ error: 'É necessário alterar sua senha para continuar.' })
    expect(
      (
        await contractRequest(t.app)
          .put('/api/v1/auth/change-password')
          .set('Authorization', temp)
          .send({ new_password: 'abcdef', confirm_password: 'abcdef' })
      ).status,
    ).toBe(403)
    const me = await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', temp)
    expect(me.status).toBe(200)
    expect(me.body.data.requires_password_reset).toBe(true)

    const mismatch = await contractRequest(t.app)
      .put('/api/v1/auth/change-temporary-password')
      .set('Authorization', temp)
      .send({ new_password: 'novasenha1', confirm_password: 'novasenha2' })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toEqual({ error: 'As senhas não coincidem' })
    const short = await contractRequest(t.app)
      .put('/api/v1/auth/change-temporary-password')
      .set('Authorization', temp)
      .send({ new_password: '123', confirm_password: '123' })
    expect(short.body).toEqual({ error: 'A senha deve ter pelo menos 6 caracteres' })

    const ok = await contractRequest(t.app)
      .put('/api/v1/auth/change-temporary-password')
      .set('Authorization', temp)
      .send({ new_password: 'novasenha1', confirm_password: 'novasenha1' })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ success: true, message: 'Senha alterada com sucesso' })
    // The same token now works everywhere; sessions from before the reset are gone.
    expect((await contractRequest(t.app).get('/api/v1/profile').set('Authorization', temp)).status).toBe(200)
    expect((await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${before.body.token}`)).status).toBe(401)
    expect((await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: temporary })).status).toBe(401)
    expect((await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: user.password })).status).toBe(401)
    const fresh = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: 'novasenha1' })
    expect(fresh.body.requires_password_reset).toBe(false)
    // Nothing left to change.
    const again = await contractRequest(t.app)
      .put('/api/v1/auth/change-temporary-password')
      .set('Authorization', temp)
      .send({ new_password: 'novasenha3', confirm_password: 'novasenha3' })
    expect(again.status).toBe(400)
  })

  it('keeps the real password working: a reset asked by someone else locks nobody out', async () => {
    const user = await registerUser()
    await contractRequest(t.app).post('/api/v1/auth/forgot-password').send({ email: user.email }).expect(200)
    const temporary = temporaryPasswordFrom(outbox(), user.email)!
    const login = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: user.password })
    expect(login.status).toBe(200)
    expect(login.body.requires_password_reset).toBe(false)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row.requiresPasswordReset).toBe(false)
    expect(row.tempPasswordHash).toBeNull()
    // The pending temporary password died with that login.
    expect((await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: temporary })).status).toBe(401)
  })

  it('refuses a temporary password older than one hour', async () => {
    const user = await registerUser()
    await contractRequest(t.app).post('/api/v1/auth/forgot-password').send({ email: user.email }).expect(200)
    const temporary = temporaryPasswordFrom(outbox(), user.email)!
    await t.db
      .update(users)
      .set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
    const res = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: temporary })
    expect(res.status).toBe(401)
    expect(res.body.error).toMatch(/senha temporária expirou/)
  })
})

describe('PUT /auth/change-password', () => {
  it('checks the current password, then revokes every other session', async () => {
    const user = await registerUser()
    const other = await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: user.password })
    const auth = `Bearer ${user.token}`
    const wrong = await contractRequest(t.app)
      .put('/api/v1/auth/change-password')
      .set('Authorization', auth)
      .send({ current_password: 'errada', new_password: 'novasenha', confirm_password: 'novasenha' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ error: 'Senha atual incorreta' })
    const mismatch = await contractRequest(t.app)
      .put('/api/v1/auth/change-password')
      .set('Authorization', auth)
      .send({ current_password: user.password, new_password: 'novasenha', confirm_password: 'outra' })
    expect(mismatch.body).toEqual({ error: 'As senhas não coincidem' })
    const ok = await contractRequest(t.app)
      .put('/api/v1/auth/change-password')
      .set('Authorization', auth)
      .send({ current_password: user.password, new_password: 'novasenha', confirm_password: 'novasenha' })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ success: true, message: 'Senha alterada com sucesso' })
    expect((await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', auth)).status).toBe(200)
    expect((await contractRequest(t.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${other.body.token}`)).status).toBe(401)
    expect((await contractRequest(t.app).post('/api/v1/auth/login').send({ email: user.email, password: 'novasenha' })).status).toBe(200)
  })

  it('needs a token', async () => {
    const res = await contractRequest(t.app)
      .put('/api/v1/auth/change-password')
      .send({ new_password: 'novasenha', confirm_password: 'novasenha' })
    expect(res.status).toBe(401)
  })
})

describe('rate limits', () => {
  let limited: Awaited<ReturnType<typeof createTestContext>>
  beforeAll(async () => {
    limited = await createTestContext({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it('slows down wrong passwords for one email from one address (429 in Portuguese)', async () => {
    const target = 'alvo@teste.gabarita'
    for (let i = 0; i < 5; i++) {
      const res = await contractRequest(limited.app)
        .post('/api/v1/auth/login')
        .send({ email: target, password: `tentativa${i}` })
      expect(res.status).toBe(401)
    }
    const blocked = await contractRequest(limited.app).post('/api/v1/auth/login').send({ email: target, password: 'mais-uma' })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ error: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' })
    // Another email from the same IP is still allowed (the per-IP limit is higher; tests/api/login-limits.test.ts).
    expect(
      (await contractRequest(limited.app).post('/api/v1/auth/login').send({ email: 'outro@teste.gabarita', password: 'x' })).status,
    ).toBe(401)
  })

  it('limits registrations per IP', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await contractRequest(limited.app)
        .post('/api/v1/auth/register')
        .send({ name: 'Ana', email: `ip${i}@teste.gabarita`, password: 'senha123' })
      expect(res.status).toBe(201)
    }
    const blocked = await contractRequest(limited.app)
      .post('/api/v1/auth/register')
      .send({ name: 'Ana', email: 'ip-extra@teste.gabarita', password: 'senha123' })
    expect(blocked.status).toBe(429)
  })

  it('limits forgot-password per address with the same answer for unknown addresses', async () => {
    // Per address, not per email: the owner must never share a limit with whoever asks for them.
    for (let i = 0; i < 10; i++) {
      expect(
        (await contractRequest(limited.app).post('/api/v1/auth/forgot-password').send({ email: 'sumido@teste.gabarita' })).status,
      ).toBe(200)
    }
    const blocked = await contractRequest(limited.app).post('/api/v1/auth/forgot-password').send({ email: 'outro-sumido@teste.gabarita' })
    expect(blocked.status).toBe(429)
    expect(blocked.body.error).toMatch(/^Muitas tentativas/)
  })
})

describe('Google login (OpenID Connect)', () => {
  it('answers a clear 503 when it is not configured, logged as the documented answer it is, not as an error', async () => {
    const log = captureLogs('info')
    const app = createApp({ ...t.ctx, logger: log.logger })
    const res = await contractRequest(app).get('/api/v1/auth/google')
    expect(res.status).toBe(503)
    expect(res.body).toEqual({ error: 'Login com Google não está configurado neste servidor.' })
    const cb = await contractRequest(app).get('/api/v1/auth/google/callback?code=x&state=y')
    expect(cb.status).toBe(503)
    // Issue 37 §5: each of these was a 'request errored' line at error level.
    const lines = log.lines.map((line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number } })
    expect(lines.filter((l) => l.res?.statusCode === 503).map((l) => [l.level, l.msg])).toEqual([
      [30, 'request completed'],
      [30, 'request completed'],
    ])
    expect(lines.filter((l) => l.level >= 40)).toEqual([])
  })

  describe('against a local OIDC provider', () => {
    let provider: OAuth2Server
    let g: Awaited<ReturnType<typeof createTestContext>>
    let claims: Record<string, unknown> = {}
    const redirectUri = 'http://127.0.0.1:9/auth/google/callback'

    beforeAll(async () => {
      provider = new OAuth2Server()
      await provider.issuer.keys.generate('RS256')
      await provider.start(0, '127.0.0.1')
      provider.service.on('beforeTokenSigning', (token) => {
        Object.assign(token.payload, claims)
      })
      g = await createTestContext({
        GOOGLE_ISSUER: provider.issuer.url!,
        GOOGLE_CLIENT_ID: 'gabarita-test',
        GOOGLE_CLIENT_SECRET: 'segredo',
        GOOGLE_REDIRECT_URI: redirectUri,
      })
    })
    afterAll(async () => {
      await g.close()
      await provider.stop()
    })

    /** The provider's answer to the browser: the query of the redirect back to us. */
    async function authorize() {
      const start = await contractRequest(g.app).get('/api/v1/auth/google')
      expect(start.status).toBe(200)
      const authUrl = new URL(start.body.auth_url)
      expect(authUrl.origin).toBe(new URL(provider.issuer.url!).origin)
      expect(authUrl.searchParams.get('redirect_uri')).toBe(redirectUri)
      expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256')
      const res = await fetch(authUrl, { redirect: 'manual' })
      const back = new URL(res.headers.get('location')!)
      expect(back.origin + back.pathname).toBe(redirectUri)
      return Object.fromEntries(back.searchParams)
    }

    it('creates the account on the first login and finds it on the next', async () => {
      const address = email('google')
      claims = { sub: `google-${address}`, email: address, email_verified: true, name: 'Gina Google' }
      const first = await contractRequest(g.app)
        .get('/api/v1/auth/google/callback')
        .query(await authorize())
      expect(first.status).toBe(200)
      expect(first.body).toEqual({
        success: true,
        data: { token: expect.any(String), is_new_user: true, requires_password_reset: false, password_removed: false },
      })
      const me = await contractRequest(g.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${first.body.data.token}`)
      expect(me.body.data).toMatchObject({ email: address, name: 'Gina Google' })

      const second = await contractRequest(g.app)
        .get('/api/v1/auth/google/callback')
        .query(await authorize())
      expect(second.status).toBe(200)
      expect(second.body.data.is_new_user).toBe(false)
      const [row] = await g.db.select().from(users).where(eq(users.email, address))
      expect(row.googleSub).toBe(`google-${address}`)
      expect(row.passwordHash).toBeNull()
    })

    it('links an existing password account with the same email, dropping the unproven password and its sessions', async () => {
      // Someone signs up with the owner's address before the owner ever comes (pre-hijacking).
      const reg = await contractRequest(g.app)
        .post('/api/v1/auth/register')
        .send({ name: 'Paula', email: email('link'), password: 'senha123' })
      const squatterToken = reg.body.token as string
      expect((await contractRequest(g.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${squatterToken}`)).status).toBe(200)
      claims = { sub: `sub-${reg.body.user.id}`, email: reg.body.user.email, email_verified: true }
      const res = await contractRequest(g.app)
        .get('/api/v1/auth/google/callback')
        .query(await authorize())
      expect(res.body.data).toMatchObject({ is_new_user: false, password_removed: true })
      const me = await contractRequest(g.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${res.body.data.token}`)
      expect(me.body.data.id).toBe(reg.body.user.id)
      // The squatter's session and password no longer open the account.
      expect((await contractRequest(g.app).get('/api/v1/auth/me').set('Authorization', `Bearer ${squatterToken}`)).status).toBe(401)
      const relogin = await contractRequest(g.app).post('/api/v1/auth/login').send({ email: reg.body.user.email, password: 'senha123' })
      expect(relogin.status).toBe(401)
      const [row] = await g.db.select().from(users).where(eq(users.id, reg.body.user.id))
      expect(row).toMatchObject({ googleSub: `sub-${reg.body.user.id}`, passwordHash: null, tempPasswordHash: null })

      // The owner may set a password again without a current one, and it works.
      const set = await contractRequest(g.app)
        .put('/api/v1/auth/change-password')
        .set('Authorization', `Bearer ${res.body.data.token}`)
        .send({ new_password: 'nova-senha-1', confirm_password: 'nova-senha-1' })
      expect(set.status).toBe(200)
      expect(
        (await contractRequest(g.app).post('/api/v1/auth/login').send({ email: reg.body.user.email, password: 'nova-senha-1' })).status,
      ).toBe(200)

      // Signing in with Google again removes nothing: the account is linked already.
      const again = await contractRequest(g.app)
        .get('/api/v1/auth/google/callback')
        .query(await authorize())
      expect(again.body.data.password_removed).toBe(false)
      expect(
        (await contractRequest(g.app).post('/api/v1/auth/login').send({ email: reg.body.user.email, password: 'nova-senha-1' })).status,
      ).toBe(200)
    })

    it('refuses a tampered state, a missing code, a reused code and a provider error', async () => {
      claims = { sub: 'x', email: email('x') }
      const params = await authorize()
      const tampered = await contractRequest(g.app)
        .get('/api/v1/auth/google/callback')
        .query({ ...params, state: `${params.state}x` })
      expect(tampered.status).toBe(400)
      expect(tampered.body.error).toBe('Parâmetros de retorno do Google inválidos ou expirados.')
      expect((await contractRequest(g.app).get('/api/v1/auth/google/callback').query({ state: params.state })).status).toBe(400)
      const ok = await contractRequest(g.app).get('/api/v1/auth/google/callback').query(params)
      expect(ok.status).toBe(200)
      const wrongVerifier = await contractRequest(g.app)
        .get('/api/v1/auth/google/callback')
        .query({ ...(await authorize()), state: params.state })
      expect(wrongVerifier.status).toBe(401)
      expect(wrongVerifier.body).toEqual({ error: 'Erro ao processar login com Google' })
      const denied = await contractRequest(g.app).get('/api/v1/auth/google/callback').query({ error: 'access_denied' })
      expect(denied.status).toBe(400)
    })
  })
})

describe('ensureAccounts (start-up)', () => {
  it('creates the ADMIN_EMAIL admin and the demo accounts once; an existing account is promoted only with ADMIN_PASSWORD', async () => {
    const { ensureAccounts, DEMO_ACCOUNTS } = await import('#server/features/auth/seed')
    // Someone signed up first with the operator's address: no proof of owning it was asked.
    const squatter = await contractRequest(t.app)
      .post('/api/v1/auth/register')
      .send({ name: 'Chefe', email: 'chefe@teste.gabarita', password: 'senha-antiga' })
    expect(squatter.status).toBe(201)
    const warnings: unknown[][] = []
    const logger = Object.assign(Object.create(t.ctx.logger), { warn: (...args: unknown[]) => warnings.push(args) })
    const ctx = {
      ...t.ctx,
      logger,
      config: { ...t.ctx.config, ADMIN_EMAIL: 'chefe@teste.gabarita', ADMIN_PASSWORD: 'outra-senha', seedDemo: true },
    }
    await ensureAccounts(ctx)
    await ensureAccounts(ctx)
    const rows = await t.db.select().from(users).where(eq(users.email, 'chefe@teste.gabarita'))
    expect(rows).toHaveLength(1)
    expect(rows[0].planName).toBe('GRATUITO')
    expect(warnings.map(([, message]) => message)).toEqual([
      'ADMIN_EMAIL já pertence a uma conta cuja senha não é ADMIN_PASSWORD: ela não foi promovida a administrador',
      'ADMIN_EMAIL já pertence a uma conta cuja senha não é ADMIN_PASSWORD: ela não foi promovida a administrador',
    ])
    const squatterLogin = await contractRequest(t.app)
      .post('/api/v1/auth/login')
      .send({ email: 'chefe@teste.gabarita', password: 'senha-antiga' })
    expect(squatterLogin.status).toBe(200)
    expect(squatterLogin.body.user.is_admin).toBe(false)

    // The operator's own account (its password is ADMIN_PASSWORD) is promoted, and its password kept.
    await contractRequest(t.app)
      .post('/api/v1/auth/register')
      .send({ name: 'Operadora', email: 'operadora@teste.gabarita', password: 'senha-da-operadora' })
    await ensureAccounts({
      ...ctx,
      config: { ...ctx.config, ADMIN_EMAIL: 'operadora@teste.gabarita', ADMIN_PASSWORD: 'senha-da-operadora' },
    })
    const operator = await contractRequest(t.app)
      .post('/api/v1/auth/login')
      .send({ email: 'operadora@teste.gabarita', password: 'senha-da-operadora' })
    expect(operator.body.user.is_admin).toBe(true)

    const admin = await contractRequest(t.app).post('/api/v1/auth/login').send(DEMO_ACCOUNTS.admin)
    expect(admin.status).toBe(200)
    expect(admin.body.user.is_admin).toBe(true)
    const student = await contractRequest(t.app).post('/api/v1/auth/login').send(DEMO_ACCOUNTS.student)
    expect(student.body.user).toMatchObject({ is_admin: false, plan_name: 'GRATUITO' })
    expect(await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email))).toHaveLength(1)

    const fresh = {
      ...t.ctx,
      config: { ...t.ctx.config, ADMIN_EMAIL: 'novo-admin@teste.gabarita', ADMIN_PASSWORD: 'admin-senha', seedDemo: false },
    }
    await ensureAccounts(fresh)
    const login = await contractRequest(t.app)
      .post('/api/v1/auth/login')
      .send({ email: 'novo-admin@teste.gabarita', password: 'admin-senha' })
    expect(login.body.user.is_admin).toBe(true)
  })

  it('a student token is refused by the admin API with 403', async () => {
    const user = await registerUser()
    const res = await contractRequest(t.app).get('/api/v1/admin/dashboard/stats').set('Authorization', `Bearer ${user.token}`)
    expect(res.status).toBe(403)
  })
})
