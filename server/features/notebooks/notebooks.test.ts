import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, notebookQuestions, notebooks, questions } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { NOTEBOOK_COLORS } from './schemas'

// Fichário (issue 11): notebooks CRUD, the plan limits and the admin toggle through the policy,
// the question's membership as a complete set, the notebook's questions page by page, the
// /questions/search notebook filter, and the IDOR matrix: user B against every notebook route of
// user A → 404, nothing changed.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let ana: User
let bruno: User
let qs: number[] = []
let removedQ: number

const api = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth?: Record<string, string>) => {
  // Every answer is checked against the endpoint's contract (ADR 038).
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

async function withPlan(plan: 'BASICO' | 'PREMIUM' | 'PRO' | 'GRATUITO', name: string = plan) {
  const user = await createTestUser(t.ctx, { name })
  if (plan !== 'GRATUITO') await api('put', `/admin/users/${user.user.id}/plan`, admin.auth).send({ plan_name: plan }).expect(200)
  return user
}

type Notebook = { id: number; name: string; description: string | null; color: string; questionsCount: number; createdAt: string }

async function newNotebook(user: User, body: Record<string, unknown> = {}) {
  const res = await api('post', '/notebooks', user.auth).send({ name: 'Caderno', ...body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.notebook as Notebook
}

async function setMembership(user: User, qid: number, ids: number[]) {
  const res = await api('put', `/questions/${qid}/notebooks`, user.auth).send({ notebook_ids: ids })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as { notebook_ids: number[]; added: number[]; removed: number[] }
}

const snapshot = async () => ({
  notebooks: await t.db.select().from(notebooks).orderBy(notebooks.id),
  members: await t.db.select().from(notebookQuestions).orderBy(notebookQuestions.notebookId, notebookQuestions.questionId),
})

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Admin' })
  const bank = await insertQuestions(t.db, [
    ...Array.from({ length: 25 }, (_, i) => ({
      discipline: i % 2 ? 'Direito Civil' : 'Direito Penal',
      statement: `Questão número ${i + 1} do caderno.`,
    })),
    { discipline: 'Direito Civil', statement: 'Questão removida.', removed: true },
  ])
  qs = bank.questions.slice(0, 25).map((q) => q.id)
  removedQ = bank.questions[25].id
  ana = await withPlan('PRO', 'Ana Pro')
  bruno = await withPlan('PRO', 'Bruno Pro')
})
afterAll(() => t.close())

describe('notebooks CRUD', () => {
  it('needs a login everywhere (401)', async () => {
    for (const [method, url] of [
      ['get', '/notebooks'],
      ['post', '/notebooks'],
      ['get', '/notebooks/1'],
      ['put', '/notebooks/1'],
      ['delete', '/notebooks/1'],
      ['get', '/notebooks/1/questions'],
      ['delete', `/notebooks/1/questions/${qs[0]}`],
      ['get', `/questions/${qs[0]}/notebooks`],
      ['put', `/questions/${qs[0]}/notebooks`],
    ] as const) {
      const res = await api(method, url)
      expect(res.status, `${method} ${url}`).toBe(401)
    }
  })

  it('creates (name trimmed, random preset colour), reads, lists, updates and deletes', async () => {
    const nb = await newNotebook(ana, { name: '  Direito Civil — revisão  ', description: '  Para a 2ª fase ' })
    expect(nb).toMatchObject({ name: 'Direito Civil — revisão', description: 'Para a 2ª fase', questionsCount: 0 })
    expect(NOTEBOOK_COLORS).toContain(nb.color)
    const colored = await newNotebook(ana, { name: 'Penal', color: '#DC2626', description: '' })
    expect(colored.color).toBe('#dc2626')
    expect(colored.description).toBeNull()

    const list = await api('get', '/notebooks', ana.auth).expect(200)
    expect(list.body.notebooks.map((n: Notebook) => n.id)).toEqual([nb.id, colored.id])
    expect(list.body.allowance).toMatchObject({ count: 2, limit: null, can_create: true, plan_name: 'PRO' })

    const one = await api('get', `/notebooks/${nb.id}`, ana.auth).expect(200)
    expect(one.body.notebook).toMatchObject({ id: nb.id, name: nb.name, questionsCount: 0, answeredCount: 0, progressPercent: 0 })

    const upd = await api('put', `/notebooks/${nb.id}`, ana.auth).send({ name: 'Civil', description: null }).expect(200)
    expect(upd.body.message).toBe('Caderno atualizado com sucesso!')
    expect(upd.body.notebook).toMatchObject({ name: 'Civil', description: null, color: nb.color })
    const recolor = await api('put', `/notebooks/${nb.id}`, ana.auth).send({ color: '#16a34a' }).expect(200)
    expect(recolor.body.notebook).toMatchObject({ name: 'Civil', color: '#16a34a' })

    const del = await api('delete', `/notebooks/${colored.id}`, ana.auth).expect(200)
    expect(del.body).toEqual({ success: true, message: 'Caderno excluído com sucesso!' })
    expect((await api('get', `/notebooks/${colored.id}`, ana.auth)).status).toBe(404)
    await api('delete', `/notebooks/${nb.id}`, ana.auth).expect(200)
  })

  it.each([
    [{}, 'Informe o nome do caderno.'],
    [{ name: '   ' }, 'Informe o nome do caderno.'],
    [{ name: 'a'.repeat(81) }, 'O nome do caderno pode ter no máximo 80 caracteres.'],
    [{ name: 'Ok', description: 'd'.repeat(501) }, 'A descrição pode ter no máximo 500 caracteres.'],
    [{ name: 'Ok', color: '#123456' }, 'Cor inválida: escolha uma das 10 cores disponíveis.'],
    [{ name: 'linha\nquebrada' }, 'O nome contém caracteres inválidos.'],
  ])('POST /notebooks %j → 400 %s', async (body, message) => {
    const before = await snapshot()
    const res = await api('post', '/notebooks', ana.auth).send(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: message })
    expect(await snapshot()).toEqual(before)
  })

  it('accepts the limits exactly (80 and 500 characters)', async () => {
    const nb = await newNotebook(ana, { name: 'n'.repeat(80), description: 'd'.repeat(500) })
    expect(nb.name).toHaveLength(80)
    await api('delete', `/notebooks/${nb.id}`, ana.auth).expect(200)
  })

  it('PUT validates too, and needs something to change', async () => {
    const nb = await newNotebook(ana, { name: 'Validar' })
    expect((await api('put', `/notebooks/${nb.id}`, ana.auth).send({})).body).toEqual({
      error: 'Nada a alterar: envie name, description ou color.',
    })
    expect((await api('put', `/notebooks/${nb.id}`, ana.auth).send({ name: ' ' })).body).toEqual({ error: 'Informe o nome do caderno.' })
    const [row] = await t.db.select().from(notebooks).where(eq(notebooks.id, nb.id))
    expect(row.name).toBe('Validar')
    await api('delete', `/notebooks/${nb.id}`, ana.auth).expect(200)
  })

  it('refuses NUL bytes and oversize bodies (400/413)', async () => {
    const before = await snapshot()
    const nul = await api('post', '/notebooks', ana.auth).send({ name: 'a\u0000b' })
    expect(nul.status).toBe(400)
    expect(nul.body).toEqual({ error: 'Caracteres inválidos na requisição.' })
    expect((await api('get', '/notebooks/1%00', ana.auth)).status).toBe(400)
    expect((await api('post', '/notebooks', ana.auth).send({ name: 'x', description: 'y'.repeat(200_000) })).status).toBe(413)
    expect(
      (await api('put', `/questions/${qs[0]}/notebooks`, ana.auth).send({ notebook_ids: Array.from({ length: 501 }, (_, i) => i + 1) }))
        .status,
    ).toBe(400)
    expect(await snapshot()).toEqual(before)
  })
})

