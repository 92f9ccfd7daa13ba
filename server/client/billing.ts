import type { PaidPlanName, PaymentMethod, PlanName } from '../db/schema'
import type { CheckoutJson } from '../domain/billing/checkout'
import type { BillingOverview, PaymentMethodJson } from '../domain/billing/subscriptions'
import type { PlanJson } from '../domain/plans'
import type { Policy } from '../domain/policy'
import type { ApiClient } from './core'

// Typed calls of plans, entitlements and the user's subscription (server/api/billing.ts),
// shared by the plan pages (/planos, /trocar-plano), the dashboard and the CLI.

export type { BillingOverview, CheckoutJson, PaidPlanName, PaymentMethod, PaymentMethodJson, PlanJson, PlanName, Policy }

export type PlansResponse = {
  data: PlanJson[]
  /** Empty when no payment provider is configured. */
  payment_methods: PaymentMethodJson[]
  changes_available: boolean
}

export type CheckoutResponse = { checkout_id: string; redirect_url: string; checkout: CheckoutJson }

export type SubscriptionChangeResponse = BillingOverview & {
  success: true
  message: string
  change: 'scheduled' | 'applied' | 'pending-cleared' | 'canceled' | 'resumed'
}

export type PaymentsPage = {
  data: CheckoutJson[]
  total: number
  page: number
  per_page: number
}

/** GET /plans (public): the four plans with prices, limits and card features. */
export function getPlans(client: ApiClient) {
  return client.get<PlansResponse>('/plans')
}

/** GET /policy: plan, limits, admin toggles, usage and the resulting feature map. */
export function getPolicy(client: ApiClient) {
  return client.get<Policy>('/policy')
}

/** GET /billing/subscription: the current plan block, pending change and the options. */
export function getSubscription(client: ApiClient) {
  return client.get<BillingOverview>('/billing/subscription')
}

/**
 * POST /billing/checkout: an upgrade; send the browser to `redirect_url`. Errors (ApiError):
 * 503 changes unavailable, 409 same plan / downgrade (body.code 'DOWNGRADE') / admin, 400 no method.
 */
export function startCheckout(client: ApiClient, body: { plan_name: PaidPlanName; method: PaymentMethod }) {
  return client.post<CheckoutResponse>('/billing/checkout', { json: body })
}

/** GET /billing/checkouts/:id: the result shown on return (404 unless it is the caller's). */
export function getCheckout(client: ApiClient, checkoutId: string) {
  return client.get<CheckoutJson>(`/billing/checkouts/${encodeURIComponent(checkoutId)}`)
}

/** GET /billing/payments: the caller's payments, newest first. */
export function listMyPayments(client: ApiClient, options: { page?: number } = {}) {
  return client.get<PaymentsPage>('/billing/payments', { query: { page: options.page } })
}

/**
 * POST /billing/subscription/change: a change without payment. A smaller plan is scheduled
 * for the end of the period; the current plan drops a scheduled change; GRATUITO cancels.
 * A bigger plan answers 409 with body.code 'PAYMENT_REQUIRED' (use startCheckout).
 */
export function changePlan(client: ApiClient, planName: Exclude<PlanName, 'ADMIN'>) {
  return client.post<SubscriptionChangeResponse>('/billing/subscription/change', { json: { plan_name: planName } })
}

/** POST /billing/subscription/cancel: keeps the plan until the period ends, then Gratuito. */
export function cancelSubscription(client: ApiClient) {
  return client.post<SubscriptionChangeResponse>('/billing/subscription/cancel')
}

/** POST /billing/subscription/resume: undoes a cancellation or a scheduled change. */
export function resumeSubscription(client: ApiClient) {
  return client.post<SubscriptionChangeResponse>('/billing/subscription/resume')
}
