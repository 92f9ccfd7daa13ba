import request from 'supertest'
import { expect } from 'vitest'

import { systemClock } from '#server/domain/time/clock'

import type { createTestContext } from '../support/context'

// Shared steps of the billing tests: a checkout through the sandbox's hosted page, as a
// browser does it (the page's POST sends Sec-Fetch-Site: same-origin).

export type TestContext = Awaited<ReturnType<typeof createTestContext>>
export type Auth = Record<string, string>

export async function startCheckout(t: TestContext, auth: Auth, plan = 'PREMIUM', method = 'credit_card', period?: 'month' | 'year') {
  const res = await request(t.app)
    .post('/api/v1/billing/checkout')
    .set(auth)
    .send({ plan_name: plan, method, ...(period ? { billing_period: period } : {}) })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { checkout_id: string; redirect_url: string; checkout: Record<string, unknown> }
}

export async function decide(t: TestContext, checkoutId: string, decision: 'aprovar' | 'recusar') {
  const res = await request(t.app).post(`/sandbox-pagamentos/${checkoutId}/${decision}`).set('Sec-Fetch-Site', 'same-origin')
  expect(res.status).toBe(303)
  expect(res.headers.location).toBe(`/trocar-plano/retorno?checkout=${checkoutId}`)
  return res
}

/** Checkout + approval on the sandbox page: the user is on `plan` afterwards. */
export async function buy(t: TestContext, auth: Auth, plan = 'PREMIUM', method = 'credit_card', period?: 'month' | 'year') {
  const { checkout_id } = await startCheckout(t, auth, plan, method, period)
  await decide(t, checkout_id, 'aprovar')
  return checkout_id
}

export const subscriptionOf = async (t: TestContext, auth: Auth) =>
  (await request(t.app).get('/api/v1/billing/subscription').set(auth)).body

/** Moves the clock the billing rules see (AppContext.clock); `undefined` restores the real one. */
export function setNow(t: TestContext, date: Date | undefined) {
  t.ctx.clock = date ? () => date : systemClock()
}

export const DAY = 24 * 60 * 60 * 1000

/** Premium's row as the migration seeds it: the body of PUT /admin/plan-catalog/plans/:plan. */
export const PREMIUM_AS_SEEDED = {
  tagline: 'Chat e discussões para estudar a fundo',
  popular: true,
  price_cents: 3500,
  questions_per_week: -1,
  notebooks_limit: 50,
  has_commented_questions: true,
  has_notebooks: true,
  has_comments: true,
  has_chat: true,
  has_ads: false,
}
