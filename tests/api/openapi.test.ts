import SwaggerParser from '@apidevtools/swagger-parser'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openApiPath } from '#server/api/contract'
import { ENDPOINTS } from '#server/api/endpoints'

import { createTestContext } from '../support/context'

// ADR 038: the OpenAPI 3.1 document generated from the contracts, and the API reference page
// that reads it, offline and under its own strict policy.

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const PAGES_CSP = new RegExp(
  "^default-src 'self';base-uri 'self';connect-src 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
    "frame-src https://www.youtube-nocookie.com;img-src 'self' data:;object-src 'none';script-src 'self' 'nonce-[A-Za-z0-9+/=]+';" +
    "script-src-attr 'none';style-src 'self' 'unsafe-inline'$",
)

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every contracted endpoint, under the API’s JSON policy', async () => {
    const res = await request(t.app).get('/api/v1/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body.openapi).toBe('3.1.0')
    // validate() dereferences in place: it gets a copy.
    await SwaggerParser.validate(structuredClone(res.body))
    for (const { id, endpoint } of ENDPOINTS) {
      const operation = res.body.paths[openApiPath(endpoint.path)]?.[endpoint.method]
      expect(operation?.operationId, id).toBe(id)
      expect(Object.keys(operation.responses)).toContain(String(endpoint.successStatus))
    }
  })

  it('describes the path ids, the query, the body and the errors of an endpoint', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json')).body
    const page = doc.paths['/notebooks/{id}/questions'].get
    expect(page.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:page',
      'query:per_page',
    ])
    expect(page.security).toEqual([{ bearer: [] }])
    const create = doc.paths['/notebooks'].post
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name'])
    expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '403', '413', '415', '429', '431'])
    // The refusal's own body, or the token's plain { error } (a temporary password's).
    const refused = create.responses['403'].content['application/json'].schema
    expect(refused.anyOf[0].required).toEqual(['error', 'code'])
    expect(refused.anyOf[1]).toEqual({ $ref: '#/components/schemas/Error' })
  })

  it('publishes the login the server asks for, and the path id’s pattern (ADR 049)', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json')).body
    for (const [path, method] of [
      ['/questions/{id}/attempts', 'post'],
      ['/questions/{id}/reveal', 'get'],
      ['/questions/{id}/forum/topics', 'get'],
      ['/forum/replies/{id}/vote', 'put'],
      ['/error-reports/mine', 'get'],
    ]) {
      const operation = doc.paths[path][method]
      expect(operation.security, `${method} ${path}`).toEqual([{ bearer: [] }])
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']))
    }
    const card = doc.paths['/questions/{id}'].get
    expect(card.security).toEqual([{}, { bearer: [] }])
    expect(card.parameters[0].schema.pattern).toBe('^\\d{1,9}$')
    expect(Object.keys(card.responses)).toEqual(expect.arrayContaining(['400', '404']))
  })
})

describe('GET /api/docs', () => {
  it('serves the Scalar reference page reading our document, with scripts from this server and its nonce only', async () => {
    const res = await request(t.app).get('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const csp = String(res.headers['content-security-policy'])
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)';/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toMatch(/^default-src 'none';/)
    expect(csp).toContain("connect-src 'self';")
    expect(csp).not.toMatch(/https?:|'unsafe-eval'|script-src[^;]*'unsafe-inline'/)
    expect(res.text).toContain('/api/v1/openapi.json')
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
    // Offline: the bundle is ours, no CDN anywhere on the page.
    expect(res.text).toContain('src="/api/docs/scalar.js"')
    expect(res.text).not.toMatch(/cdn\.|https?:\/\//)
  })

  it('serves Scalar’s standalone bundle from node_modules', async () => {
    const res = await request(t.app).get('/api/docs/scalar.js')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/javascript/)
    expect(res.text.length).toBeGreaterThan(1_000_000)
  })

  it('leaves every other page’s policy as it was', async () => {
    const res = await request(t.app).get('/version.json')
    expect(res.status).toBe(200)
    expect(res.headers['content-security-policy']).toMatch(PAGES_CSP)
    const docs = await request(t.app).get('/api/docs')
    expect(docs.headers['content-security-policy']).not.toMatch(PAGES_CSP)
  })
})
