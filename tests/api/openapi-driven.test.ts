import http from 'node:http'

import fc from 'fast-check'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openApiDocument } from '#server/api/openapi'
import { createApiToken } from '#server/api/session'
import { answerClientErrors } from '#server/web/client-error'

import { createTestContext, createTestUser, createTestUsers } from '../support/context'
import type { Schema } from '../support/json-schema'
import { SchemaReader } from '../support/json-schema'
import { insertQuestions } from '../support/questions'

// ADR 049: requests built from the OpenAPI document itself (GET /api/v1/openapi.json), for every
// operation, as a visitor, a student and an admin, by fast-check arbitraries read from the
// schemas of its parameters and body (tests/support/json-schema.ts). Whatever is sent:
//   - no 5xx;
//   - the status is one the document declares for the operation, and the body follows the
//     schema the document gives that status;
// and what the document allows is never refused as bad input (400/422): a 404 for an id that
// names nothing, 401/403 for who asks, 409 for a state and 429 are answers, not refusals; what
// it forbids (a wrong type, a missing required field, a value out of range, an empty query
// value, a NUL byte) is refused with a 4xx. Beside the random inputs, the edges a generator
// rarely draws are always tried: the body with only its required fields (`{}` when none is), each
// enum value and the one-character values a pattern allows, and a query too long for the HTTP
// parser (431, declared everywhere). A body the document refuses only through anyOf/allOf is a
// fault of the document: it says it with `required` or `minProperties`, which every reader of the
// document understands. A fixed seed and a few runs per operation keep it bounded and repeatable.

type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema }
type Operation = {
  operationId: string
  security: unknown[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }
type Who = 'anonymous' | 'student' | 'admin'
type Input = { path: Record<string, string>; query: [string, string][]; body?: unknown }
type Target = { id: string; method: string; path: string; operation: Operation }

// The document the server serves is this one (checked in the first test); the operations are
// listed from it when the file loads.
const DOC = JSON.parse(JSON.stringify(openApiDocument())) as Doc
const reader = new SchemaReader(DOC.components.schemas)
const TARGETS: Target[] = Object.entries(DOC.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ id: operation.operationId, method, path, operation })),
)

/** Operations not fuzzed, and why: each one is said, none is left out silently. */
const SKIPPED: Record<string, string> = {
  'admin.uploadDisciplines':
    'multipart: the document describes a form of files, not their contents (tests/import and the admin tests send real ones)',
  'admin.uploadExams':
    'multipart: the document describes a form of files, not their contents (tests/import and the admin tests send real ones)',
  'analyses.importFiles':
    'multipart: the document describes a form of files, not their contents (analyses.test.ts sends a real exported exam)',
  'adminBilling.setToggles': 'switches features off for every operation after it in this file (admin-billing.test.ts covers it)',
  'planCatalog.updatePlan': 'rewrites the plans’ limits and prices, which every later operation reads (plan-catalog.test.ts covers it)',
  'billing.webhook': 'the payment provider’s signed raw body, not JSON the document describes (billing tests sign real ones)',
}

/** A legislative change as the server reads it: a real day, and a scope whose lines name a norm, an article and a subject. */
const completeChange = (b: Record<string, unknown>) => ({
  ...b,
  in_force: '2016-03-18',
  ...(b.scope ? { scope: { ...(b.scope as object), norms: ['lei:8666'], articles: ['clt@art. 58'], terms: ['banco de horas'] } } : {}),
})

/**
 * What the JSON Schema of the document cannot state, said by an operation's description: a rule
 * between two fields, or one that reads the server's clock. The valid inputs are completed so.
 */
