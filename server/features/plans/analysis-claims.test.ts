import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { questions } from '#server/db/schema'
import { referenceDataChanged } from '#server/domain/reference-data'
import { analysisCoverage } from '#server/features/plans/analysis-coverage'

import { PREMIUM_AS_SEEDED } from '../../../tests/api/billing-helpers'
import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Claims that stay true (issue 40): the cards state the bank's real analysis coverage, counted
// from the data, or say nothing below the admin's threshold; a plan without the analysis loses
// the line, and every page reads the same string.

type Ctx = Awaited<ReturnType<typeof createTestContext>>
type User = Awaited<ReturnType<typeof createTestUser>>
let t: Ctx
let admin: User

const api = (method: 'get' | 'put' | 'patch', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}
type Card = { plan_name: string; features: string[] }
const plans = async () => (await api('get', '/plans').expect(200)).body as { data: Card[]; analysis_line: string | null }
const featuresOf = async (plan: string) => (await plans()).data.find((c) => c.plan_name === plan)!.features
const analysisLineOf = async () => {
  const view = (await api('get', '/admin/plan-catalog', admin.auth).expect(200)).body
  return view.lines.find((l: { capability: string }) => l.capability === 'analysis')
}

const FREE = { ...PREMIUM_AS_SEEDED, popular: false, price_cents: 0, questions_per_week: 5, notebooks_limit: 2 }
const BASIC = { ...PREMIUM_AS_SEEDED, popular: false, price_cents: 2000, notebooks_limit: 10 }
const free = (analysis: boolean) => ({ ...FREE, has_comments: false, has_chat: false, has_ads: true, has_commented_questions: analysis })
const basic = (analysis: boolean) => ({ ...BASIC, has_comments: false, has_chat: false, has_ads: true, has_commented_questions: analysis })

/** `n` questions with a professor's analysis, and the rest of the bank around them. */
async function professorQuestions(n: number) {
  const { questions: rows } = await insertQuestions(
    t.db,
    Array.from({ length: n }, (_, i) => ({ discipline: 'Direito Civil', statement: `Analisada ${i}`, explanation: `Análise ${i}` })),
  )
  await t.db
    .update(questions)
    .set({ explanationSource: 'professor' })
    .where(
      inArray(
        questions.id,
        rows.map((q) => q.id),
      ),
    )
  referenceDataChanged()
}

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
})
afterAll(() => t.close())

