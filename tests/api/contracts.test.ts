import express, { Router } from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'

import { declaredStatuses, defineEndpoint, idParam, withStatus } from '#server/api/contract'
import { ENDPOINTS } from '#server/api/endpoints'
import { route } from '#server/api/route'
import { call } from '#server/client/call'
import { ApiClient, ApiError } from '#server/client/core'
import { notebooksApi } from '#server/features/notebooks/contract'
import { notesApi } from '#server/features/notes/contract'
import { inProcessDispatch } from '#server/in-process-api'

import { createTestContext, createTestUser } from '../support/context'
import { contractRequest } from '../support/contract'
import { insertQuestions } from '../support/questions'

// ADR 038: one contract per endpoint. route() validates what comes in and answers what the
// handler returns; the API tests fail on an answer that drifts from the contract; call() is the
// typed client derived from the same contract.

const counter = defineEndpoint({
  method: 'post',
  path: '/contadores/:id',
  summary: 'Um contador de teste',
  tags: ['Teste'],
  auth: 'none',
  params: z.object({ id: idParam('Contador não encontrado') }),
  body: z.object({ passo: z.number({ error: 'Informe o passo.' }).int().min(1, { error: 'O passo deve ser positivo.' }) }),
  responses: { 201: z.object({ success: z.literal(true), total: z.number().int() }) },
})
const entries = [{ id: 'teste.counter', endpoint: counter }]

/** An app whose handler answers `reply`, whatever the contract says (the drift the tests must catch). */
function appAnswering(reply: (input: { id: number; passo: number }) => unknown) {
  const app = express()
  const router = Router()
  app.use('/api/v1', express.json(), router)
  route(router, counter)(({ params, body }) => reply({ id: params.id, passo: body.passo }) as never)
  app.use((error: { status?: number; message: string }, _req: unknown, res: express.Response, _next: unknown) => {
    res.status(error.status ?? 500).json({ error: error.message })
  })
  return app
}

describe('route(): the contract checks what comes in', () => {
  const app = appAnswering(({ id, passo }) => ({ success: true, total: id + passo }))
  const api = contractRequest(app, entries)

  it('answers the handler’s body with the declared status', async () => {
    const res = await api.post('/api/v1/contadores/4').send({ passo: 3 })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ success: true, total: 7 })
  })

  it('refuses a bad body (400) and a bad path id (404) with the schema’s Portuguese message', async () => {
    const noStep = await api.post('/api/v1/contadores/4').send({})
    expect(noStep.status).toBe(400)
    expect(noStep.body).toEqual({ error: 'Informe o passo.' })
    const zero = await api.post('/api/v1/contadores/4').send({ passo: 0 })
    expect(zero.body).toEqual({ error: 'O passo deve ser positivo.' })
    for (const id of ['abc', '0', '1234567890']) {
      const res = await api.post(`/api/v1/contadores/${id}`).send({ passo: 1 })
      expect(res.status, id).toBe(404)
      expect(res.body).toEqual({ error: 'Contador não encontrado' })
    }
  })
})

describe('an answer that drifts from its contract fails the test that got it', () => {
  it('a field of the wrong type', async () => {
    const api = contractRequest(
      appAnswering(() => ({ success: true, total: 'sete' })),
      entries,
    )
    await expect(api.post('/api/v1/contadores/4').send({ passo: 3 })).rejects.toThrow(/não segue o contrato: total/)
  })

  it('a field the contract does not name', async () => {
    const api = contractRequest(
      appAnswering(() => ({ success: true, total: 1, senha: 'x' })),
      entries,
    )
    await expect(api.post('/api/v1/contadores/4').send({ passo: 3 })).rejects.toThrow(/campos fora do contrato: \$\.senha/)
  })

  it('a status the contract does not declare', async () => {
    const api = contractRequest(
      appAnswering(() => {
        throw Object.assign(new Error('Conflito'), { status: 409 })
      }),
      entries,
    )
    await expect(api.post('/api/v1/contadores/4').send({ passo: 3 })).rejects.toThrow(/status fora do contrato/)
  })
})