const COMPLETED: Record<string, { why: string; complete: (body: Record<string, unknown>) => Record<string, unknown> }> = {
  'auth.register': {
    why: 'confirm_password, when sent, repeats password',
    complete: (b) => ('confirm_password' in b ? { ...b, confirm_password: b.password } : b),
  },
  'auth.changePassword': { why: 'confirm_password repeats new_password', complete: (b) => ({ ...b, confirm_password: b.new_password }) },
  'auth.changeTemporaryPassword': {
    why: 'confirm_password repeats new_password',
    complete: (b) => ({ ...b, confirm_password: b.new_password }),
  },
  'review.putStudyPlan': {
    why: 'the exam date is from the server’s today on',
    complete: (b) => ({ ...b, exam_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }),
  },
  'legislation.create': {
    why: 'in_force is a day that exists, from 1900 to 2100; a scope’s lines read as norms, articles and subjects (ADR 091)',
    complete: (b) => completeChange(b),
  },
  'legislation.update': {
    why: 'in_force is a day that exists, from 1900 to 2100; a scope’s lines read as norms, articles and subjects (ADR 091)',
    complete: (b) => completeChange(b),
  },
  'legislation.setExamDate': {
    why: 'applied_on is a day that exists, from 1900 to 2100, or null',
    complete: (b) => ({ ...b, applied_on: b.applied_on === null ? null : '2010-08-22' }),
  },
  'admin.saveTopicTree': {
    why: 'the text is a topic tree: one topic a line, its article ranges after "|" (the seeded questions’ topic kept)',
    complete: (b) => ({ ...b, assuntos: 'Geral\nPosse e Propriedade | cc@arts. 1196-1368' }),
  },
  'simulations.setAdminMix': {
    why: 'the counts add up to 80, one per discipline',
    complete: (b) => {
      const ids = [...new Set(((b.mix ?? []) as { discipline_id: number }[]).map((m) => m.discipline_id)), 1, 2].slice(0, 3)
      return { ...b, mix: ids.map((discipline_id, i) => ({ discipline_id, count: i === 0 ? 80 - (ids.length - 1) : 1 })) }
    },
  },
  'simulations.setOfficialMix': {
    why: 'the counts add up to 80, one line per discipline name',
    complete: (b) => {
      const names = [...new Set(((b.lines ?? []) as { name: string }[]).map((l) => l.name.trim().toLowerCase()).filter(Boolean))]
      const lines = (names.length ? names : ['Direito Civil'])
        .slice(0, 3)
        .map((name, i) => ({ name: `${name.slice(0, 100)} ${i}`, count: 0 }))
      lines[0].count = 80
      return { ...b, lines }
    },
  },
}

/**
 * Well-formed input refused by what the server holds, not by its shape: a secret, a bank too
 * small for a draw, a service not configured here. Only with this status and this message.
 */
const STATE_REFUSALS: Record<string, { status: number; message: RegExp; why: string }[]> = {
  'me.deleteAccount': [{ status: 400, message: /^Senha incorreta\.$/, why: 'the password is the account’s secret' }],
  'auth.changePassword': [{ status: 400, message: /^Senha atual incorreta$/, why: 'the current password is the account’s secret' }],
  'auth.changeTemporaryPassword': [
    { status: 400, message: /^Não há troca de senha pendente/, why: 'only a temporary-password login has one to change' },
  ],
  'auth.googleStart': [{ status: 503, message: /não está configurado/, why: 'Google login is not configured on a test server' }],
  'auth.googleCallback': [
    { status: 400, message: /^Login com Google cancelado/, why: 'error is Google’s word that the person refused' },
    { status: 503, message: /não está configurado/, why: 'Google login is not configured on a test server' },
  ],
  'planCatalog.updateLine': [{ status: 422, message: /^Uma linha de recurso/, why: 'a feature line follows its plans’ limits' }],
  'simulations.create': [
    { status: 422, message: /^Faltam questões/, why: 'the bank has too few questions for the draw' },
    { status: 422, message: /^Não há um Exame de Ordem completo/, why: 'the bank has no complete Exame de Ordem to copy the mix from' },
    { status: 422, message: /^O banco tem só \d+ questões válidas/, why: 'the bank holds fewer than the Exame de Ordem’s 80 questions' },
  ],
  'questions.answer': [
    {
      status: 400,
      message: /^Alternativa inválida: escolha uma entre/,
      why: 'a question has from two to five alternatives: a letter past its last (the seeded ones have five)',
    },
  ],
  'simulations.setAdminMix': [{ status: 400, message: /^Disciplina não encontrada/, why: 'the disciplines named must exist' }],
  'legislation.create': [{ status: 400, message: /^Disciplina não encontrada/, why: 'the disciplines named must exist' }],
  'legislation.update': [{ status: 400, message: /^Disciplina não encontrada/, why: 'the disciplines named must exist' }],
}

