import { eq } from 'drizzle-orm'
import request from 'supertest'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { payments, planPrices } from '#server/db/schema'

import type { TestContext } from '../../../tests/api/billing-helpers'
import { buy, DAY, PREMIUM_AS_SEEDED, setNow, subscriptionOf } from '../../../tests/api/billing-helpers'
import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// The plan catalogue as data (issue 28): an admin edits plans, prices and card lines; the cards
// list only what the software delivers, the policy enforces the limits, a price change reaches
// new subscriptions and renewals but never a paid period.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: TestContext
let admin: User

const api = (method: 'get' | 'put' | 'post' | 'patch' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

type PlanCard = { plan_name: string; price_cents: number; features: string[]; tagline: string }
const cards = async () => (await api('get', '/plans').expect(200)).body.data as PlanCard[]
const card = async (plan: string) => (await cards()).find((c) => c.plan_name === plan)!

const premiumAsSeeded = PREMIUM_AS_SEEDED

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
})
afterAll(() => t.close())
afterEach(() => setNow(t, undefined))

describe('who may edit the catalogue', () => {
  it('answers 401 without a session and 403 to a student', async () => {
    const student = await createTestUser(t.ctx)
    await api('get', '/admin/plan-catalog').expect(401)
    await api('get', '/admin/plan-catalog', student.auth).expect(403)
    await api('put', '/admin/plan-catalog/plans/PRO', student.auth).send(premiumAsSeeded).expect(403)
  })
})

describe('the seeded catalogue', () => {
  it('sells nothing the software lacks: no services, no guarantee; simulados only on the plans that have them', async () => {
    const all = (await cards()).flatMap((c) => c.features)
    for (const absent of [
      'Simulados personalizados',
      'Mentoria personalizada',
      'Grupo VIP no Telegram',
      'Garantia de aprovação',
      'IA avançada',
    ])
      expect(all).not.toContain(absent)
    const view = (await api('get', '/admin/plan-catalog', admin.auth).expect(200)).body
    const simulados = view.lines.find((l: { capability: string }) => l.capability === 'simulados')
    // Built by issue 29: on the Premium and Pro cards, with what they include.
    expect(simulados).toMatchObject({ label: 'Simulados personalizados', enabled: true, delivered: true })
    expect((await card('PREMIUM')).features).toContain(
      'Simulados personalizados: Exame de Ordem, provas completas do banco e personalizados, sem limite',
    )
    expect((await card('BASICO')).features.join('\n')).not.toMatch(/Simulados/)
    expect(view.lines.filter((l: { service: boolean }) => l.service)).toEqual([])
    // A monthly price for each plan, and a yearly one for each paid plan.
    expect(view.plans.map((p: { prices: unknown[] }) => p.prices.length)).toEqual([1, 2, 2, 2])
    expect(view.plans.map((p: { year_price_cents: number | null }) => p.year_price_cents)).toEqual([null, 20000, 35000, 50000])
  })

  it('a line whose feature is switched off leaves the cards, and comes back with it', async () => {
    expect((await card('PREMIUM')).features).toContain('Chatbot especializado')
    await api('put', '/admin/feature-toggles', admin.auth).send({ chatEnabled: false }).expect(200)
    expect((await card('PREMIUM')).features).not.toContain('Chatbot especializado')
    await api('put', '/admin/feature-toggles', admin.auth).send({ chatEnabled: true }).expect(200)
    expect((await card('PREMIUM')).features).toContain('Chatbot especializado')
  })
})