describe('an endpoint may declare more than one success status', () => {
  const Total = z.object({ success: z.literal(true), total: z.number().int() })
  const tally = defineEndpoint({
    method: 'post',
    path: '/placares/:id',
    summary: 'Um placar de teste',
    tags: ['Teste'],
    auth: 'none',
    params: z.object({ id: idParam('Placar não encontrado') }),
    responses: { 201: Total, 200: Total },
  })
  const tallyEntries = [{ id: 'teste.tally', endpoint: tally }]

  /** An app whose handler answers withStatus(status) for each id, or the default for id 1. */
  function appWith(status: (id: number) => 200 | 201 | 204) {
    const app = express()
    const router = Router()
    app.use('/api/v1', router)
    route(
      router,
      tally,
    )(({ params }) => (params.id === 1 ? { success: true, total: 1 } : withStatus(status(params.id), { success: true, total: params.id })))
    app.use((error: { status?: number; message: string }, _req: unknown, res: express.Response, _next: unknown) => {
      res.status(error.status ?? 500).json({ error: error.message })
    })
    return app
  }

  it('the lowest declared is the default; withStatus sends another declared one, and both pass the check', async () => {
    expect(tally.successStatus).toBe(200)
    expect(declaredStatuses(tally)).toEqual([200, 201, 400, 401, 403, 404, 431])
    const api = contractRequest(
      appWith(() => 201),
      tallyEntries,
    )
    expect((await api.post('/api/v1/placares/1')).status).toBe(200)
    const created = await api.post('/api/v1/placares/2')
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ success: true, total: 2 })
  })

  it('an undeclared success status still fails: route() refuses to send it, and the check refuses it', async () => {
    const refused = await request(appWith(() => 204)).post('/api/v1/placares/2')
    expect(refused.status).toBe(500)
    const onlyOk = defineEndpoint({ ...tally, responses: { 200: Total } })
    const api = contractRequest(
      appWith(() => 201),
      [{ id: 'teste.tally', endpoint: onlyOk }],
    )
    await expect(api.post('/api/v1/placares/2')).rejects.toThrow(/status fora do contrato \(declarados: 200, 400, 401, 403, 404, 431\)/)
  })
})