/** Ids that name rows of this file's data, mixed with the generated ones (which mostly name nothing: 404). */
const SEEDED_IDS = ['1', '2', '3']

let t: Awaited<ReturnType<typeof createTestContext>>
/** The app behind the HTTP server main.ts makes (its answer to what the parser refuses), not supertest's plain one. */
let server: http.Server
/** A user of its own for each operation and role, made together beforehand (two statements, not three per user). */
const fresh: Record<'PRO' | 'ADMIN', Awaited<ReturnType<typeof createTestUsers>>> = { PRO: [], ADMIN: [] }
const freshUser = async (plan: 'PRO' | 'ADMIN') => fresh[plan].pop() ?? (await createTestUser(t.ctx, { plan }))
beforeAll(async () => {
  t = await createTestContext()
  server = answerClientErrors(http.createServer(t.app))
  fresh.PRO = await createTestUsers(t.ctx, TARGETS.length, { plan: 'PRO' })
  fresh.ADMIN = await createTestUsers(t.ctx, 2 * TARGETS.length, { plan: 'ADMIN' })
  await insertQuestions(
    t.db,
    ['Direito Civil', 'Direito Penal', 'Direito Constitucional'].map((discipline, i) => ({
      discipline,
      topics: ['Geral'],
      statement: `Enunciado gerado ${i + 1}.`,
      correctAnswer: 'B',
      explanation: 'Porque sim.',
      // Five alternatives, as many as a question may have: any letter the document allows names one.
      alternatives: ['A', 'B', 'C', 'D', 'E'].map((letter) => ({ letter, text: `Alternativa ${letter}.` })),
    })),
  )
})
afterAll(async () => {
  server.close()
  await t.close()
})

/** A value as a query string or path segment writes it. */
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function pathArb(parameter: Parameter) {
  const generated = reader.valid(parameter.schema).map(text)
  const isId = SEEDED_IDS.every((id) => reader.errors(parameter.schema, id).length === 0)
  return isId ? fc.oneof(fc.constantFrom(...SEEDED_IDS), generated) : generated
}

function queryArb(parameters: Parameter[]): fc.Arbitrary<[string, string][]> {
  const entries = parameters.map((p) => {
    // An array is its key repeated (style form, explode: OpenAPI's default for a query).
    const values = reader.valid(p.schema).map((v) => (Array.isArray(v) ? v.map(text) : [text(v)]))
    return p.required ? values : fc.option(values, { nil: undefined })
  })
  return fc
    .tuple(...entries)
    .map((lists) => lists.flatMap((values, i) => (values ?? []).map((v): [string, string] => [parameters[i]!.name, v])))
}

function validInput(target: Target): fc.Arbitrary<Input> {
  const params = target.operation.parameters ?? []
  const path = params.filter((p) => p.in === 'path')
  const body = target.operation.requestBody?.content['application/json']?.schema
  const complete = COMPLETED[target.id]?.complete ?? ((b: Record<string, unknown>) => b)
  return fc.record({
    path: fc.tuple(...path.map(pathArb)).map((values) => Object.fromEntries(path.map((p, i) => [p.name, values[i]!]))),
    query: queryArb(params.filter((p) => p.in === 'query')),
    body: body ? reader.valid(body).map((b) => complete(b as Record<string, unknown>)) : fc.constant(undefined),
  })
}

/** What the document forbids, made from a valid input: each one checked against the document before it is sent. */
type Broken = { why: string; input: Input }

