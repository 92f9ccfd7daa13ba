import express from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createApp } from '#server/app'
import { ConfigError, loadConfig } from '#server/config'
import type { Db } from '#server/db/index'
import { users } from '#server/db/schema'
import { SIGNATURE_HEADER } from '#server/features/plans/signature'
import { withoutUrlPasswords } from '#server/logger'
import { requestLogger } from '#server/request-log'

import { createTestContext } from '../support/context'
import { captureLogs } from '../support/log-capture'
import { testRemixBuild } from '../support/remix-build'

// Issue 9: every request line carried the bearer token and the cookies at the default
// level, a failed insert logged its parameters (an argon2 hash), a bad config value was echoed.

/** A logger at the production default level writing into an array. */
const capture = () => captureLogs('info')

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('request logs', () => {
  it('carry no bearer token, cookie or password', async () => {
    const log = capture()
    const app = createApp({ ...t.ctx, logger: log.logger })
    const password = 'senha-muito-secreta-42'
    const reg = await request(app).post('/api/v1/auth/register').send({ name: 'Ana', email: 'ana-log@teste.gabarita', password })
    expect(reg.status).toBe(201)
    const token = reg.body.token as string
    await request(app)
      .get('/api/v1/auth/me')
      .set('Authorization', `Bearer ${token}`)
      .set('Cookie', '__session=cookie-de-sessao-secreto; gabarita-theme=dark')
      .expect(200)
    await request(app).post('/api/v1/auth/login').send({ email: 'ana-log@teste.gabarita', password }).expect(200)
    const text = log.text()
    expect(text).toContain('/api/v1/auth/me')
    expect(text).toContain('[oculto]')
    for (const secret of [token, 'cookie-de-sessao-secreto', password]) expect(text).not.toContain(secret)
  })

  it('redact Set-Cookie answers and password fields with the logger app.ts uses', async () => {
    const log = capture()
    const app = express()
    app.use(requestLogger(log.logger, { ignore: () => false }))
    app.post('/x', express.json(), (req, res) => {
      req.log.info({ body: req.body }, 'corpo recebido')
      res.cookie('__session', 'valor-do-cookie-secreto').json({ ok: true })
    })
    await request(app).post('/x').send({ email: 'a@b.c', password: 'p4ss-secreta', new_password: 'nova-secreta' }).expect(200)
    const text = log.text()
    expect(text).toContain('set-cookie')
    for (const secret of ['valor-do-cookie-secreto', 'p4ss-secreta', 'nova-secreta']) expect(text).not.toContain(secret)
  })
})

describe('request lines', () => {
  it('say each request at info, and at warn only the 5xx, with its error', async () => {
    for (const level of ['info', 'warn'] as const) {
      const { logger, lines } = captureLogs(level)
      const app = express()
      app.use(requestLogger(logger, { ignore: (req) => req.url === '/quiet' }))
      app.get('/ok', (_req, res) => res.json({ ok: true }))
      app.get('/quiet', (_req, res) => res.json({ ok: true }))
      app.get('/boom', (_req, res) => res.status(503).json({ error: 'fora' }))
      for (const path of ['/ok', '/quiet', '/boom'])
        await request(app)
          .get(path)
          .set('x-request-id', `id${path.slice(1)}`)
      const parsed = lines.map(
        (line) => JSON.parse(line) as { msg: string; req: { id: string; url: string }; res: { statusCode: number }; err?: object },
      )
      const completed = parsed.filter((l) => l.msg === 'request completed').map((l) => l.req.url)
      expect(completed).toEqual(level === 'info' ? ['/ok'] : [])
      const errored = parsed.filter((l) => l.msg === 'request errored')
      expect(errored).toHaveLength(1)
      expect(errored[0]).toMatchObject({ req: { id: 'idboom', url: '/boom' }, res: { statusCode: 503 }, err: expect.any(Object) })
    }
  })
})

describe('database errors', () => {
  /** The real db, except that every insert into users gets a NUL in the name: PostgreSQL refuses it. */
  function failingInserts(db: Db): Db {
    return new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'insert') return Reflect.get(target, prop, receiver)
        return (table: typeof users) => {
          const builder = target.insert(table)
          if (table !== users) return builder
          return { values: (v: typeof users.$inferInsert) => builder.values({ ...v, name: `${v.name}\u0000` }) }
        }
      },
    })
  }

  it('are logged by code and message, never with the statement values (no argon2 hash)', async () => {
    const log = capture()
    const app = createApp({ ...t.ctx, db: failingInserts(t.db), logger: log.logger })
    const res = await request(app)
      .post('/api/v1/auth/register')
      .send({ name: 'Bia', email: 'bia-log@teste.gabarita', password: 'senha-da-bia' })
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ error: 'Erro interno do servidor' })
    const text = log.text()
    expect(text).toContain('"code":"22021"')
    expect(text).not.toMatch(/argon2|"params":\[|Failed query|Failing row/)
    expect(text).not.toContain('senha-da-bia')
  })

  it('logged directly through the process logger lose their values too', async () => {
    const log = capture()
    const error = await t.db
      .insert(users)
      .values({ email: 'nul@teste.gabarita', name: 'x\u0000', passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA' })
      .catch((e: unknown) => e)
    log.logger.error({ err: error }, 'falhou')
    const line = JSON.parse(log.text())
    expect(line.err).toMatchObject({ type: 'DatabaseError', code: '22021' })
    expect(log.text()).not.toMatch(/argon2|params|Failing row/)
  })
})