describe('plan limits and the toggle (policy)', () => {
  it.each([
    ['GRATUITO', 2, 'Gratuito'],
    ['BASICO', 10, 'Básico'],
  ] as const)('%s creates %i notebooks, then 403 naming the limit with the plans link', async (plan, limit, label) => {
    const u = await withPlan(plan)
    for (let i = 0; i < limit; i++) await newNotebook(u, { name: `C${i}` })
    const res = await api('post', '/notebooks', u.auth).send({ name: 'Um a mais' })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      error: `Você atingiu o limite de ${limit} cadernos do plano ${label}. Conheça os outros planos para criar mais cadernos.`,
      code: 'NOTEBOOK_LIMIT',
      limit,
      count: limit,
      plans_url: '/trocar-plano',
    })
    const list = await api('get', '/notebooks', u.auth).expect(200)
    expect(list.body.notebooks).toHaveLength(limit)
    expect(list.body.allowance).toMatchObject({ count: limit, limit, can_create: false, code: 'NOTEBOOK_LIMIT' })
    // The policy's usage counter follows the table.
    const policy = await api('get', '/policy', u.auth).expect(200)
    expect(JSON.stringify(policy.body)).toContain(`"notebooksCreated":${limit}`)
    // Deleting one frees its place.
    await api('delete', `/notebooks/${list.body.notebooks[0].id}`, u.auth).expect(200)
    await newNotebook(u, { name: 'De novo' })
  })

  it('Premium holds 50, Pro is unlimited', async () => {
    const premium = await withPlan('PREMIUM')
    await t.db
      .insert(notebooks)
      .values(Array.from({ length: 49 }, (_, i) => ({ userId: premium.user.id, name: `P${i}`, color: NOTEBOOK_COLORS[0] })))
    await newNotebook(premium, { name: 'O 50º' })
    const res = await api('post', '/notebooks', premium.auth).send({ name: 'O 51º' })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('Você atingiu o limite de 50 cadernos do plano Premium. Conheça os outros planos para criar mais cadernos.')

    const pro = await withPlan('PRO')
    await t.db
      .insert(notebooks)
      .values(Array.from({ length: 60 }, (_, i) => ({ userId: pro.user.id, name: `P${i}`, color: NOTEBOOK_COLORS[1] })))
    await newNotebook(pro, { name: 'O 61º' })
  })

  it('a plan change moves the limit at once', async () => {
    const u = await withPlan('GRATUITO')
    await newNotebook(u)
    await newNotebook(u)
    expect((await api('post', '/notebooks', u.auth).send({ name: 'x' })).status).toBe(403)
    await api('put', `/admin/users/${u.user.id}/plan`, admin.auth).send({ plan_name: 'BASICO' }).expect(200)
    await newNotebook(u, { name: 'Agora no Básico' })
  })

  it('concurrent creations never pass the limit', async () => {
    const u = await withPlan('GRATUITO')
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api('post', '/notebooks', u.auth).send({ name: `Corrida ${i}` })))
    expect(results.filter((r) => r.status === 201)).toHaveLength(2)
    expect(results.filter((r) => r.status === 403)).toHaveLength(4)
    expect(await t.db.select().from(notebooks).where(eq(notebooks.userId, u.user.id))).toHaveLength(2)
  })

  it('with the notebooksEnabled toggle off: no creating, no adding; reading and removing still work', async () => {
    const u = await withPlan('PRO')
    const nb = await newNotebook(u)
    await setMembership(u, qs[0], [nb.id])
    await api('put', '/admin/feature-toggles', admin.auth).send({ notebooksEnabled: false }).expect(200)
    try {
      const res = await api('post', '/notebooks', u.auth).send({ name: 'Desligado' })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ error: 'Os cadernos estão desativados no momento.', code: 'NOTEBOOKS_DISABLED' })
      const add = await api('put', `/questions/${qs[1]}/notebooks`, u.auth).send({ notebook_ids: [nb.id] })
      expect(add.status).toBe(403)
      expect((await api('get', '/notebooks', u.auth).expect(200)).body.allowance).toMatchObject({
        can_create: false,
        code: 'NOTEBOOKS_DISABLED',
      })
      await api('get', `/notebooks/${nb.id}/questions`, u.auth).expect(200)
      await setMembership(u, qs[0], [])
    } finally {
      await api('put', '/admin/feature-toggles', admin.auth).send({ notebooksEnabled: true }).expect(200)
    }
    await newNotebook(u, { name: 'Ligado de novo' })
  })
})