describe('the analysis coverage', () => {
  it('counts live questions with a professor’s non-blank text, and the line stays off the cards below the threshold', async () => {
    // Imported comments, a blank professor text and removed questions count for nothing.
    const { questions: others } = await insertQuestions(t.db, [
      ...Array.from({ length: 240 }, (_, i) => ({
        discipline: 'Direito Penal',
        statement: `Importada ${i}`,
        explanation: 'Veio da prova',
      })),
      ...Array.from({ length: 4 }, (_, i) => ({ discipline: 'Direito Penal', statement: `Sem nada ${i}` })),
      { discipline: 'Direito Penal', statement: 'Em branco 1', explanation: '   ' },
      { discipline: 'Direito Penal', statement: 'Em branco 2', explanation: '' },
    ])
    await t.db
      .update(questions)
      .set({ explanationSource: 'import' })
      .where(
        inArray(
          questions.id,
          others.slice(0, 240).map((q) => q.id),
        ),
      )
    await t.db
      .update(questions)
      .set({ explanationSource: 'professor' })
      .where(
        inArray(
          questions.id,
          others.slice(244).map((q) => q.id),
        ),
      )
    const { questions: removed } = await insertQuestions(
      t.db,
      Array.from({ length: 3 }, (_, i) => ({
        discipline: 'Direito Penal',
        statement: `Removida ${i}`,
        explanation: 'Texto',
        removed: true,
      })),
    )
    await t.db
      .update(questions)
      .set({ explanationSource: 'professor' })
      .where(
        inArray(
          questions.id,
          removed.map((q) => q.id),
        ),
      )
    await professorQuestions(99)
    expect(await analysisCoverage(t.db)).toEqual({ count: 99, total: 345, percent: 28 })
    // 99 of a threshold of 100: no line on any card, nor on the landing page.
    for (const plan of ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO']) expect((await featuresOf(plan)).join('\n')).not.toMatch(/Análise|Explicaç/)
    expect((await plans()).analysis_line).toBeNull()
    expect(await analysisLineOf()).toMatchObject({ min_count: 100, coverage: { count: 99, total: 345, percent: 28, shown: false } })
  })

  it('states the count with a thousands separator and a percent rounded down, the same on every card and page', async () => {
    await professorQuestions(1105)
    // 1.204 of 1.450 live questions is 83,03%: the card says 83%.
    expect(await analysisCoverage(t.db)).toEqual({ count: 1204, total: 1450, percent: 83 })
    const line = 'Análise do professor em 1.204 questões (83%)'
    const reply = await plans()
    for (const card of reply.data) expect(card.features).toContain(line)
    expect(reply.analysis_line).toBe(line)
    const view = (await api('get', '/admin/plan-catalog', admin.auth).expect(200)).body
    for (const plan of view.plans) expect(plan.features).toContain(line)
    expect(await analysisLineOf()).toMatchObject({ coverage: { count: 1204, percent: 83, shown: true } })
  })

  it('keeps the count, and counts again once the reference data moves (an import, a publish on the desk)', async () => {
    const { questions: rows } = await insertQuestions(t.db, [
      { discipline: 'Direito Civil', statement: 'Nova', explanation: 'Nova análise' },
    ])
    await t.db
      .update(questions)
      .set({ explanationSource: 'professor' })
      .where(inArray(questions.id, [rows[0].id]))
    expect((await analysisCoverage(t.db)).count).toBe(1204)
    referenceDataChanged()
    expect(await analysisCoverage(t.db)).toEqual({ count: 1205, total: 1451, percent: 83 })
    await t.db
      .update(questions)
      .set({ removedAt: new Date() })
      .where(inArray(questions.id, [rows[0].id]))
    referenceDataChanged()
    expect(await analysisCoverage(t.db)).toEqual({ count: 1204, total: 1450, percent: 83 })
  })
})

describe('the admin’s threshold', () => {
  it('is edited on the line, validated, and hides the line when the bank has fewer', async () => {
    const line = await analysisLineOf()
    const bad = await api('patch', `/admin/plan-catalog/lines/${line.id}`, admin.auth).send({ min_count: -1 }).expect(400)
    expect(bad.body.error).toBe('O mínimo de questões não pode ser negativo.')
    const chat = (await api('get', '/admin/plan-catalog', admin.auth).expect(200)).body.lines.find(
      (l: { capability: string }) => l.capability === 'chat',
    )
    const other = await api('patch', `/admin/plan-catalog/lines/${chat.id}`, admin.auth).send({ min_count: 10 }).expect(422)
    expect(other.body.error).toMatch(/Só a linha da análise do professor tem um mínimo/)

    await api('patch', `/admin/plan-catalog/lines/${line.id}`, admin.auth).send({ min_count: 2000 }).expect(200)
    expect((await featuresOf('PREMIUM')).join('\n')).not.toMatch(/Análise do professor/)
    expect(await analysisLineOf()).toMatchObject({ min_count: 2000, coverage: { shown: false } })
    await api('patch', `/admin/plan-catalog/lines/${line.id}`, admin.auth).send({ min_count: 100 }).expect(200)
    expect(await featuresOf('PREMIUM')).toContain('Análise do professor em 1.204 questões (83%)')
  })
})

describe('a plan without the analysis', () => {
  it('loses the line when the admin switches it off for Gratuito and Básico, and its students lose the analysis', async () => {
    const line = 'Análise do professor em 1.204 questões (83%)'
    // Off for Básico alone would leave it with less than Gratuito: refused.
    const refused = await api('put', '/admin/plan-catalog/plans/BASICO', admin.auth).send(basic(false)).expect(422)
    expect(refused.body.error).toBe(
      'O plano Básico ficaria com menos que o Gratuito (análise do professor): um plano mais caro nunca tem menos.',
    )
    expect(await featuresOf('BASICO')).toContain(line)

    await api('put', '/admin/plan-catalog/plans/GRATUITO', admin.auth).send(free(false)).expect(200)
    await api('put', '/admin/plan-catalog/plans/BASICO', admin.auth).send(basic(false)).expect(200)
    expect(await featuresOf('GRATUITO')).not.toContain(line)
    expect(await featuresOf('BASICO')).not.toContain(line)
    expect(await featuresOf('PREMIUM')).toContain(line)
    // The policy agrees with the card: a Básico student reads no analysis, a Premium one does.
    const basico = await createTestUser(t.ctx, { plan: 'BASICO' })
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    expect((await api('get', '/policy', basico.auth).expect(200)).body.features.commentedQuestions).toBe(false)
    expect((await api('get', '/policy', premium.auth).expect(200)).body.features.commentedQuestions).toBe(true)
    // The landing page's line still speaks for the plans that have it.
    expect((await plans()).analysis_line).toBe(line)

    await api('put', '/admin/plan-catalog/plans/BASICO', admin.auth).send(basic(true)).expect(200)
    await api('put', '/admin/plan-catalog/plans/GRATUITO', admin.auth).send(free(true)).expect(200)
    expect(await featuresOf('BASICO')).toContain(line)
  })

  it('with the Análise switched off for everyone, no card and no page states it', async () => {
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentedQuestionsEnabled: false }).expect(200)
    const reply = await plans()
    for (const card of reply.data) expect(card.features.join('\n')).not.toMatch(/Análise do professor/)
    expect(reply.analysis_line).toBeNull()
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentedQuestionsEnabled: true }).expect(200)
  })
})