describe('configuration errors', () => {
  const message = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: '/tmp/gabarita-config-log', ...env })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as Error).message
    }
    throw new Error('a configuração deveria ser recusada')
  }

  it.each([
    ['SESSION_SECRET', 'curto-demais'],
    ['ADMIN_PASSWORD', 'abc12'],
    ['DATABASE_URL', 'mysql://gabarita:senha-do-banco@db/gabarita'],
  ])('name %s without echoing its value', (name, value) => {
    const text = message({ [name]: value })
    expect(text).toContain(name)
    expect(text).not.toContain(value)
    expect(text).not.toContain('senha-do-banco')
  })

  it('masks URL passwords in database error messages', () => {
    expect(withoutUrlPasswords('falhou ao conectar em postgres://app:s3nh4@db:5432/x')).toBe(
      'falhou ao conectar em postgres://app:***@db:5432/x',
    )
    expect(withoutUrlPasswords('sem url aqui')).toBe('sem url aqui')
  })
})

describe('page errors (issue 26)', () => {
  /** A logger at `level` writing into an array, and every console.error / stderr write of the test. */
  function watch(level: 'silent' | 'info') {
    const { logger, lines } = captureLogs(level)
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    return {
      app: createApp({ ...t.ctx, logger }, { remixBuild: testRemixBuild() }),
      lines,
      printed: () => [...consoleError.mock.calls, ...stderr.mock.calls].map((call) => call.map(String).join(' ')),
      restore() {
        consoleError.mockRestore()
        stderr.mockRestore()
      },
    }
  }

  async function tokenCookie(app: express.Express) {
    const res = await request(app).get('/login')
    return (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__csrf='))!.split(';')[0]
  }

  const BAD_DATA = ['root', 'routes/login', 'nada', '', 'routes%2Fdashboard%00']

  it('a bad ?_data= request is a 4xx and prints nothing at LOG_LEVEL=silent', async () => {
    const w = watch('silent')
    try {
      const cookie = await tokenCookie(w.app)
      for (const data of BAD_DATA) {
        for (const withCookie of [false, true]) {
          const post = request(w.app).post(`/dashboard?_data=${data}`)
          const res = await (withCookie ? post.set('Cookie', cookie) : post).type('form').send('a=1')
          expect(res.status, `${data} ${withCookie}`).toBeGreaterThanOrEqual(400)
          expect(res.status, `${data} ${withCookie}`).toBeLessThan(500)
        }
        const get = await request(w.app).get(`/dashboard?_data=${data}`)
        expect(get.status, `GET ${data}`).toBeLessThan(500)
      }
      const noAction = await request(w.app).post('/dashboard?_data=root').set('Cookie', cookie).type('form').send('a=1')
      expect(noAction.status).toBe(405)
      expect(noAction.body.message).toBe('Requisição inválida.')
      expect(JSON.stringify(noAction.body)).not.toMatch(/stack|at /)
      expect(w.printed()).toEqual([])
      expect(w.lines).toEqual([])
    } finally {
      w.restore()
    }
  })

  it('goes through the logger at its level, one line each', async () => {
    const w = watch('info')
    try {
      const cookie = await tokenCookie(w.app)
      await request(w.app).post('/dashboard?_data=root').set('Cookie', cookie).type('form').send('a=1').expect(405)
      expect(w.printed()).toEqual([])
      const refused = w.lines.map((line) => JSON.parse(line)).filter((l) => l.msg === 'requisição de página recusada')
      expect(refused).toHaveLength(1)
      expect(refused[0]).toMatchObject({ level: 40, status: 405 })
      for (const line of w.lines) expect(line.trimEnd()).not.toContain('\n')
    } finally {
      w.restore()
    }
  })

  it('never logs the payment webhook signature', async () => {
    const log = capture()
    const app = createApp({ ...t.ctx, logger: log.logger })
    const signature = 't=1700000000,v1=assinatura-secreta-do-webhook'
    await request(app).post('/api/v1/billing/webhook').set(SIGNATURE_HEADER, signature).set('Content-Type', 'application/json').send('{}')
    const text = log.text()
    expect(text).toContain('/api/v1/billing/webhook')
    expect(text).not.toContain('assinatura-secreta-do-webhook')
  })
})