describe('membership: notebook_ids is the complete set', () => {
  it('adds, keeps, removes, and answers the set', async () => {
    const a = await newNotebook(ana, { name: 'A' })
    const b = await newNotebook(ana, { name: 'B' })
    const c = await newNotebook(ana, { name: 'C' })
    const q = qs[2]
    expect((await api('get', `/questions/${q}/notebooks`, ana.auth).expect(200)).body).toEqual({ success: true, notebook_ids: [] })
    expect(await setMembership(ana, q, [b.id, a.id, a.id])).toMatchObject({ notebook_ids: [a.id, b.id], added: [b.id, a.id], removed: [] })
    const [before] = await t.db.select().from(notebookQuestions).where(eq(notebookQuestions.notebookId, a.id))
    expect(await setMembership(ana, q, [a.id, c.id])).toMatchObject({ notebook_ids: [a.id, c.id], added: [c.id], removed: [b.id] })
    const [kept] = await t.db.select().from(notebookQuestions).where(eq(notebookQuestions.notebookId, a.id))
    expect(kept.addedAt).toEqual(before.addedAt)
    expect((await api('get', `/questions/${q}/notebooks`, ana.auth).expect(200)).body.notebook_ids).toEqual([a.id, c.id])
    expect(await setMembership(ana, q, [])).toMatchObject({ notebook_ids: [], removed: [a.id, c.id] })
    expect(await t.db.select().from(notebookQuestions).where(eq(notebookQuestions.questionId, q))).toHaveLength(0)
  })

  it("one id that is not the caller's → 404 and nothing changes (one transaction)", async () => {
    const mine = await newNotebook(ana, { name: 'Meu' })
    const theirs = await newNotebook(bruno, { name: 'Do Bruno' })
    await setMembership(ana, qs[3], [mine.id])
    const before = await snapshot()
    for (const ids of [[mine.id, theirs.id], [theirs.id], [mine.id, 99999999]]) {
      const res = await api('put', `/questions/${qs[3]}/notebooks`, ana.auth).send({ notebook_ids: ids })
      expect(res.status, JSON.stringify(ids)).toBe(404)
      expect(res.body).toEqual({ error: 'Caderno não encontrado' })
    }
    expect(await snapshot()).toEqual(before)
  })

  it('validates the body', async () => {
    for (const body of [{}, { notebook_ids: 'x' }, { notebook_ids: [1.5] }, { notebook_ids: [-1] }, { notebook_ids: ['1'] }]) {
      const res = await api('put', `/questions/${qs[0]}/notebooks`, ana.auth).send(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toMatch(/notebook_ids/)
    }
  })

  it('unknown and removed questions are 404', async () => {
    const nb = await newNotebook(ana)
    for (const id of [removedQ, 99999999]) {
      expect((await api('get', `/questions/${id}/notebooks`, ana.auth)).status).toBe(404)
      const res = await api('put', `/questions/${id}/notebooks`, ana.auth).send({ notebook_ids: [nb.id] })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ error: 'Questão não encontrada' })
    }
  })
})