describe('editing a plan', () => {
  it('refuses a price for Gratuito, a paid plan under R$ 1,00 and a limit that is no number', async () => {
    const free = {
      ...premiumAsSeeded,
      popular: false,
      price_cents: 990,
      questions_per_week: 5,
      notebooks_limit: 2,
      has_comments: false,
      has_chat: false,
      has_ads: true,
    }
    const res = await api('put', '/admin/plan-catalog/plans/GRATUITO', admin.auth).send(free).expect(422)
    expect(res.body.error).toBe('O plano Gratuito não tem preço: deixe R$ 0,00.')
    const cheap = await api('put', '/admin/plan-catalog/plans/PREMIUM', admin.auth)
      .send({ ...premiumAsSeeded, price_cents: 50 })
      .expect(422)
    expect(cheap.body.error).toBe('Um plano pago custa pelo menos R$ 1,00.')
    const bad = await api('put', '/admin/plan-catalog/plans/PREMIUM', admin.auth)
      .send({ ...premiumAsSeeded, notebooks_limit: -5 })
      .expect(400)
    expect(bad.body.error).toMatch(/Cadernos: use -1 para ilimitado/)
    await api('put', '/admin/plan-catalog/plans/VIP', admin.auth).send(premiumAsSeeded).expect(404)
  })

  it('never lets a dearer plan have less than a cheaper one', async () => {
    const res = await api('put', '/admin/plan-catalog/plans/PREMIUM', admin.auth)
      .send({ ...premiumAsSeeded, notebooks_limit: 5, has_commented_questions: false })
      .expect(422)
    expect(res.body.error).toBe(
      'O plano Premium ficaria com menos que o Básico (cadernos, análise do professor): um plano mais caro nunca tem menos.',
    )
    expect((await card('PREMIUM')).features).toContain('Caderno personalizado: até 50 cadernos')
    // The simulados (issue 29): Premium without them, or with fewer past exams a month than Básico.
    const fewer = await api('put', '/admin/plan-catalog/plans/PREMIUM', admin.auth)
      .send({ ...premiumAsSeeded, simulations_per_month: 0, has_simulations: false })
      .expect(422)
    expect(fewer.body.error).toBe(
      'O plano Premium ficaria com menos que o Básico (simulados de prova anterior por mês): um plano mais caro nunca tem menos.',
    )
    const noneForPro = await api('put', '/admin/plan-catalog/plans/PRO', admin.auth)
      .send({ ...premiumAsSeeded, price_cents: 5000, has_simulations: false })
      .expect(422)
    expect(noneForPro.body.error).toMatch(/O plano Pro ficaria com menos que o Premium \(.*simulados\)/)
  })

  it('limits written by the admin are what the policy enforces and the card says', async () => {
    const student = await createTestUser(t.ctx, { plan: 'BASICO' })
    const basico = {
      ...premiumAsSeeded,
      tagline: 'Treino sem limite',
      popular: false,
      price_cents: 2000,
      notebooks_limit: 3,
      has_comments: false,
      has_chat: false,
      has_ads: true,
    }
    const saved = await api('put', '/admin/plan-catalog/plans/BASICO', admin.auth).send(basico).expect(200)
    expect(saved.body.message).toBe('Plano Básico salvo.')
    const policy = (await api('get', '/policy', student.auth).expect(200)).body
    expect(policy.limits).toMatchObject({ notebooksLimit: 3, hasCommentedQuestions: true })
    expect(await card('BASICO')).toMatchObject({ tagline: 'Treino sem limite' })
    expect((await card('BASICO')).features).toContain('Caderno personalizado: até 3 cadernos')
    for (const name of ['A', 'B', 'C']) await api('post', '/notebooks', student.auth).send({ name }).expect(201)
    const fourth = await request(t.app).post('/api/v1/notebooks').set(student.auth).send({ name: 'D' })
    expect(fourth.status).toBe(403)
    expect(fourth.body.error).toBe(
      'Você atingiu o limite de 3 cadernos do plano Básico. Conheça os outros planos para criar mais cadernos.',
    )
    await api('put', '/admin/plan-catalog/plans/BASICO', admin.auth)
      .send({ ...basico, notebooks_limit: 10 })
      .expect(200)
  })

  it('Básico reads the analysis Gratuito reads (a paid plan never has less)', async () => {
    const bank = await insertQuestions(t.db, [
      { discipline: 'Direito Civil', statement: 'Com análise.', correctAnswer: 'B', explanation: 'Porque sim.' },
    ])
    const student = await createTestUser(t.ctx, { plan: 'BASICO' })
    const res = await api('post', `/questions/${bank.questions[0].id}/reveal`, student.auth).expect(200)
    expect(res.body).toMatchObject({ correct_answer: 'B', explanation: 'Porque sim.' })
  })
})