const WRONG_VALUES: unknown[] = ['texto', 1.5, true, null, {}]

function brokenInputs(target: Target, valid: Input): Broken[] {
  const out: Broken[] = []
  const params = target.operation.parameters ?? []
  const bodySchema = target.operation.requestBody?.content['application/json']?.schema
  for (const p of params.filter((q) => q.in === 'path')) {
    for (const value of ['abc', '-1', '1.5', ' 1', 'x'.repeat(20)])
      if (reader.errors(p.schema, value).length) {
        out.push({ why: `path ${p.name}=${value}`, input: { ...valid, path: { ...valid.path, [p.name]: value } } })
        break
      }
  }
  for (const p of params.filter((q) => q.in === 'query')) {
    const item = reader.resolve(p.schema)
    const scalar = item.type === 'array' ? reader.resolve(item.items as Schema) : item
    const candidates = ['', 'abc', '-1', '1.5', '1e3', '99999999999', 'true', `a\u0000b`]
    const wrong = candidates.find((v) => reader.errors(scalar, coerceQuery(scalar, v)).length > 0)
    if (wrong !== undefined) {
      const query = valid.query.filter(([k]) => k !== p.name).concat([[p.name, wrong]])
      out.push({ why: `query ${p.name}=${JSON.stringify(wrong)}`, input: { ...valid, query } })
    }
  }
  if (bodySchema && valid.body && typeof valid.body === 'object' && !Array.isArray(valid.body)) {
    const body = valid.body as Record<string, unknown>
    const schema = reader.resolve(bodySchema)
    for (const key of (schema.required ?? []) as string[]) {
      const { [key]: _gone, ...rest } = body
      if (reader.errors(bodySchema, rest).length) out.push({ why: `sem ${key}`, input: { ...valid, body: rest } })
    }
    for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      const resolved = reader.resolve(property)
      const outOfRange = [
        typeof resolved.maximum === 'number' ? resolved.maximum + 1 : undefined,
        typeof resolved.minimum === 'number' ? resolved.minimum - 1 : undefined,
        typeof resolved.maxLength === 'number' ? 'x'.repeat(resolved.maxLength + 1) : undefined,
      ].filter((v) => v !== undefined)
      // The first value out of range, and each value of another JSON type the field does not take.
      const range = outOfRange.find((v) => reader.errors(bodySchema, { ...body, [key]: v }).length > 0)
      const wrong = [
        ...(range === undefined ? [] : [range]),
        ...WRONG_VALUES.filter((v) => reader.errors(bodySchema, { ...body, [key]: v }).length > 0),
      ]
      for (const value of wrong)
        out.push({ why: `${key}=${JSON.stringify(value).slice(0, 40)}`, input: { ...valid, body: { ...body, [key]: value } } })
      if (resolved.type === 'string' || (Array.isArray(resolved.anyOf) && typeof body[key] === 'string'))
        out.push({ why: `NUL em ${key}`, input: { ...valid, body: { ...body, [key]: `a\u0000b` } } })
    }
    if (schema.additionalProperties === false) out.push({ why: 'campo a mais', input: { ...valid, body: { ...body, campo_a_mais: 1 } } })
    out.push({ why: 'corpo que não é objeto', input: { ...valid, body: [body] } })
  }
  return out
}

/** One-character values tried against every pattern: the shortest text a pattern like `\\S` allows. */
const ONE_CHAR = ['a', 'Z', 'E', '1', '0', '-', 'ç']
/** Edge values per field, at most: the operation's time stays bounded. */
const EDGES_PER_FIELD = 4

/** The schema without the combinators at its top: what a reader that does not follow anyOf/allOf/oneOf sees. */
function plain(schema: Schema): Schema {
  const { anyOf: _any, allOf: _all, oneOf: _one, ...rest } = reader.resolve(schema)
  return rest
}

/**
 * What the document allows at its edges, made from a valid input: the body with only its required
 * fields, each enum value and the one-character values a pattern allows. `faults` are the
 * document's own: a minimal body refused only through a combinator.
 */