describe("the notebook's questions", () => {
  it('pages them newest first with the search fields and added_at; counts and progress follow attempts', async () => {
    const nb = await newNotebook(ana, { name: 'Paginado' })
    for (const q of qs.slice(0, 23))
      await setMembership(ana, q, [...(await api('get', `/questions/${q}/notebooks`, ana.auth)).body.notebook_ids, nb.id])
    const p1 = await api('get', `/notebooks/${nb.id}/questions`, ana.auth).expect(200)
    expect(p1.body).toMatchObject({ total: 23, page: 1, per_page: 20, notebook: { id: nb.id, name: 'Paginado' } })
    expect(p1.body.questions).toHaveLength(20)
    expect(p1.body.questions[0].question_id).toBe(qs[22])
    const first = p1.body.questions[0]
    for (const key of [
      'id',
      'short_id',
      'question_number',
      'discipline_name',
      'exam_year',
      'difficulty_level',
      'question_text',
      'alternatives',
      'exam_board',
      'topics',
      'added_at',
    ])
      expect(first, key).toHaveProperty(key)
    expect(first).not.toHaveProperty('correct_answer')
    expect(first).not.toHaveProperty('explanation')
    const p2 = await api('get', `/notebooks/${nb.id}/questions?page=2`, ana.auth).expect(200)
    expect(p2.body.questions.map((q: { id: number }) => q.id)).toEqual([qs[2], qs[1], qs[0]])
    const p3 = await api('get', `/notebooks/${nb.id}/questions?page=3`, ana.auth).expect(200)
    expect(p3.body).toMatchObject({ total: 23, questions: [] })
    const small = await api('get', `/notebooks/${nb.id}/questions?per_page=5&page=2`, ana.auth).expect(200)
    expect(small.body.questions.map((q: { id: number }) => q.id)).toEqual([qs[17], qs[16], qs[15], qs[14], qs[13]])
    for (const bad of ['page=0', 'page=x', 'per_page=101', 'per_page=0', 'page=10001']) {
      const res = await api('get', `/notebooks/${nb.id}/questions?${bad}`, ana.auth)
      expect(res.status, bad).toBe(400)
    }

    // Answered share: 2 of 23 answered (one of them twice) → 9 %.
    await t.db.insert(attempts).values([
      { userId: ana.user.id, questionId: qs[0], answer: 'A', correct: true },
      { userId: ana.user.id, questionId: qs[0], answer: 'B', correct: false },
      { userId: ana.user.id, questionId: qs[5], answer: 'B', correct: false },
      { userId: bruno.user.id, questionId: qs[6], answer: 'A', correct: true },
    ])
    const detail = await api('get', `/notebooks/${nb.id}`, ana.auth).expect(200)
    expect(detail.body.notebook).toMatchObject({ questionsCount: 23, answeredCount: 2, progressPercent: 9 })

    // Removing one question lowers the count by one.
    const rm = await api('delete', `/notebooks/${nb.id}/questions/${qs[0]}`, ana.auth).expect(200)
    expect(rm.body).toEqual({ success: true, message: 'Questão removida do caderno' })
    expect((await api('get', `/notebooks/${nb.id}`, ana.auth)).body.notebook).toMatchObject({ questionsCount: 22, answeredCount: 1 })
    const again = await api('delete', `/notebooks/${nb.id}/questions/${qs[0]}`, ana.auth)
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ error: 'Esta questão não está no caderno.' })
    // The questions themselves stay.
    expect(await t.db.select().from(questions).where(eq(questions.id, qs[0]))).toHaveLength(1)
  })

  it('questions removed by a re-import are neither listed nor counted; deleting one or the notebook leaves no rows', async () => {
    const bank = await insertQuestions(t.db, [
      { discipline: 'Direito Civil', statement: 'Vai ser removida.' },
      { discipline: 'Direito Civil', statement: 'Vai ser apagada.' },
    ])
    const [toRemove, toDelete] = bank.questions.map((q) => q.id)
    const nb = await newNotebook(ana, { name: 'Efêmero' })
    await setMembership(ana, toRemove, [nb.id])
    await setMembership(ana, toDelete, [nb.id])
    await setMembership(ana, qs[24], [nb.id])
    await t.db.update(questions).set({ removedAt: new Date() }).where(eq(questions.id, toRemove))
    const list = await api('get', `/notebooks/${nb.id}/questions`, ana.auth).expect(200)
    expect(list.body.total).toBe(2)
    expect(list.body.questions.map((q: { id: number }) => q.id).sort()).toEqual([toDelete, qs[24]].sort())
    expect((await api('get', `/notebooks/${nb.id}`, ana.auth)).body.notebook.questionsCount).toBe(2)

    await t.db.delete(questions).where(eq(questions.id, toDelete))
    expect(await t.db.select().from(notebookQuestions).where(eq(notebookQuestions.questionId, toDelete))).toHaveLength(0)
    await api('delete', `/notebooks/${nb.id}`, ana.auth).expect(200)
    expect(await t.db.select().from(notebookQuestions).where(eq(notebookQuestions.notebookId, nb.id))).toHaveLength(0)
  })

  it('deleting a user deletes their notebooks and memberships', async () => {
    const u = await withPlan('GRATUITO')
    const nb = await newNotebook(u)
    await setMembership(u, qs[0], [nb.id])
    await t.db.execute(sql`DELETE FROM users WHERE id = ${u.user.id}`)
    expect(await t.db.select().from(notebooks).where(eq(notebooks.id, nb.id))).toHaveLength(0)
    expect(await t.db.select().from(notebookQuestions).where(eq(notebookQuestions.notebookId, nb.id))).toHaveLength(0)
  })
})

