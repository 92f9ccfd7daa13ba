import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { contactMessages } from '#server/db/schema'
import { outboxDir } from '#server/mail'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { mailsTo } from '../../../tests/support/mail'

// The contact queue (issue 28): what /contato stores reaches an admin, who reads it and answers
// by mail; the answer is kept with its time and author.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let student: User

const api = (method: 'get' | 'post', url: string, auth?: Record<string, string>) => {
  // Every answer is checked against the endpoint's contract (ADR 038).
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

async function contact(name: string, email: string, subject: string, message: string) {
  await api('post', '/contact').send({ name, email, subject, message }).expect(201)
  const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, subject))
  return row
}

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
  student = await createTestUser(t.ctx, { name: 'Carla Aluna' })
})
afterAll(() => t.close())

describe('admin contact queue', () => {
  let first: typeof contactMessages.$inferSelect
  let second: typeof contactMessages.$inferSelect

  it('lists the messages newest first, each nova until opened', async () => {
    first = await contact('Bruno Souza', 'bruno@example.com', 'Dúvida sobre planos', 'Qual plano inclui vídeos?')
    second = await contact('Clara Lima', 'clara@example.com', 'Erro no cadastro', 'Não recebi a senha.')
    const res = await api('get', '/admin/contact-messages', admin.auth).expect(200)
    expect(res.body).toMatchObject({ total: 2, page: 1, per_page: 20 })
    expect(res.body.data.map((m: { id: number }) => m.id)).toEqual([second.id, first.id])
    expect(res.body.data[1]).toMatchObject({
      name: 'Bruno Souza',
      email: 'bruno@example.com',
      subject: 'Dúvida sobre planos',
      message: 'Qual plano inclui vídeos?',
      status: 'nova',
      status_label: 'Nova',
      read_at: null,
      reply: null,
    })
  })

  it('opening one marks it read, once; the status filter follows', async () => {
    const opened = await api('get', `/admin/contact-messages/${first.id}`, admin.auth).expect(200)
    expect(opened.body).toMatchObject({ id: first.id, status: 'lida', status_label: 'Lida' })
    const again = await api('get', `/admin/contact-messages/${first.id}`, admin.auth).expect(200)
    expect(again.body.read_at).toBe(opened.body.read_at)
    const unread = await api('get', '/admin/contact-messages?status=nova', admin.auth).expect(200)
    expect(unread.body.data.map((m: { id: number }) => m.id)).toEqual([second.id])
    const read = await api('get', '/admin/contact-messages?status=lida', admin.auth).expect(200)
    expect(read.body.data.map((m: { id: number }) => m.id)).toEqual([first.id])
  })

  it('a reply is mailed to the sender and kept with its time and admin; a second one is refused', async () => {
    const res = await api('post', `/admin/contact-messages/${first.id}/reply`, admin.auth)
      .send({ reply: '  O plano Premium inclui os vídeos.\r\nAbraços.  ' })
      .expect(200)
    expect(res.body.message).toBe('Resposta enviada para bruno@example.com.')
    expect(res.body.contact_message).toMatchObject({
      status: 'respondida',
      status_label: 'Respondida',
      reply: 'O plano Premium inclui os vídeos.\nAbraços.',
      replied_by: { id: admin.user.id, name: 'Ana Admin' },
    })
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, first.id))
    expect(row.reply).toBe('O plano Premium inclui os vídeos.\nAbraços.')
    expect(row.repliedBy).toBe(admin.user.id)
    expect(row.repliedAt).toBeInstanceOf(Date)

    const mails = mailsTo(outboxDir(t.ctx), 'bruno@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('Olá, Bruno!')
    expect(mails[0]).toContain('O plano Premium inclui os vídeos.\nAbraços.')
    // The sender's own words stay out of the mail (ADR 035): anyone can type any address.
    expect(mails[0]).not.toContain('Qual plano inclui vídeos?')

    const replied = await api('get', '/admin/contact-messages?status=respondida', admin.auth).expect(200)
    expect(replied.body.data.map((m: { id: number }) => m.id)).toEqual([first.id])

    const twice = await api('post', `/admin/contact-messages/${first.id}/reply`, admin.auth).send({ reply: 'De novo.' }).expect(409)
    expect(twice.body.error).toBe('Esta mensagem já foi respondida.')
    expect(mailsTo(outboxDir(t.ctx), 'bruno@example.com')).toHaveLength(1)
  })

  it('pages of 20', async () => {
    for (let i = 0; i < 19; i++)
      await t.db.insert(contactMessages).values({ name: 'X', email: 'x@example.com', subject: `S${i}`, message: 'm' })
    const page2 = await api('get', '/admin/contact-messages?page=2', admin.auth).expect(200)
    expect(page2.body).toMatchObject({ total: 21, page: 2 })
    expect(page2.body.data.map((m: { id: number }) => m.id)).toEqual([first.id])
  })

  it('is for admins only: 401 anonymous, 403 a student', async () => {
    for (const [method, url] of [
      ['get', '/admin/contact-messages'],
      ['get', `/admin/contact-messages/${second.id}`],
      ['post', `/admin/contact-messages/${second.id}/reply`],
    ] as const) {
      expect((await api(method, url).send({ reply: 'Oi' })).status).toBe(401)
      const forbidden = await api(method, url, student.auth).send({ reply: 'Oi' })
      expect(forbidden.status).toBe(403)
      expect(forbidden.body.error).toBe('Acesso restrito a administradores')
    }
    // A student's look did not mark it read.
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, second.id))
    expect(row.readAt).toBeNull()
    expect(row.reply).toBeNull()
  })

  it('404 for an unknown id; bad input in Portuguese', async () => {
    for (const url of ['/admin/contact-messages/999999', '/admin/contact-messages/abc', '/admin/contact-messages/0']) {
      const res = await api('get', url, admin.auth).expect(404)
      expect(res.body.error).toBe('Mensagem de contato não encontrada.')
    }
    expect((await api('post', '/admin/contact-messages/999999/reply', admin.auth).send({ reply: 'Oi' }).expect(404)).body.error).toBe(
      'Mensagem de contato não encontrada.',
    )
    const blank = await api('post', `/admin/contact-messages/${second.id}/reply`, admin.auth).send({ reply: '   ' }).expect(400)
    expect(blank.body.error).toContain('Escreva a resposta.')
    const missing = await api('post', `/admin/contact-messages/${second.id}/reply`, admin.auth).send({}).expect(400)
    expect(missing.body.error).toContain('Escreva a resposta.')
    const long = await api('post', `/admin/contact-messages/${second.id}/reply`, admin.auth)
      .send({ reply: 'a'.repeat(5001) })
      .expect(400)
    expect(long.body.error).toContain('A resposta pode ter no máximo 5000 caracteres.')
    const nul = await api('post', `/admin/contact-messages/${second.id}/reply`, admin.auth).send({ reply: 'Oi\u0000' })
    expect(nul.status).toBeGreaterThanOrEqual(400)
    expect(nul.status).toBeLessThan(500)
    const badStatus = await api('get', '/admin/contact-messages?status=apagada', admin.auth).expect(400)
    expect(badStatus.body.error).toContain('Situação inválida')
    const badPage = await api('get', '/admin/contact-messages?page=-1', admin.auth).expect(400)
    expect(badPage.body.error).toContain('Página inválida.')
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, second.id))
    expect(row.reply).toBeNull()
    expect(mailsTo(outboxDir(t.ctx), 'clara@example.com')).toHaveLength(0)
  })
})

describe('when the mail cannot be sent', () => {
  let down: Awaited<ReturnType<typeof createTestContext>>
  afterAll(() => down?.close())

  it('answers 503, and the message stays unanswered', async () => {
    // Nothing listens on port 9: the SMTP connection is refused.
    down = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' })
    const boss = await createTestUser(down.ctx, { plan: 'ADMIN' })
    await contractRequest(down.app)
      .post('/api/v1/contact')
      .send({ name: 'Davi', email: 'davi@example.com', subject: 'Oi', message: 'Olá' })
      .expect(201)
    const [row] = await down.db.select().from(contactMessages)
    const res = await contractRequest(down.app)
      .post(`/api/v1/admin/contact-messages/${row.id}/reply`)
      .set(boss.auth)
      .send({ reply: 'Resposta.' })
    expect(res.status).toBe(503)
    expect(res.body.error).toBe('Não foi possível enviar o email agora; a mensagem continua sem resposta. Tente novamente.')
    const [after] = await down.db.select().from(contactMessages).where(eq(contactMessages.id, row.id))
    expect(after).toMatchObject({ reply: null, repliedAt: null, repliedBy: null })
  })
})
