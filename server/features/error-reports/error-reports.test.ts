import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { errorReports } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// The error-report queue (issue 13): reports sent from the cards get a status (novo,
// em_analise, corrigido, descartado) and an optional answer; the student reads their own.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let carla: User
let davi: User
let questionId: number
let shortId: string

const api = (method: 'get' | 'put' | 'post', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

async function report(message: string, user?: User) {
  await api('post', `/questions/${questionId}/error-reports`, user?.auth).send({ message }).expect(201)
  const rows = await t.db.select().from(errorReports).where(eq(errorReports.message, message))
  return rows[0]
}

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
  carla = await createTestUser(t.ctx, { name: 'Carla Aluna' })
  davi = await createTestUser(t.ctx, { name: 'Davi Aluno' })
  const bank = await insertQuestions(t.db, [{ discipline: 'Direito Constitucional', statement: 'Questão com erro.' }])
  questionId = bank.questions[0].id
  shortId = bank.questions[0].shortId
})
afterAll(() => t.close())

describe('admin error-report queue', () => {
  it('a new report is novo; the list shows question, message, reporter or anonymous and date, newest first', async () => {
    const byCarla = await report('A alternativa B está duplicada.', carla)
    const anonymous = await report('O enunciado está cortado no fim.')
    expect(byCarla.status).toBe('novo')
    const res = await api('get', '/admin/error-reports', admin.auth)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total: 2, page: 1, per_page: 20 })
    expect(res.body.data[0]).toMatchObject({
      id: anonymous.id,
      message: 'O enunciado está cortado no fim.',
      reporter: null,
      status: 'novo',
      status_label: 'Novo',
      answer: null,
      question: { id: questionId, short_id: shortId, discipline: 'Direito Constitucional', number: 1 },
    })
    expect(res.body.data[1]).toMatchObject({ id: byCarla.id, reporter: { id: carla.user.id, name: 'Carla Aluna' } })
    expect(Date.parse(res.body.data[1].created_at)).not.toBeNaN()
  })

  it('the admin sets a status and an answer; the student sees both on /error-reports/mine, other students never', async () => {
    const row = await report('Gabarito trocado: a correta é a C.', carla)
    const res = await api('put', `/admin/error-reports/${row.id}`, admin.auth).send({
      status: 'em_analise',
      answer: '  Obrigado! Estamos verificando.  ',
    })
    expect(res.status).toBe(200)
    expect(res.body.report).toMatchObject({
      status: 'em_analise',
      status_label: 'Em análise',
      answer: 'Obrigado! Estamos verificando.',
      answered_by: { id: admin.user.id },
    })
    expect(res.body.report.answered_at).toEqual(expect.any(String))

    const mine = await api('get', '/error-reports/mine', carla.auth)
    expect(mine.status).toBe(200)
    const found = mine.body.data.find((r: { id: number }) => r.id === row.id)
    expect(found).toMatchObject({
      status: 'em_analise',
      status_label: 'Em análise',
      answer: 'Obrigado! Estamos verificando.',
      message: 'Gabarito trocado: a correta é a C.',
    })
    expect(found).not.toHaveProperty('reporter')
    expect(found).not.toHaveProperty('answered_by')
    expect((await api('get', '/error-reports/mine', davi.auth)).body).toMatchObject({ data: [], total: 0 })
    expect((await api('get', '/error-reports/mine')).status).toBe(401)

    // Status alone keeps the answer; '' clears it.
    await api('put', `/admin/error-reports/${row.id}`, admin.auth).send({ status: 'corrigido' }).expect(200)
    let [stored] = await t.db.select().from(errorReports).where(eq(errorReports.id, row.id))
    expect([stored.status, stored.answer]).toEqual(['corrigido', 'Obrigado! Estamos verificando.'])
    await api('put', `/admin/error-reports/${row.id}`, admin.auth).send({ status: 'descartado', answer: '' }).expect(200)
    ;[stored] = await t.db.select().from(errorReports).where(eq(errorReports.id, row.id))
    expect([stored.status, stored.answer, stored.answeredBy]).toEqual(['descartado', null, admin.user.id])
  })

  it('filters by status (GET), pages, and refuses bad statuses and answers', async () => {
    const a = await report('Primeiro relato para filtro.', davi)
    await api('put', `/admin/error-reports/${a.id}`, admin.auth).send({ status: 'corrigido' }).expect(200)
    const fixed = await api('get', '/admin/error-reports?status=corrigido', admin.auth)
    expect(fixed.body.data.every((r: { status: string }) => r.status === 'corrigido')).toBe(true)
    expect(fixed.body.data.map((r: { id: number }) => r.id)).toContain(a.id)
    expect((await api('get', '/admin/error-reports?status=', admin.auth)).status).toBe(400)
    const bad = await api('get', '/admin/error-reports?status=resolvido', admin.auth)
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Situação inválida: use novo, em_analise, corrigido, descartado.')
    expect((await api('get', '/admin/error-reports?page=0', admin.auth)).status).toBe(400)
    expect((await api('get', '/admin/error-reports?page=99', admin.auth)).body.data).toEqual([])

    expect((await api('put', `/admin/error-reports/${a.id}`, admin.auth).send({ status: 'feito' })).status).toBe(400)
    expect((await api('put', `/admin/error-reports/${a.id}`, admin.auth).send({})).status).toBe(400)
    const long = await api('put', `/admin/error-reports/${a.id}`, admin.auth).send({ status: 'novo', answer: 'x'.repeat(2001) })
    expect(long.status).toBe(400)
    expect(long.body.error).toBe('A resposta pode ter no máximo 2000 caracteres.')
    expect((await api('put', `/admin/error-reports/${a.id}`, admin.auth).send({ status: 'novo', answer: 'a\u0000b' })).status).toBe(400)
    expect((await api('put', `/admin/error-reports/999999`, admin.auth).send({ status: 'novo' })).status).toBe(404)
    expect((await api('put', `/admin/error-reports/abc`, admin.auth).send({ status: 'novo' })).status).toBe(404)
    const [stored] = await t.db.select().from(errorReports).where(eq(errorReports.id, a.id))
    expect(stored.status).toBe('corrigido')
  })

  it('students and anonymous callers cannot read or change the queue', async () => {
    const row = await report('Relato que ninguém mais altera.', carla)
    for (const auth of [carla.auth, davi.auth]) {
      expect((await api('get', '/admin/error-reports', auth)).status).toBe(403)
      expect((await api('put', `/admin/error-reports/${row.id}`, auth).send({ status: 'corrigido', answer: 'x' })).status).toBe(403)
    }
    expect((await api('get', '/admin/error-reports')).status).toBe(401)
    expect((await api('put', `/admin/error-reports/${row.id}`).send({ status: 'corrigido' })).status).toBe(401)
    const [stored] = await t.db.select().from(errorReports).where(eq(errorReports.id, row.id))
    expect([stored.status, stored.answer]).toEqual(['novo', null])
  })
})
