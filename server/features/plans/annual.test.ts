import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { payments } from '#server/db/schema'

import type { TestContext } from '../../../tests/api/billing-helpers'
import { buy, PREMIUM_AS_SEEDED, setNow, startCheckout, subscriptionOf } from '../../../tests/api/billing-helpers'
import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

// Issue 28 (ADR 042): plans sold by the year (one payment, a one-year period, renewed by the
// year at the catalogue's yearly price of the time) and upgrades that credit what is left of the
// paid period, pro rata by days.

let t: TestContext
let admin: Awaited<ReturnType<typeof createTestUser>>
beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
})
afterAll(() => t.close())
afterEach(() => setNow(t, undefined))

const api = () => contractRequest(t.app)
const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id)
const receipt = async (auth: Record<string, string>, checkoutId: string) =>
  (await api().get(`/api/v1/billing/receipts/${checkoutId}`).set(auth).expect(200)).body

const premium = PREMIUM_AS_SEEDED
const setPremiumYear = (year: number | null) =>
  api()
    .put('/api/v1/admin/plan-catalog/plans/PREMIUM')
    .set(admin.auth)
    .send({ ...premium, year_price_cents: year })
    .expect(200)

describe('annual plans', () => {
  it('the cards offer each paid plan by the year, with its monthly equivalent', async () => {
    const plans = (await api().get('/api/v1/plans').expect(200)).body.data
    expect(plans.map((p: { year_price_cents: number | null }) => p.year_price_cents)).toEqual([null, 20000, 35000, 50000])
    expect(plans[2]).toMatchObject({ year_price_formatted: 'R$\u00a0350,00', year_monthly_formatted: 'R$\u00a029,17' })
  })

  it('one payment buys a one-year period, shown on the receipt; the renewal charges a year again', async () => {
    const s = await createTestUser(t.ctx)
    const start = new Date('2026-01-15T10:00:00Z')
    setNow(t, start)
    const overview = (await api().get('/api/v1/billing/subscription').set(s.auth).expect(200)).body
    const option = overview.options.find((o: { plan_name: string }) => o.plan_name === 'PREMIUM')
    expect(option.charges.map((c: { billing_period: string; amount_cents: number }) => [c.billing_period, c.amount_cents])).toEqual([
      ['month', 3500],
      ['year', 35000],
    ])

    const checkout = await startCheckout(t, s.auth, 'PREMIUM', 'credit_card', 'year')
    expect(checkout.checkout).toMatchObject({ billing_period: 'year', amount_cents: 35000, credit_cents: 0, price_cents: 35000 })
    await api().post(`/sandbox-pagamentos/${checkout.checkout_id}/aprovar`).set('Sec-Fetch-Site', 'same-origin').expect(303)
    const sub = await subscriptionOf(t, s.auth)
    expect(sub.subscription).toMatchObject({ billing_period: 'year', current_period_end: '2027-01-15T10:00:00.000Z' })
    expect(sub.renews_at).toBe('2027-01-15T10:00:00.000Z')
    expect(await receipt(s.auth, checkout.checkout_id)).toMatchObject({
      billing_period: 'year',
      billing_period_label: 'Anual',
      amount_cents: 35000,
      period_start: '2026-01-15T10:00:00.000Z',
      period_end: '2027-01-15T10:00:00.000Z',
    })

    // A day after the year: the renewal charges the yearly price for the next year.
    setNow(t, new Date('2027-01-16T10:00:00Z'))
    const renewed = await subscriptionOf(t, s.auth)
    expect(renewed.subscription).toMatchObject({ billing_period: 'year', current_period_start: '2027-01-15T10:00:00.000Z' })
    expect(renewed.renews_at).toBe('2028-01-15T10:00:00.000Z')
    const renewal = (await paymentsOf(s.user.id)).find((p) => p.kind === 'renewal')
    expect(renewal).toMatchObject({ amountCents: 35000, billingPeriod: 'year', status: 'approved' })
  })

  it('a new yearly price reaches new subscriptions and renewals, never a paid year; without one the plan is sold by the month', async () => {
    const s = await createTestUser(t.ctx)
    setNow(t, new Date('2026-02-01T12:00:00Z'))
    const paid = await buy(t, s.auth, 'PREMIUM', 'credit_card', 'year')

    const res = await setPremiumYear(39000)
    expect(res.body.message).toBe(
      'Plano Premium salvo. O novo preço anual, R$\u00a0390,00, vale para novas assinaturas e renovações; períodos já pagos não mudam.',
    )
    const history = res.body.plans.find((p: { plan_name: string }) => p.plan_name === 'PREMIUM').prices
    expect(history.filter((h: { period: string }) => h.period === 'year').map((h: { amount_cents: number }) => h.amount_cents)).toEqual([
      39000, 35000,
    ])
    // The paid year is untouched: its amount and its end.
    expect((await paymentsOf(s.user.id)).map((p) => [p.amountCents, p.periodEnd?.toISOString()])).toEqual([
      [35000, '2027-02-01T12:00:00.000Z'],
    ])
    expect((await receipt(s.auth, paid)).amount_cents).toBe(35000)
    expect((await subscriptionOf(t, s.auth)).renews_at).toBe('2027-02-01T12:00:00.000Z')

    const late = await createTestUser(t.ctx)
    expect((await startCheckout(t, late.auth, 'PREMIUM', 'pix', 'year')).checkout.amount_cents).toBe(39000)

    // Withdrawn: no yearly checkout, and the yearly subscription renews by the month.
    await setPremiumYear(null)
    expect((await api().get('/api/v1/plans').expect(200)).body.data[2].year_price_cents).toBeNull()
    const refused = await api()
      .post('/api/v1/billing/checkout')
      .set(late.auth)
      .send({ plan_name: 'PREMIUM', method: 'credit_card', billing_period: 'year' })
      .expect(400)
    expect(refused.body.error).toBe('Este plano não tem opção anual no momento: escolha o mensal.')
    setNow(t, new Date('2027-02-02T12:00:00Z'))
    const renewed = await subscriptionOf(t, s.auth)
    expect(renewed.subscription.billing_period).toBe('month')
    expect(renewed.renews_at).toBe('2027-03-01T12:00:00.000Z')
    expect((await paymentsOf(s.user.id)).at(-1)).toMatchObject({ kind: 'renewal', amountCents: 3500, billingPeriod: 'month' })
    await setPremiumYear(35000)
  })

  it('refuses a yearly price under R$ 1,00 and one for Gratuito', async () => {
    const low = await api()
      .put('/api/v1/admin/plan-catalog/plans/PREMIUM')
      .set(admin.auth)
      .send({ ...premium, year_price_cents: 50 })
      .expect(422)
    expect(low.body.error).toBe('O preço anual é de pelo menos R$ 1,00; deixe em branco para não vender o plano por ano.')
    const free = await api()
      .put('/api/v1/admin/plan-catalog/plans/GRATUITO')
      .set(admin.auth)
      .send({
        ...premium,
        popular: false,
        price_cents: 0,
        questions_per_week: 5,
        notebooks_limit: 2,
        has_comments: false,
        has_chat: false,
        has_ads: true,
        year_price_cents: 1000,
      })
      .expect(422)
    expect(free.body.error).toBe('O plano Gratuito não tem preço anual: deixe em branco.')
  })
})