describe('/questions/search?notebook_id', () => {
  it("lists the questions of the caller's own notebook, with the other filters", async () => {
    const nb = await newNotebook(ana, { name: 'Filtro' })
    await setMembership(ana, qs[0], [nb.id])
    await setMembership(ana, qs[1], [nb.id])
    const res = await api('get', `/questions/search?notebook_id=${nb.id}`, ana.auth).expect(200)
    expect(res.body.total).toBe(2)
    expect(res.body.data.map((q: { id: number }) => q.id).sort()).toEqual([qs[0], qs[1]].sort())
    const penal = await api('get', `/questions/search?notebook_id=${nb.id}&search_term=n%C3%BAmero`, ana.auth).expect(200)
    expect(penal.body.total).toBe(2)
    const disc = await api(
      'get',
      `/questions/search?notebook_id=${nb.id}&discipline_ids=${res.body.data.find((q: { id: number }) => q.id === qs[0]).discipline_id}`,
      ana.auth,
    ).expect(200)
    expect(disc.body.data.map((q: { id: number }) => q.id)).toEqual([qs[0]])
  })

  it("another user's notebook is 404; a visitor 401; a bad id 400", async () => {
    const nb = await newNotebook(ana, { name: 'Privado' })
    await setMembership(ana, qs[0], [nb.id])
    const res = await api('get', `/questions/search?notebook_id=${nb.id}`, bruno.auth)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Caderno não encontrado' })
    expect((await api('get', `/questions/search?notebook_id=${nb.id}`)).status).toBe(401)
    expect((await api('get', '/questions/search?notebook_id=abc', ana.auth)).status).toBe(400)
  })
})

