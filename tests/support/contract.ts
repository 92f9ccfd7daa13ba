import type { Express } from 'express'
import request from 'supertest'

import type { Endpoint } from '#server/api/contract'
import { declaredStatuses, responseSchema } from '#server/api/contract'
import { ENDPOINTS, findEndpoint } from '#server/api/endpoints'

// Every answer a test receives from a contracted endpoint is checked against its contract
// (ADR 038): a status the contract does not declare, a body its schema refuses, or a field it
// does not name fails the test that made the request. Endpoints not on contracts yet pass
// unchecked.

type Entry = { id: string; endpoint: Endpoint }

function extraFields(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => extraFields(item, kept[i], `${at}[${i}]`))
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object') return []
  return Object.entries(sent).flatMap(([key, value]) =>
    key in kept ? extraFields(value, (kept as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key}`],
  )
}

/** Throws when the answer breaks the contract of the request that got it. */
export function checkAnswer(method: string, url: string, res: { status: number; body: unknown }, endpoints: Entry[] = ENDPOINTS) {
  const path = url.replace(/^\/api\/v1/, '').replace(/\?.*$/, '')
  const found = findEndpoint(method, path, endpoints)
  if (!found) return
  const { id, endpoint } = found
  const where = `${method.toUpperCase()} ${url} (${id}) → ${res.status}`
  const schema = responseSchema(endpoint, res.status)
  if (!schema) throw new Error(`${where}: status fora do contrato (declarados: ${declaredStatuses(endpoint).join(', ')})`)
  const parsed = schema.safeParse(res.body)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(corpo)'}: ${i.message}`).join('; ')
    throw new Error(`${where}: a resposta não segue o contrato: ${issues}\n${JSON.stringify(res.body).slice(0, 500)}`)
  }
  const extra = extraFields(res.body, parsed.data, '$')
  if (extra.length) throw new Error(`${where}: campos fora do contrato: ${extra.join(', ')}`)
}

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** supertest's request(app), with every answer checked against its contract. */
export function contractRequest(app: Express, endpoints: Entry[] = ENDPOINTS) {
  const verb = (method: Verb) => (url: string) => {
    const test = request(app)[method](url)
    return test.expect((res) => checkAnswer(method, url, res, endpoints))
  }
  return { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') }
}