describe('a login the contract asks for (ADR 049)', () => {
  const spec = { method: 'get', summary: 'Um recurso de teste', tags: ['Teste'], responses: { 200: z.object({ id: z.number() }) } } as const
  const id = z.object({ id: idParam('Recurso não encontrado') })
  const endpoints = {
    plain: defineEndpoint({ ...spec, path: '/simples/:id', auth: 'user', params: id }),
    worded: defineEndpoint({ ...spec, path: '/falado/:id', auth: 'user', loginMessage: 'Entre para ver.', params: id }),
    idFirst: defineEndpoint({
      ...spec,
      path: '/id-antes/:id',
      auth: 'user',
      loginMessage: 'Entre para ver.',
      idBeforeAuth: true,
      params: id,
    }),
    badRequest: defineEndpoint({
      ...spec,
      path: '/malformado/:id',
      auth: 'user',
      idBeforeAuth: true,
      params: z.object({ id: z.string().regex(/^\d+$/, { error: 'Identificador inválido.' }) }),
      paramStatus: 400,
    }),
    admin: defineEndpoint({ ...spec, path: '/admin-teste/:id', auth: 'admin', params: id }),
  }
  const app = express()
  const router = Router()
  // A stand-in for loadUser: the header names who asks.
  app.use((req, _res, next) => {
    const who = req.get('x-quem')
    if (who) req.user = { id: who, planName: who === 'admin' ? 'ADMIN' : 'GRATUITO' } as NonNullable<express.Request['user']>
    next()
  })
  app.use('/api/v1', router)
  for (const endpoint of Object.values(endpoints)) route(router, endpoint)(({ params }) => ({ id: Number(params.id) }))
  app.use((error: { status?: number; message: string }, _req: unknown, res: express.Response, _next: unknown) => {
    res.status(error.status ?? 500).json({ error: error.message })
  })
  const get = (path: string, who?: string) =>
    who ? request(app).get(`/api/v1${path}`).set('x-quem', who) : request(app).get(`/api/v1${path}`)

  it('answers a visitor 401, in the contract’s words when it has them, before reading the id', async () => {
    expect((await get('/simples/abc')).body).toEqual({ error: 'Token não encontrado' })
    expect((await get('/falado/abc')).status).toBe(401)
    expect((await get('/falado/abc')).body).toEqual({ error: 'Entre para ver.' })
    expect((await get('/falado/7', 'ana')).body).toEqual({ id: 7 })
  })

  it('reads the id first with idBeforeAuth: a bad id answers as one (404, or the contract’s paramStatus), a good one 401', async () => {
    expect((await get('/id-antes/abc')).status).toBe(404)
    expect((await get('/id-antes/abc')).body).toEqual({ error: 'Recurso não encontrado' })
    expect((await get('/id-antes/7')).body).toEqual({ error: 'Entre para ver.' })
    expect((await get('/id-antes/7', 'ana')).body).toEqual({ id: 7 })
    expect((await get('/malformado/x1')).status).toBe(400)
    expect((await get('/malformado/x1')).body).toEqual({ error: 'Identificador inválido.' })
    expect((await get('/malformado/12')).status).toBe(401)
  })

  it('answers a student 403 on an admin route, and declares 401 and 403 wherever a login is asked for', async () => {
    expect((await get('/admin-teste/1')).status).toBe(401)
    expect((await get('/admin-teste/1', 'ana')).status).toBe(403)
    expect((await get('/admin-teste/1', 'admin')).body).toEqual({ id: 1 })
    for (const endpoint of Object.values(endpoints)) expect(declaredStatuses(endpoint)).toEqual(expect.arrayContaining([401, 403, 404]))
    expect(declaredStatuses(endpoints.badRequest)).toContain(400)
  })

  it('refuses a login option on a route that asks for none', () => {
    expect(() => defineEndpoint({ ...spec, path: '/x/:id', auth: 'none', loginMessage: 'Entre.', params: id })).toThrow(/auth 'none'/)
  })
})

describe('the registered contracts', () => {
  it('name each method and path once', () => {
    const keys = ENDPOINTS.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys).toContain('put /questions/:id/notebooks')
  })
})

describe('call(): the client derived from the contracts', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>
  let client: ApiClient
  let questionId: number
  beforeAll(async () => {
    t = await createTestContext()
    const bank = await insertQuestions(t.db, [{ discipline: 'Direito Civil', statement: 'Questão do cliente derivado.' }])
    questionId = bank.questions[0].id
    const { token } = await createTestUser(t.ctx, { name: 'Clara Cliente' })
    client = new ApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1', inProcess: inProcessDispatch(t.app), token })
  })
  afterAll(() => t.close())

  it('sends params and body where the contract puts them and answers the typed body', async () => {
    const created = await call(client, notesApi.create, { params: { id: questionId }, body: { content: 'Prazo de 15 dias.' } })
    expect(created.note).toMatchObject({ question_id: questionId, content: 'Prazo de 15 dias.' })
    const list = await call(client, notesApi.list, { params: { id: questionId } })
    expect(list.notes.map((n) => n.id)).toEqual([created.note.id])
    const { allowance } = await call(client, notebooksApi.list)
    expect(allowance.plan_name).toBe('GRATUITO')
  })

  it('turns an error answer into ApiError with the API’s message', async () => {
    const error = await call(client, notesApi.remove, { params: { id: questionId, noteId: 999_999 } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, message: 'Anotação não encontrada.' })
  })
})