describe('IDOR matrix: Bruno against every notebook route of Ana → 404, nothing changed', () => {
  it("answers 404 exactly like a missing notebook and leaves Ana's data as it was", async () => {
    const nb = await newNotebook(ana, { name: 'Segredos da Ana', description: 'Só meu' })
    await setMembership(ana, qs[4], [nb.id])
    const brunos = await newNotebook(bruno, { name: 'Do Bruno' })
    const before = await snapshot()
    const missing = 99999999
    const routes = (id: number) =>
      [
        ['get', `/notebooks/${id}`, undefined],
        ['put', `/notebooks/${id}`, { name: 'hackeado' }],
        ['delete', `/notebooks/${id}`, undefined],
        ['get', `/notebooks/${id}/questions`, undefined],
        ['delete', `/notebooks/${id}/questions/${qs[4]}`, undefined],
        ['put', `/questions/${qs[4]}/notebooks`, { notebook_ids: [id] }],
        ['put', `/questions/${qs[4]}/notebooks`, { notebook_ids: [brunos.id, id] }],
        ['get', `/questions/search?notebook_id=${id}`, undefined],
      ] as const
    for (const [[method, url, body], [, missingUrl, missingBody]] of routes(nb.id).map((r, i) => [r, routes(missing)[i]] as const)) {
      const res = await api(method, url, bruno.auth).send(body)
      expect(res.status, `${method} ${url}`).toBe(404)
      expect(JSON.stringify(res.body)).not.toContain('Segredos')
      const other = await api(method, missingUrl, bruno.auth).send(missingBody)
      expect(res.body, `${method} ${url} answers like a missing notebook`).toEqual(other.body)
    }
    // Bruno's own view of the question and his list show nothing of Ana.
    expect((await api('get', `/questions/${qs[4]}/notebooks`, bruno.auth).expect(200)).body.notebook_ids).toEqual([])
    expect(JSON.stringify((await api('get', '/notebooks', bruno.auth).expect(200)).body)).not.toContain('Segredos')
    // Bruno emptying his own membership of the question leaves Ana's.
    await setMembership(bruno, qs[4], [])
    expect(await snapshot()).toEqual(before)
  })
})