function edgeInputs(target: Target, valid: Input): { allowed: Broken[]; refused: Broken[]; faults: string[] } {
  const allowed: Broken[] = []
  const refused: Broken[] = []
  const faults: string[] = []
  const bodySchema = target.operation.requestBody?.content['application/json']?.schema
  if (bodySchema && valid.body && typeof valid.body === 'object' && !Array.isArray(valid.body)) {
    const body = valid.body as Record<string, unknown>
    const schema = reader.resolve(bodySchema)
    const required = (schema.required ?? []) as string[]
    const minimal = Object.fromEntries(Object.entries(body).filter(([key]) => required.includes(key)))
    if (reader.errors(bodySchema, minimal).length === 0) allowed.push({ why: 'corpo mínimo', input: { ...valid, body: minimal } })
    else {
      if (reader.errors(plain(bodySchema), minimal).length === 0)
        faults.push(
          `o documento só recusa o corpo mínimo ${JSON.stringify(minimal)} por anyOf/allOf/oneOf: diga-o com required ou minProperties`,
        )
      refused.push({ why: 'corpo mínimo recusado pelo documento', input: { ...valid, body: minimal } })
    }
    for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      const resolved = reader.resolve(property)
      const branches = [resolved, ...((resolved.anyOf as Schema[] | undefined) ?? []).map((b) => reader.resolve(b))]
      const enums = branches.flatMap((b) => (Array.isArray(b.enum) ? (b.enum as unknown[]) : []))
      const patterned = branches.some((b) => typeof b.pattern === 'string')
      const candidates = [...enums, ...(patterned ? ONE_CHAR : [])]
      const fit = candidates.filter((v) => reader.errors(bodySchema, { ...body, [key]: v }).length === 0).slice(0, EDGES_PER_FIELD)
      for (const value of fit)
        allowed.push({ why: `${key}=${JSON.stringify(value)}`, input: { ...valid, body: { ...body, [key]: value } } })
    }
  }
  for (const p of (target.operation.parameters ?? []).filter((q) => q.in === 'query')) {
    const item = reader.resolve(p.schema)
    if (item.type === 'array') continue
    const candidates = [
      ...(Array.isArray(item.enum) ? (item.enum as unknown[]).map(text) : []),
      ...(typeof item.pattern === 'string' ? ONE_CHAR : []),
    ]
    const fit = candidates.filter((v) => reader.errors(item, coerceQuery(item, v)).length === 0).slice(0, EDGES_PER_FIELD)
    for (const value of fit) {
      const query = valid.query.filter(([k]) => k !== p.name).concat([[p.name, value]])
      allowed.push({ why: `query ${p.name}=${JSON.stringify(value)}`, input: { ...valid, query } })
    }
  }
  return { allowed, refused, faults }
}

/** A query string's text as the schema reads it (numbers and booleans written as digits and words). */
function coerceQuery(schema: Schema, value: string): unknown {
  const types = [schema.type, ...((schema.anyOf as Schema[] | undefined) ?? []).map((b) => reader.resolve(b).type)]
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true'
  return value
}

async function send(target: Target, input: Input, auth: Record<string, string>) {
  const path = target.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(input.path[name] ?? ''))
  const query = new URLSearchParams(input.query).toString()
  const url = `/api/v1${path}${query ? `?${query}` : ''}`
  const req = (request(server) as unknown as Record<string, (u: string) => request.Test>)[target.method]!(url).set(auth)
  const res = input.body === undefined ? await req : await req.send(input.body as object)
  return { url, res }
}

/** The answer against the document: a declared status, and a body its schema accepts. */
function answerProblems(target: Target, status: number, body: unknown) {
  const declared = target.operation.responses[String(status)]
  if (!declared) return [`status ${status} não declarado (${Object.keys(target.operation.responses).join(', ')})`]
  const schema = declared.content?.['application/json']?.schema
  if (status >= 500) return [`5xx`]
  if (status === 204 || !schema) return []
  return reader.errors(schema, body)
}