describe('a price change', () => {
  it('reaches new subscriptions and renewals, never a period already paid; the history keeps both prices', async () => {
    const early = await createTestUser(t.ctx)
    await buy(t, early.auth, 'PRO')
    const periodEnd = new Date((await subscriptionOf(t, early.auth)).renews_at)

    const pro = {
      ...premiumAsSeeded,
      tagline: 'Tudo do Premium, com cadernos sem limite',
      popular: false,
      notebooks_limit: -1,
      price_cents: 5900,
    }
    const res = await api('put', '/admin/plan-catalog/plans/PRO', admin.auth).send(pro).expect(200)
    expect(res.body.message).toBe(
      'Plano Pro salvo. O novo preço, R$\u00a059,00, vale para novas assinaturas e renovações; períodos já pagos não mudam.',
    )
    const history = res.body.plans
      .find((p: { plan_name: string }) => p.plan_name === 'PRO')
      .prices.filter((h: { period: string }) => h.period === 'month')
    expect(history.map((h: { amount_cents: number; created_by: string | null }) => [h.amount_cents, h.created_by])).toEqual([
      [5900, 'Ana Admin'],
      [5000, null],
    ])
    expect((await card('PRO')).price_cents).toBe(5900)

    // The paid period keeps its amount; a new buyer pays the new price.
    const paidBefore = await t.db.select().from(payments).where(eq(payments.userId, early.user.id))
    expect(paidBefore.map((p) => p.amountCents)).toEqual([5000])
    const late = await createTestUser(t.ctx)
    await buy(t, late.auth, 'PRO')
    expect((await t.db.select().from(payments).where(eq(payments.userId, late.user.id))).map((p) => p.amountCents)).toEqual([5900])

    // The renewal, after the period, charges the price of its time.
    setNow(t, new Date(periodEnd.getTime() + DAY))
    await subscriptionOf(t, early.auth)
    const renewal = (await t.db.select().from(payments).where(eq(payments.userId, early.user.id))).find((p) => p.kind === 'renewal')
    expect(renewal).toMatchObject({ amountCents: 5900, status: 'approved' })
    expect(await t.db.select().from(planPrices).where(eq(planPrices.planName, 'PRO'))).toHaveLength(3)
  })
})

describe('service lines', () => {
  it('are written in by an admin, off until switched on, on the plans named, and deletable; feature lines only switch off', async () => {
    const created = await api('post', '/admin/plan-catalog/lines', admin.auth)
      .send({ label: 'Mentoria mensal em grupo', plans: ['PRO'] })
      .expect(201)
    expect(created.body.message).toBe('Linha “Mentoria mensal em grupo” criada, desligada: ligue-a quando o serviço existir.')
    const line = created.body.lines.find((l: { label: string }) => l.label === 'Mentoria mensal em grupo')
    expect(line).toMatchObject({ service: true, enabled: false, delivered: false, plans: ['PRO'] })
    expect((await card('PRO')).features).not.toContain('Mentoria mensal em grupo')

    await api('patch', `/admin/plan-catalog/lines/${line.id}`, admin.auth).send({ enabled: true }).expect(200)
    expect((await card('PRO')).features).toContain('Mentoria mensal em grupo')
    expect((await card('PREMIUM')).features).not.toContain('Mentoria mensal em grupo')

    const chat = created.body.lines.find((l: { capability: string }) => l.capability === 'chat')
    const refused = await api('patch', `/admin/plan-catalog/lines/${chat.id}`, admin.auth)
      .send({ plans: ['GRATUITO'] })
      .expect(422)
    expect(refused.body.error).toMatch(/^Uma linha de recurso aparece nos planos cujos limites o incluem/)
    await api('delete', `/admin/plan-catalog/lines/${chat.id}`, admin.auth).expect(409)

    await api('delete', `/admin/plan-catalog/lines/${line.id}`, admin.auth).expect(200)
    expect((await card('PRO')).features).not.toContain('Mentoria mensal em grupo')
    await api('delete', `/admin/plan-catalog/lines/${line.id}`, admin.auth).expect(404)
    await api('post', '/admin/plan-catalog/lines', admin.auth).send({ label: '   ', plans: [] }).expect(400)
  })
})
