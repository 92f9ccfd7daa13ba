import type { Router } from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createApiRouter } from '#server/api/index'

import { createTestContext, createTestUser, createTestUsers } from '../support/context'

// Bad input on every API route, as anonymous, student and admin: a NUL in the query or in a
// JSON field (PostgreSQL refuses U+0000 in text: it used to be a 500), text/plain, truncated
// JSON, no body. Whatever the route, the answer is a 4xx/2xx, and a failure is `{ error }`.

type Layer = {
  route?: { path: string; methods: Record<string, boolean> }
  name?: string
  handle?: { stack?: Layer[] }
  regexp?: RegExp
}

/** A mounted router's prefix, read back from the pattern Express 4 compiled for it. */
function mountPath(layer: Layer) {
  const source = layer.regexp?.source ?? ''
  if (source === '^\\/?(?=\\/|$)') return ''
  return source.replace('^', '').replace('\\/?(?=\\/|$)', '').replace(/\\\//g, '/')
}

/** Every method + path of the API router, `:params` replaced by 1. */
function apiRoutes(router: Router): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = []
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          routes.push({ method, path: `${prefix}${layer.route.path}`.replace(/:\w+/g, '1') })
      } else if ((layer.name === 'router' || layer.name === 'gated') && layer.handle?.stack) {
        // A feature's router as the API mounts it (server/api/gate.ts) shows the router's stack.
        walk(layer.handle.stack, prefix + mountPath(layer))
      }
    }
  }
  walk((router as unknown as { stack: Layer[] }).stack, '')
  return routes
}

const NUL = '\u0000'
// The field names every API body uses, each carrying a NUL.
const FIELDS = [
  'name',
  'email',
  'password',
  'new_password',
  'current_password',
  'confirm_password',
  'phone',
  'message',
  'subject',
  'answer',
  'reply',
  'disciplina',
  'assunto',
  'discipline',
  'topic',
  'bio',
  'university',
  'course',
  'education_level',
  'target_exam',
  'study_goal',
  'search_term',
  'mascot',
  'gender',
  'birth_date',
  'plan',
  'plan_name',
  'website',
  'code',
  'state',
]
const nulBody = Object.fromEntries(FIELDS.map((field) => [field, `valor${NUL}com nul`]))
// Google login answers a deliberate 503 `{ error }` on a server where it is not configured.
const UNCONFIGURED = new Set(['/auth/google', '/auth/google/callback'])

let t: Awaited<ReturnType<typeof createTestContext>>
let routes: { method: string; path: string }[] = []
type Who = 'anonymous' | 'student' | 'admin'
/** A fresh user per request: a logout, a password change or a deleted account must not spoil the next probe. */
const fresh: Record<Exclude<Who, 'anonymous'>, Record<string, string>[]> = { student: [], admin: [] }
beforeAll(async () => {
  t = await createTestContext()
  routes = apiRoutes(createApiRouter(t.ctx))
  // Made together beforehand: one each per route and probe.
  for (const who of ['student', 'admin'] as const)
    fresh[who] = (await createTestUsers(t.ctx, routes.length * PROBES.length, { plan: who === 'admin' ? 'ADMIN' : 'GRATUITO' })).map(
      (u) => u.auth,
    )
})
afterAll(() => t.close())

async function authFor(who: Who): Promise<Record<string, string>> {
  if (who === 'anonymous') return {}
  return fresh[who].pop() ?? (await createTestUser(t.ctx, { plan: who === 'admin' ? 'ADMIN' : 'GRATUITO' })).auth
}

