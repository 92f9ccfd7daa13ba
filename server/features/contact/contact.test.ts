import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { contactMessages } from '#server/db/schema'

import { createTestContext } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

// Fale conosco: POST /contact stores the public form's message (every answer checked against
// the contract, ADR 038); the honeypot and the rate limit.

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('POST /api/v1/contact', () => {
  const valid = { name: 'Maria Souza', email: 'maria@example.com', subject: 'Dúvida', message: 'Como funciona o plano Básico?' }

  it('stores a valid message for the admins', async () => {
    const res = await contractRequest(t.app).post('/api/v1/contact').send(valid)
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Mensagem enviada com sucesso! Entraremos em contato em breve.')
    const rows = await t.db.select().from(contactMessages)
    expect(rows.at(-1)).toMatchObject(valid)
  })

  it('refuses a blank field with a Portuguese message and stores nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length
    const res = await contractRequest(t.app)
      .post('/api/v1/contact')
      .send({ ...valid, subject: '   ' })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Informe o assunto')
    expect((await t.db.select().from(contactMessages)).length).toBe(before)
  })

  it('refuses a malformed email', async () => {
    const res = await contractRequest(t.app)
      .post('/api/v1/contact')
      .send({ ...valid, email: 'maria@' })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Digite um email válido')
  })

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length
    const res = await contractRequest(t.app)
      .post('/api/v1/contact')
      .send({ ...valid, website: 'http://spam' })
    expect(res.status).toBe(201)
    expect((await t.db.select().from(contactMessages)).length).toBe(before)
  })
})

describe('contact rate limit', () => {
  it('answers 429 in Portuguese after 5 messages from one address in 10 minutes', async () => {
    const limited = await createTestContext({ rateLimit: true })
    try {
      const body = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }
      for (let i = 0; i < 5; i++) {
        expect((await contractRequest(limited.app).post('/api/v1/contact').send(body)).status).toBe(201)
      }
      const res = await contractRequest(limited.app).post('/api/v1/contact').send(body)
      expect(res.status).toBe(429)
      expect(res.body.error).toMatch(/Muitas tentativas/)
    } finally {
      await limited.close()
    }
  })
})
