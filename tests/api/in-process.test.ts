import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sendJson } from '#server/api/http'
import { createApp } from '#server/app'
import { ApiClient, ApiError } from '#server/client/core'
import { contactMessages } from '#server/db/schema'
import { inProcessDispatch } from '#server/in-process-api'

import { createTestContext, createTestUser } from '../support/context'
import { captureLogs } from '../support/log-capture'

// Issue 25 §2 (ADR 036): with API_URL unset the pages' client hands its calls to the Express app
// in this process. The base URL below answers nothing, so every call here proves no socket is
// used, and each goes through the same middleware as a request from outside.

let t: Awaited<ReturnType<typeof createTestContext>>
const logs = captureLogs('info')
const lines = () => logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
let client: ApiClient

beforeAll(async () => {
  t = await createTestContext({ rateLimit: true })
  const app = createApp({ ...t.ctx, logger: logs.logger })
  client = new ApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1', inProcess: inProcessDispatch(app), requestId: 'pagina-1' })
})
afterAll(() => t.close())

describe('the API called in-process', () => {
  it('answers, authenticates and validates as over HTTP', async () => {
    expect(await client.get('/health')).toMatchObject({ status: 'ok' })
    const { token, user } = await createTestUser(t.ctx, { name: 'Inês Interna' })
    const me = await client.withToken(token).get<{ data: { id: string; name: string } }>('/auth/me')
    expect(me.data).toMatchObject({ id: user.id, name: 'Inês Interna' })

    const expired = await client
      .withToken('nao-existe')
      .get('/auth/me')
      .catch((e: unknown) => e)
    expect(expired).toBeInstanceOf(ApiError)
    expect(expired).toMatchObject({ status: 401, message: 'Sessão expirada' })

    const invalid = await client.post('/contact', { json: { name: 'A' } }).catch((e: unknown) => e)
    expect(invalid).toMatchObject({ status: 400 })
    expect((invalid as ApiError).message).not.toMatch(/Invalid|Expected/)

    const nul = await client
      .post('/contact', { json: { name: 'Ana\u0000', email: 'a@b.co', subject: 'x', message: 'y' } })
      .catch((e: unknown) => e)
    expect(nul).toMatchObject({ status: 400 })

    const missing = await client.get('/nao-existe').catch((e: unknown) => e)
    expect(missing).toMatchObject({ status: 404, message: 'Rota não encontrada' })
  })

  it('writes the request line with the page’s request id', async () => {
    logs.lines.length = 0
    await client.get('/questions/search', { query: { per_page: 1 } })
    await new Promise((resolve) => setImmediate(resolve))
    const line = lines().find((l) => l.msg === 'request completed')
    expect(line).toMatchObject({
      req: { id: 'pagina-1', method: 'GET', url: '/api/v1/questions/search?per_page=1' },
      res: { statusCode: 200 },
    })
  })

  it('keeps the visitor’s address, which the page forwards, for the rules and the limits', async () => {
    const from = (ip: string) => new ApiClient({ ...client.options, forwardedFor: ip })
    const message = { name: 'Ana', email: 'ana@teste.gabarita', subject: 'Dúvida', message: 'Olá' }
    const send = (ip: string) =>
      from(ip)
        .post('/contact', { json: message })
        .then(() => 201)
        .catch((e: ApiError) => e.status)
    for (let i = 0; i < 5; i++) expect(await send('203.0.113.50')).toBe(201)
    expect(await send('203.0.113.50')).toBe(429)
    // Another visitor behind the same server is not the one who sent five.
    expect(await send('203.0.113.51')).toBe(201)
    const rows = await t.db.select({ ip: contactMessages.ip }).from(contactMessages)
    expect(rows.map((r) => r.ip).sort()).toEqual([...Array(5).fill('203.0.113.50'), '203.0.113.51'])
  })

  it('reads back the text an answer wrote, as one string or in pieces that split a character', async () => {
    const text = 'Questão — “aspas”, ç, 😀'
    const bytes = Buffer.from(text)
    const app = express()
      .get('/api/v1/string', (_req, res) => res.end(text))
      .get('/api/v1/pieces', (_req, res) => {
        // The emoji's four bytes cut in two, then the rest as text.
        res.write(bytes.subarray(0, bytes.length - 2))
        res.write(bytes.subarray(bytes.length - 2))
        res.end(' e mais', 'utf8')
      })
    const dispatch = inProcessDispatch(app)
    expect(await dispatch({ method: 'GET', path: '/string', headers: {} })).toEqual({ status: 200, body: text })
    expect(await dispatch({ method: 'GET', path: '/pieces', headers: {} })).toEqual({ status: 200, body: `${text} e mais` })
  })

  it("reads a contract's JSON back as the text it was written, with its length in UTF-8 bytes", async () => {
    const body = { success: true, text: 'Questão — “aspas”, ç, 😀 \u2028' }
    let sent: { length: unknown; chunk: unknown } | undefined
    const app = express().get('/api/v1/json', (_req, res) => {
      const end = res.end.bind(res)
      res.end = ((chunk: unknown) => {
        sent = { length: res.getHeader('content-length'), chunk }
        return end(chunk as string)
      }) as typeof res.end
      sendJson(res, 201, body)
    })
    expect(await inProcessDispatch(app)({ method: 'GET', path: '/json', headers: {} })).toEqual({ status: 201, body: JSON.stringify(body) })
    // The text itself, not bytes to decode again (ADR 075: only a socket gets bytes).
    expect(typeof sent?.chunk).toBe('string')
    expect(sent?.length).toBe(Buffer.byteLength(JSON.stringify(body)))
  })
})