type Probe = { name: string; nul: boolean; send: (r: request.Test) => request.Test }
const PROBES: Probe[] = [
  { name: 'NUL in the query', nul: true, send: (r) => r.query({ search_term: `a${NUL}b`, page: `1${NUL}` }) },
  { name: 'NUL in the JSON fields', nul: true, send: (r) => r.send(nulBody) },
  { name: 'NUL nested in the JSON body', nul: true, send: (r) => r.send({ data: [{ deep: { name: NUL } }] }) },
  { name: 'text/plain body', nul: false, send: (r) => r.set('Content-Type', 'text/plain').send('nome=Ana') },
  { name: 'truncated JSON', nul: false, send: (r) => r.set('Content-Type', 'application/json').send('{"name": "An') },
  { name: 'empty body', nul: false, send: (r) => r },
  { name: 'JSON that is not an object', nul: false, send: (r) => r.set('Content-Type', 'application/json').send('[1, "x", null]') },
  { name: 'malformed percent-encoding in the query', nul: false, send: (r) => r.query('search_term=%E0%A4%A&x=%') },
]

describe('fuzzing every API route', () => {
  it('finds the routes of every router, the admin ones under /admin', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`)
    for (const key of [
      'get /health',
      'post /auth/login',
      'put /profile',
      'get /questions/1',
      'post /admin/questions/upload-exam-txt',
      'get /disciplines',
    ]) {
      expect(keys).toContain(key)
    }
  })

  for (const who of ['anonymous', 'student', 'admin'] as Who[]) {
    it(`never answers 5xx, always { error } on failure (${who})`, { timeout: 240_000 }, async () => {
      const failures: string[] = []
      for (const { method, path } of routes) {
        for (const probe of PROBES) {
          const auth = await authFor(who)
          const res = await probe.send(
            (request(t.app) as unknown as Record<string, (url: string) => request.Test>)[method](`/api/v1${path}`).set(auth),
          )
          const label = `${method.toUpperCase()} ${path} ${probe.name} (${who}): ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`
          const unavailable = res.status === 503 && UNCONFIGURED.has(path)
          if (res.status >= 500 && !unavailable) failures.push(label)
          else if (res.status >= 400 && typeof res.body?.error !== 'string') failures.push(`sem { error }: ${label}`)
          else if (probe.nul && res.status !== 400) failures.push(`NUL aceito: ${label}`)
        }
      }
      expect(failures).toEqual([])
    })
  }

  it.each([
    ['post', '/contact', 'anonymous', { name: 'Ana', email: 'ana@teste.gabarita', subject: 'Oi', message: `Olá${NUL}mundo` }],
    ['post', '/auth/register', 'anonymous', { name: `Ana${NUL}`, email: 'nul-cadastro@teste.gabarita', password: 'senha123' }],
    ['put', '/profile', 'student', { bio: `bio${NUL}` }],
    ['get', `/questions/search?search_term=a%00b`, 'student', undefined],
    ['get', `/questions/search?exam_board=F%00GV`, 'student', undefined],
    ['post', '/questions/1/error-reports', 'anonymous', { message: `O gabarito${NUL} está errado` }],
    ['post', '/admin/disciplines/search', 'admin', { discipline: `Direito${NUL}`, topic: 'Contratos' }],
    ['post', '/admin/contact-messages/1/reply', 'admin', { reply: `Resposta${NUL}` }],
  ] as const)('answers 400 to a NUL in an otherwise valid %s %s', async (method, path, who, body) => {
    const r = (request(t.app) as unknown as Record<string, (url: string) => request.Test>)[method](`/api/v1${path}`).set(await authFor(who))
    const res = body ? await r.send(body) : await r
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Caracteres inválidos na requisição.' })
  })

  it('answers a NUL in the path and a broken %-escape in a route parameter with 400', async () => {
    const nulPath = await request(t.app).get('/api/v1/questions/1%00')
    expect(nulPath.status).toBe(400)
    expect(nulPath.body).toEqual({ error: 'Caracteres inválidos na requisição.' })
    const broken = await request(t.app).get('/api/v1/questions/%E0%A4%A')
    expect(broken.status).toBe(400)
    expect(broken.body.error).toEqual(expect.any(String))
  })
})