describe('pro-rata upgrades', () => {
  it('credit what is left of the paid period, by whole days, against the new price; the new period starts at the upgrade', async () => {
    const s = await createTestUser(t.ctx)
    setNow(t, new Date('2026-03-01T12:00:00Z'))
    await buy(t, s.auth, 'BASICO')

    // 10 days into a 31-day month: 21 days left of R$ 20,00 → R$ 13,54 (rounded down).
    setNow(t, new Date('2026-03-11T12:00:00Z'))
    const overview = (await api().get('/api/v1/billing/subscription').set(s.auth).expect(200)).body
    expect(overview.credit).toMatchObject({ plan_name: 'BASICO', plan: 'Básico', cents: 1354, days_left: 21 })
    const option = overview.options.find((o: { plan_name: string }) => o.plan_name === 'PREMIUM')
    expect(option.charges[0]).toMatchObject({ billing_period: 'month', price_cents: 3500, credit_cents: 1354, amount_cents: 2146 })

    const checkout = await startCheckout(t, s.auth, 'PREMIUM')
    expect(checkout.checkout).toMatchObject({
      amount_cents: 2146,
      price_cents: 3500,
      credit_cents: 1354,
      credit_formatted: 'R$\u00a013,54',
      credit_plan: 'Básico',
    })
    await api().post(`/sandbox-pagamentos/${checkout.checkout_id}/aprovar`).set('Sec-Fetch-Site', 'same-origin').expect(303)
    const upgraded = await subscriptionOf(t, s.auth)
    expect(upgraded.subscription).toMatchObject({
      plan_name: 'PREMIUM',
      current_period_start: '2026-03-11T12:00:00.000Z',
      current_period_end: '2026-04-11T12:00:00.000Z',
    })
    expect(await receipt(s.auth, checkout.checkout_id)).toMatchObject({ amount_cents: 2146, credit_cents: 1354, credit_plan: 'Básico' })
    expect((await paymentsOf(s.user.id)).at(-1)).toMatchObject({ creditCents: 1354, creditPlanName: 'BASICO' })

    // 15 days into the Premium month (31 days): 16 days of what it was worth (R$ 35,00) → R$ 18,06,
    // against Pro's year.
    setNow(t, new Date('2026-03-26T12:00:00Z'))
    const pro = await startCheckout(t, s.auth, 'PRO', 'credit_card', 'year')
    expect(pro.checkout).toMatchObject({
      billing_period: 'year',
      price_cents: 50000,
      credit_cents: 1806,
      amount_cents: 48194,
      credit_plan: 'Premium',
    })
  })

  it('never charge less than R$ 1,00: a credit above the price is used up to it', async () => {
    const s = await createTestUser(t.ctx)
    setNow(t, new Date('2026-05-01T12:00:00Z'))
    await buy(t, s.auth, 'PREMIUM', 'credit_card', 'year')
    setNow(t, new Date('2026-05-02T12:00:00Z'))
    const pro = await startCheckout(t, s.auth, 'PRO')
    expect(pro.checkout).toMatchObject({ price_cents: 5000, credit_cents: 4900, amount_cents: 100 })
  })

  it('give no credit for a complimentary plan', async () => {
    const s = await createTestUser(t.ctx, { plan: 'BASICO' })
    const overview = (await api().get('/api/v1/billing/subscription').set(s.auth).expect(200)).body
    expect(overview.credit).toBeNull()
    expect((await startCheckout(t, s.auth, 'PREMIUM')).checkout).toMatchObject({ amount_cents: 3500, credit_cents: 0 })
  })
})
