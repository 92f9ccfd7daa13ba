import express from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sendJson } from '#server/api/http'
import { apiHelmet, apiSecurityHeaders } from '#server/app'

import { createTestContext } from '../support/context'

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('security headers', () => {
  it('sends pages a nonce-based CSP without unsafe-inline scripts, same-origin referrer and no x-powered-by', async () => {
    const res = await request(t.app).get('/version.json')
    const csp = res.headers['content-security-policy']
    const scriptSrc = csp.split(';').find((d: string) => d.startsWith('script-src '))
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/)
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(res.headers['referrer-policy']).toBe('same-origin')
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it('uses a different nonce on every request', async () => {
    const a = await request(t.app).get('/version.json')
    const b = await request(t.app).get('/version.json')
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy'])
  })

  it('answers the API under a policy that allows nothing, without a nonce or an ETag', async () => {
    const res = await request(t.app).get('/api/v1/questions/search')
    expect(res.status).toBe(200)
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('same-origin')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers.etag).toBeUndefined()
  })

  it('replays on the API exactly the headers helmet sets for its policy, in its order (ADR 061)', async () => {
    const answered = (handler: express.RequestHandler) =>
      express()
        .disable('x-powered-by')
        .use(handler, (_req, res) => res.end())
    // The header names as sent, in order, without what the connection adds.
    const own = (answer: unknown) => {
      const raw = (answer as { res: { rawHeaders: string[] } }).res.rawHeaders
      return raw.filter((_, i) => i % 2 === 0 && !['date', 'connection', 'keep-alive', 'content-length'].includes(raw[i]!.toLowerCase()))
    }
    for (const production of [false, true]) {
      const viaHelmet = await request(answered(apiHelmet(production))).get('/')
      const replayed = await request(answered(apiSecurityHeaders(production))).get('/')
      expect(own(replayed)).toEqual(own(viaHelmet))
      for (const name of own(viaHelmet)) expect(replayed.headers[name.toLowerCase()]).toBe(viaHelmet.headers[name.toLowerCase()])
      expect('strict-transport-security' in replayed.headers).toBe(production)
    }
  })

  it('writes a success body as res.json does: the same bytes, type and length, none on HEAD (ADR 073, 075)', async () => {
    const body = { success: true, data: [{ id: 1, text: 'Questão — “aspas”, ç, 😀', alts: ['a\u2028b', '<script>'] }] }
    const app = express()
      .set('etag', false)
      .get('/express', (_req, res) => res.status(201).json(body))
      .get('/own', (_req, res) => {
        const end = res.end.bind(res)
        res.end = ((chunk: unknown) => {
          // A socket is handed the encoded bytes (ADR 075): a text would be copied again, joined to the headers.
          handed.push(Buffer.isBuffer(chunk))
          return end(chunk as Buffer)
        }) as typeof res.end
        sendJson(res, 201, body)
      })
    const handed: boolean[] = []
    const wire = (answer: request.Response) => ({
      status: answer.status,
      type: answer.headers['content-type'],
      length: answer.headers['content-length'],
      bytes: Buffer.from(answer.text ?? '').toString('hex'),
    })
    const expected = wire(await request(app).get('/express'))
    expect(expected.type).toBe('application/json; charset=utf-8')
    expect(wire(await request(app).get('/own'))).toEqual(expected)
    const head = await request(app).head('/own')
    expect(head.headers['content-length']).toBe(expected.length)
    expect(head.text ?? '').toBe('')
    expect(handed).toEqual([true, true])
  })

  it('passes a valid incoming request id on and makes one otherwise', async () => {
    const given = await request(t.app).get('/api/v1/health').set('x-request-id', 'abc-123')
    expect(given.headers['x-request-id']).toBe('abc-123')
    const made = await request(t.app).get('/api/v1/health').set('x-request-id', 'bad id with spaces')
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('GET /version.json', () => {
  it('answers the build info fields', async () => {
    const res = await request(t.app).get('/version.json')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['branch', 'buildDate', 'commit', 'commitDate', 'version'])
  })
})

describe('API errors', () => {
  it('answers unknown API routes with 404 { error }', async () => {
    const res = await request(t.app).get('/api/v1/nao-existe')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Rota não encontrada' })
  })

  it('rejects malformed JSON with 400 and a message', async () => {
    const res = await request(t.app).post('/api/v1/contact').set('content-type', 'application/json').send('{"name":')
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('JSON inválido no corpo da requisição')
  })

  it('rejects a body that is not JSON with 415', async () => {
    const res = await request(t.app).post('/api/v1/contact').set('content-type', 'text/plain').send('oi')
    expect(res.status).toBe(415)
    expect(res.body.error).toMatch(/application\/json/)
  })

  it('rejects oversized bodies with 413', async () => {
    const res = await request(t.app)
      .post('/api/v1/contact')
      .send({ name: 'x'.repeat(200_000) })
    expect(res.status).toBe(413)
    expect(res.body.error).toBe('Requisição muito grande')
  })
})
