import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { contactMessages } from '#server/db/schema'
import { action } from '~/routes/contato/route'

import { createTestContext } from '../support/context'

// The /contato action as a browser without JS uses it: a form POST, answered by the
// Remix action, which goes through the real /api/v1 over HTTP (never the database).
let t: Awaited<ReturnType<typeof createTestContext>>
let server: Server

beforeAll(async () => {
  t = await createTestContext({ rateLimit: true })
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

const valid = { name: 'Ana Prado', email: 'ana@example.com', subject: 'Planos', message: 'Qual plano tem chat?' }

function post(fields: Record<string, string>, ip: string) {
  const request = new Request('http://localhost/contato', { method: 'POST', body: new URLSearchParams(fields) })
  return action({
    request,
    params: {},
    context: { cspNonce: 'n', requestId: 'test', clientIp: ip, documentRequest: false, csrfToken: 't' },
  }) as Promise<Response>
}

describe('the /contato form action', () => {
  it('stores a valid message through the API and redirects with the success toast', async () => {
    const res = await post({ ...valid, website: '' }, '10.0.0.1')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/contato?enviado=1')
    expect(res.headers.get('set-cookie')).toMatch(/^__toast=/)
    const rows = await t.db.select().from(contactMessages)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject(valid)
  })

  it('answers 400 with the field error and stores nothing when a field is blank', async () => {
    const res = await post({ ...valid, subject: '   ' }, '10.0.0.2')
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error.subject).toEqual(['Informe o assunto'])
    expect(body.initialValue).toMatchObject({ name: valid.name, email: valid.email })
    expect(await t.db.select().from(contactMessages)).toHaveLength(1)
  })

  it('treats a filled honeypot like a success but stores nothing', async () => {
    const res = await post({ ...valid, website: 'http://spam.example' }, '10.0.0.3')
    expect(res.status).toBe(302)
    expect(await t.db.select().from(contactMessages)).toHaveLength(1)
  })

  it('shows the rate-limit message on the form after too many messages from one visitor', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, '10.0.0.4')).status).toBe(302)
    const res = await post(valid, '10.0.0.4')
    expect(res.status).toBe(429)
    const body = await res.json()
    expect(body.error['']).toEqual(['Muitas tentativas. Aguarde alguns minutos e tente novamente.'])
    expect(body.initialValue).toMatchObject({ subject: valid.subject })
    // Another visitor is not affected.
    expect((await post(valid, '10.0.0.5')).status).toBe(302)
  })
})