/** Mounted before the session is read: a token is not looked at. */
const READ_BEFORE_SESSION = ['/health', '/billing/webhook']
/** What a temporary password's token may still do (server/api/session.ts). */
const PASSWORD_CHANGE_OPENS = ['/auth/me', '/auth/logout', '/auth/change-temporary-password']

/** A token from a temporary-password login: it may only change the password. */
async function passwordChangeToken() {
  const { user } = await createTestUser(t.ctx)
  return (await createApiToken(t.db, user.id, t.ctx.clock(), { passwordChangeOnly: true })).token
}

const SEED = 49
const RUNS = { valid: 6, broken: 3, refused: 2 }
const BROKEN_MAX = 30
/** Not an answer to bad input: who asks, a state, a limit, an id that names nothing. */
const NOT_A_REFUSAL = new Set([200, 201, 204, 401, 403, 404, 409, 429])

describe('requests built from the OpenAPI document', () => {
  it('is the document the server serves, and says why each operation it leaves out is left out', async () => {
    const served = (await request(t.app).get('/api/v1/openapi.json')).body
    expect(served).toEqual(DOC)
    for (const id of [...Object.keys(SKIPPED), ...Object.keys(COMPLETED), ...Object.keys(STATE_REFUSALS)])
      expect(TARGETS.map((x) => x.id)).toContain(id)
    expect(TARGETS.length - Object.keys(SKIPPED).length).toBeGreaterThan(100)
  })

  for (const target of TARGETS) {
    const label = `${target.method.toUpperCase()} ${target.path} (${target.id})`
    if (SKIPPED[target.id]) {
      it.skip(`${label}: ${SKIPPED[target.id]}`, () => {})
      continue
    }
    it(label, { timeout: 60_000 }, async () => {
      // Security [{}, bearer]: a token is optional; [bearer] alone: a login is required.
      const signedIn = !target.operation.security.some((s) => Object.keys(s as object).length === 0)
      const admin = target.path.startsWith('/admin')
      const failures: string[] = []
      for (const who of ['anonymous', 'student', 'admin'] as Who[]) {
        // A user of its own for each operation: a logout, a deleted account or a changed password stays there.
        const user = who === 'anonymous' ? undefined : await freshUser(who === 'admin' ? 'ADMIN' : 'PRO')
        const auth = user?.auth ?? {}
        const turnedAway = (signedIn && who === 'anonymous') || (admin && who !== 'admin')
        const runs = turnedAway ? RUNS.refused : RUNS.valid
        await fc
          .assert(
            fc.asyncProperty(validInput(target), async (input) => {
              const { url, res } = await send(target, input, auth)
              const problems = answerProblems(target, res.status, res.body)
              const known = STATE_REFUSALS[target.id]?.some((r) => r.status === res.status && r.message.test(String(res.body?.error)))
              if (known) problems.splice(0, problems.length, ...problems.filter((p) => p !== '5xx'))
              else if (!turnedAway && !NOT_A_REFUSAL.has(res.status)) problems.push(`entrada válida recusada com ${res.status}`)
              if (turnedAway && res.status !== 401 && res.status !== 403) problems.push(`${who} não foi barrado: ${res.status}`)
              for (const p of problems)
                failures.push(
                  `${who} ${target.method.toUpperCase()} ${url} ${JSON.stringify(input.body)?.slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}: ${p}`,
                )
              return problems.length === 0
            }),
            { seed: SEED, numRuns: runs, endOnFailure: true },
          )
          .catch(() => {})
        if (turnedAway) continue
        // Each kind of breakage once, from the first valid input that allows it, at most BROKEN_MAX of them.
        const samples = fc.sample(validInput(target), { seed: SEED + 1, numRuns: RUNS.broken })
        const kinds = new Map<string, Broken>()
        for (const broken of samples.flatMap((input) => brokenInputs(target, input)))
          if (!kinds.has(broken.why)) kinds.set(broken.why, broken)
        for (const broken of [...kinds.values()].slice(0, BROKEN_MAX)) {
          const { url, res } = await send(target, broken.input, auth)
          const problems = answerProblems(target, res.status, res.body)
          if (res.status < 400 || res.status >= 500) problems.push(`entrada inválida (${broken.why}) aceita`)
          for (const p of problems)
            failures.push(
              `${who} ${target.method.toUpperCase()} ${url} ${JSON.stringify(broken.input.body)?.slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}: ${p}`,
            )
        }
      }
      const [first] = fc.sample(validInput(target), { seed: SEED, numRuns: 1 })
      // The edges, by someone the operation lets through (an administrator may call them all), a new one.
      const edges = edgeInputs(target, first!)
      failures.push(...edges.faults)
      if (edges.allowed.length || edges.refused.length) {
        const { auth } = await freshUser('ADMIN')
        for (const edge of edges.allowed) {
          const { url, res } = await send(target, edge.input, auth)
          const problems = answerProblems(target, res.status, res.body)
          const known = STATE_REFUSALS[target.id]?.some((r) => r.status === res.status && r.message.test(String(res.body?.error)))
          if (!known && !NOT_A_REFUSAL.has(res.status)) problems.push(`entrada válida (${edge.why}) recusada com ${res.status}`)
          for (const p of problems)
            failures.push(
              `admin ${target.method.toUpperCase()} ${url} ${JSON.stringify(edge.input.body)?.slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}: ${p}`,
            )
        }
        for (const edge of edges.refused) {
          const { url, res } = await send(target, edge.input, auth)
          const problems = answerProblems(target, res.status, res.body)
          if (res.status < 400 || res.status >= 500) problems.push(`entrada inválida (${edge.why}) aceita`)
          for (const p of problems)
            failures.push(
              `admin ${target.method.toUpperCase()} ${url} ${JSON.stringify(edge.input.body)?.slice(0, 200)} → ${res.status}: ${p}`,
            )
        }
      }
      // A query over the HTTP parser's limit: a declared status, with the document's body, in Portuguese.
      const long = await send(target, { ...first!, query: [...first!.query, ['q', 'a'.repeat(20_000)]] }, {})
      const longProblems = answerProblems(target, long.res.status, long.res.body)
      if (long.res.status < 400) longProblems.push('aceita')
      failures.push(...longProblems.map((p) => `query longa demais → ${long.res.status} ${JSON.stringify(long.res.body)}: ${p}`))
      // A token the server does not know, and a NUL in the query: refused wherever they are sent.
      const stale = await send(target, first!, { Authorization: 'Bearer token-que-nao-existe' })
      if (!READ_BEFORE_SESSION.includes(target.path) && stale.res.status !== 401)
        failures.push(`token desconhecido: ${stale.url} → ${stale.res.status}`)
      failures.push(...answerProblems(target, stale.res.status, stale.res.body).map((p) => `token desconhecido: ${stale.url}: ${p}`))
      const onlyChange = await send(target, first!, { Authorization: `Bearer ${await passwordChangeToken()}` })
      if (!READ_BEFORE_SESSION.includes(target.path) && !PASSWORD_CHANGE_OPENS.includes(target.path) && onlyChange.res.status !== 403)
        failures.push(`token de senha temporária: ${onlyChange.url} → ${onlyChange.res.status}`)
      failures.push(
        ...answerProblems(target, onlyChange.res.status, onlyChange.res.body).map((p) => `senha temporária: ${onlyChange.url}: ${p}`),
      )
      const nul = await send(target, { ...first!, query: [...first!.query, ['q', 'a\u0000b']] }, {})
      if (nul.res.status !== 400) failures.push(`NUL na query: ${nul.url} → ${nul.res.status}`)
      failures.push(...answerProblems(target, nul.res.status, nul.res.body).map((p) => `NUL na query: ${nul.url}: ${p}`))
      expect([...new Set(failures)]).toEqual([])
    })
  }
})
