import type { IncomingHttpHeaders } from 'node:http'

import { and, eq, isNotNull, lt, lte } from 'drizzle-orm'

import type { Db } from '../../db/index'
import type { BillingPeriod, PaidPlanName, PaymentMethod, PaymentStatus, PlanName } from '../../db/schema'
import { paymentEvents, payments, subscriptions } from '../../db/schema'
import { PIX_EXPIRED_REASON, PIX_TTL_MINUTES } from './pix'
import { formatCents, PLAN_RANK, planLabel } from './plan-messages'
import { applyCredit, unusedCredit } from './proration'
import type { PaymentProvider } from './provider'
import { PAYMENT_METHOD_LABELS } from './provider'
import type { BillingDeps } from './registry'
import {
  addPeriod,
  BILLING_MESSAGES,
  isUpgrade,
  liveSubscription,
  lockUserBilling,
  paidPlan,
  periodPrice,
  startSubscription,
  syncUserPlan,
} from './subscriptions'

export type PaymentRow = typeof payments.$inferSelect

/** Where the browser lands after the provider's page: /trocar-plano shows the result. */
export function checkoutReturnPath(checkoutId: string) {
  return `/trocar-plano/retorno?checkout=${encodeURIComponent(checkoutId)}`
}

/** Where a Pix checkout sends the browser: our page with the code, waiting for the payment. */
export function pixPagePath(checkoutId: string) {
  return `/trocar-plano/pix?checkout=${encodeURIComponent(checkoutId)}`
}

export type CheckoutOutcome =
  | { kind: 'ok'; payment: PaymentRow; redirectUrl: string }
  | { kind: 'unavailable' | 'admin' | 'same-plan' | 'downgrade' | 'method-unavailable' | 'period-unavailable' | 'provider-error' }

/**
 * Starts an upgrade (from Gratuito too): a pending payment and the provider's hosted checkout.
 * Nothing changes until the provider confirms through the webhook.
 */
export async function startCheckout(
  deps: BillingDeps,
  user: { id: string; email: string; name: string; planName: PlanName },
  input: { plan: PaidPlanName; method: PaymentMethod; period?: BillingPeriod; publicUrl?: string },
): Promise<CheckoutOutcome> {
  const { provider, now } = deps
  if (!provider) return { kind: 'unavailable' }
  if (user.planName === 'ADMIN') return { kind: 'admin' }
  if (!provider.methods.includes(input.method)) return { kind: 'method-unavailable' }
  if (input.plan === user.planName) return { kind: 'same-plan' }
  if (!isUpgrade(user.planName, input.plan)) return { kind: 'downgrade' }
  const plan = await paidPlan(deps.db, input.plan)
  const period = input.period ?? 'month'
  const price = periodPrice(plan, period)
  if (price === null) return { kind: 'period-unavailable' }
  const expiresAt = input.method === 'pix' ? new Date(now.getTime() + PIX_TTL_MINUTES * 60_000) : null
  // Under the student's billing lock, so two checkouts started at once still leave one pending.
  const { payment, superseded } = await deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, user.id)
    const superseded = await supersedePendingCheckouts(tx, user.id, now)
    // An upgrade within a paid period pays the new price less what is left of that period.
    const credit = await unusedCredit(tx, await liveSubscription(tx, user.id), now)
    const { creditCents, amountCents } = applyCredit(price, credit)
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: user.id,
        kind: 'checkout',
        planName: input.plan,
        provider: provider.name,
        method: input.method,
        amountCents,
        billingPeriod: period,
        creditCents,
        creditPlanName: creditCents > 0 && credit ? credit.plan_name : null,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    return { payment, superseded }
  })
  await closeAtProvider(provider, superseded)
  let session
  try {
    session = await provider.createCheckout({
      user: { id: user.id, email: user.email, name: user.name },
      plan: { id: input.plan, name: plan.name },
      method: input.method,
      amountCents: payment.amountCents,
      checkoutId: payment.checkoutId,
      returnUrl: `${(input.publicUrl ?? '').replace(/\/$/, '')}${checkoutReturnPath(payment.checkoutId)}`,
      ...(expiresAt ? { expiresAt } : {}),
    })
    if (input.method === 'pix' && !session.pixCode) throw new Error('o provedor não gerou o código Pix')
  } catch {
    await deps.db
      .update(payments)
      .set({ status: 'declined', failureReason: BILLING_MESSAGES.providerError, decidedAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id))
    return { kind: 'provider-error' }
  }
  const [stored] = await deps.db
    .update(payments)
    .set({ providerRef: session.providerRef, pixCode: session.pixCode ?? null, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning()
  // Pix is paid from the student's bank app: the browser waits on our page with the code.
  const redirectUrl = input.method === 'pix' ? pixPagePath(payment.checkoutId) : session.redirectUrl
  return { kind: 'ok', payment: stored, redirectUrl }
}

/** Shown as 'Pagamento recusado: …' on the return page of a checkout a newer one replaced. */
export const SUPERSEDED_REASON = 'você iniciou outro pagamento depois deste, e só o mais recente vale.'

/**
 * A new checkout replaces the student's pending ones (issue 26 item 3): two tabs, Premium
 * then Pro, must not both take the money. Each is declined here and then closed at the
 * provider; if the provider had already taken the money, its approval arrives later and is
 * refunded (receiveWebhook). Only rows still pending: a webhook deciding one at the same
 * moment holds the same lock and either comes first or finds it declined.
 */
async function supersedePendingCheckouts(tx: Db, userId: string, now: Date) {
  return tx
    .update(payments)
    .set({ status: 'declined', failureReason: SUPERSEDED_REASON, decidedAt: now, updatedAt: now })
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'checkout'), eq(payments.status, 'pending')))
    .returning()
}

async function closeAtProvider(provider: PaymentProvider, superseded: PaymentRow[]) {
  for (const old of superseded) {
    if (!old.providerRef || old.provider !== provider.name) continue
    try {
      await provider.cancelCheckout({ providerRef: old.providerRef, checkoutId: old.checkoutId, amountCents: old.amountCents })
    } catch {
      // Not fatal: a payment the provider still takes for it is refunded when it arrives.
    }
  }
}

/** A checkout id as we issue them (anything else is not ours, and not a query). */
export const CHECKOUT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A checkout still pending after this long was abandoned: card and PayPal decide within
 * minutes and their pages close well before. It is declined when next read, so the student
 * learns why the plan did not change instead of waiting on 'Aguardando' for ever, and the
 * sandbox's page no longer takes a payment for it.
 */
export const CHECKOUT_TTL_HOURS = 24
export const CHECKOUT_EXPIRED_REASON = `o prazo de ${CHECKOUT_TTL_HOURS} horas para concluir o pagamento terminou.`

/**
 * Declines the abandoned checkouts (all, or one user's or one checkout's). One statement that
 * only touches rows still pending: a webhook deciding the same payment at the same moment
 * either wins (the row is no longer pending) or finds it declined and is recorded as ignored.
 */
export async function expireStaleCheckouts(deps: Pick<BillingDeps, 'db' | 'now'>, only: { userId?: string; checkoutId?: string } = {}) {
  const { db, now } = deps
  const scope = and(
    eq(payments.kind, 'checkout'),
    eq(payments.status, 'pending'),
    only.userId ? eq(payments.userId, only.userId) : undefined,
    only.checkoutId ? eq(payments.checkoutId, only.checkoutId) : undefined,
  )
  // A Pix charge has its own, short deadline (PIX_TTL_MINUTES), after which it cannot be paid.
  await db
    .update(payments)
    .set({ status: 'declined', failureReason: PIX_EXPIRED_REASON, decidedAt: now, updatedAt: now })
    .where(and(scope, isNotNull(payments.expiresAt), lte(payments.expiresAt, now)))
  await db
    .update(payments)
    .set({ status: 'declined', failureReason: CHECKOUT_EXPIRED_REASON, decidedAt: now, updatedAt: now })
    .where(and(scope, lt(payments.createdAt, new Date(now.getTime() - CHECKOUT_TTL_HOURS * 3_600_000))))
}

/** A payment by its checkout id, an abandoned checkout already declined. */
export async function findPaymentByCheckoutId(deps: BillingDeps, checkoutId: string) {
  if (!CHECKOUT_ID.test(checkoutId)) return undefined
  const id = checkoutId.toLowerCase()
  await expireStaleCheckouts(deps, { checkoutId: id })
  const [payment] = await deps.db.select().from(payments).where(eq(payments.checkoutId, id))
  return payment
}

/** The user's own checkout; someone else's is as absent as an unknown one. */
export async function findUserCheckout(deps: BillingDeps, userId: string, checkoutId: string) {
  const payment = await findPaymentByCheckoutId(deps, checkoutId)
  return payment && payment.userId === userId ? payment : undefined
}

export type WebhookOutcome =
  | { kind: 'processed'; status: PaymentStatus }
  | { kind: 'duplicate' }
  | { kind: 'ignored' }
  | { kind: 'unavailable' | 'invalid-signature' | 'invalid-payload' | 'unknown-payment' }

/**
 * A provider's webhook: verified over the exact bytes, applied once. The event id is stored
 * in the same transaction as its effect, so a replay (or a concurrent duplicate) finds it
 * and changes nothing; a bad signature or an unknown payment stores nothing at all.
 */
export async function receiveWebhook(deps: BillingDeps, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookOutcome> {
  const { provider, now } = deps
  if (!provider) return { kind: 'unavailable' }
  const verified = provider.verifyWebhook(rawBody, headers)
  if (!verified.ok) return { kind: verified.error === 'signature' ? 'invalid-signature' : 'invalid-payload' }
  const { event } = verified
  const [found] = await deps.db
    .select({ id: payments.id, userId: payments.userId })
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, event.providerRef)))
  // A payment whose account was deleted is kept for the records, but nothing is applied to it.
  const userId = found?.userId
  if (!userId) return { kind: 'unknown-payment' }
  return deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    await lockUserBilling(tx, userId)
    // A charge past its deadline (an expired Pix) is closed first: paying it then is refunded.
    await expireStaleCheckouts({ db: tx, now }, { userId })
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id))
    if (payment.amountCents !== event.amountCents) return { kind: 'invalid-payload' }
    const inserted = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.eventId, type: event.type, paymentId: payment.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId })
    if (inserted.length === 0) return { kind: 'duplicate' }
    // The money was taken for a checkout we had closed (superseded by a newer one, or
    // abandoned): give it back rather than keep it for nothing (issue 26 item 3).
    if (event.type === 'payment.approved' && payment.kind === 'checkout' && payment.status === 'declined') {
      const reason = payment.failureReason === SUPERSEDED_REASON ? REFUND_REASONS.superseded : REFUND_REASONS.closed
      return refundIn(tx, provider, payment, reason, now)
    }
    // A payment is decided once; a later contradicting event is recorded and ignored.
    if (payment.status !== 'pending') return { kind: 'ignored' }
    if (event.type === 'payment.declined') {
      await tx
        .update(payments)
        .set({ status: 'declined', failureReason: event.reason?.trim() || 'o pagamento foi recusado.', decidedAt: now, updatedAt: now })
        .where(eq(payments.id, payment.id))
      // A renewal that finally fails ends the subscription it was paying for.
      if (payment.kind === 'renewal' && payment.subscriptionId) {
        const live = await liveSubscription(tx, userId)
        if (live?.id === payment.subscriptionId) {
          await tx.update(subscriptions).set({ status: 'ended', endedAt: now, updatedAt: now }).where(eq(subscriptions.id, live.id))
          await syncUserPlan(tx, userId, now)
        }
      }
      return { kind: 'processed', status: 'declined' }
    }
    let subscriptionId = payment.subscriptionId
    if (payment.kind === 'checkout') {
      // Never lower an active paid plan: a checkout for a smaller plan (its plan rose meanwhile,
      // through another checkout or a grant) is refunded and the plan stays.
      const live = await liveSubscription(tx, userId)
      if (live && PLAN_RANK[live.planName] > PLAN_RANK[payment.planName]) {
        return refundIn(tx, provider, payment, REFUND_REASONS.lowerPlan(planLabel(live.planName), planLabel(payment.planName)), now)
      }
      // The upgrade takes effect now, with a fresh period; the weekly quota follows the plan at once.
      const { subscription } = await startSubscription(tx, {
        userId: userId,
        plan: payment.planName,
        now,
        periodEnd: addPeriod(now, payment.billingPeriod),
        provider: payment.provider,
        method: payment.method,
        billingPeriod: payment.billingPeriod,
      })
      subscriptionId = subscription.id
    }
    // A checkout pays the period it starts now; a renewal's period was set when it was charged.
    const period = payment.kind === 'checkout' ? { periodStart: now, periodEnd: addPeriod(now, payment.billingPeriod) } : {}
    await tx
      .update(payments)
      .set({ status: 'approved', subscriptionId, failureReason: null, decidedAt: now, updatedAt: now, ...period })
      .where(eq(payments.id, payment.id))
    return { kind: 'processed', status: 'approved' }
  })
}

/** After 'Este pagamento foi estornado: ' on the return page. */
export const REFUND_REASONS = {
  superseded: 'você iniciou outro pagamento depois deste, e só o mais recente vale.',
  closed: 'a aprovação chegou depois de o pagamento ter sido encerrado.',
  lowerPlan: (current: string, plan: string) => `você já tem o plano ${current}, acima do plano ${plan} deste pagamento.`,
} as const

/**
 * Refunds a checkout's approved charge through the provider, inside the webhook's transaction:
 * if the provider refuses, everything rolls back (the event too), the webhook answers 500 and
 * the provider delivers it again later. No plan changes.
 */
async function refundIn(tx: Db, provider: PaymentProvider, payment: PaymentRow, reason: string, now: Date): Promise<WebhookOutcome> {
  await provider.refund({ providerRef: payment.providerRef!, checkoutId: payment.checkoutId, amountCents: payment.amountCents, reason })
  await tx
    .update(payments)
    .set({ status: 'refunded', failureReason: reason, decidedAt: now, updatedAt: now })
    .where(eq(payments.id, payment.id))
  return { kind: 'processed', status: 'refunded' }
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Aguardando pagamento',
  approved: 'Aprovado',
  declined: 'Recusado',
  refunded: 'Estornado',
}

export type CheckoutJson = {
  checkout_id: string
  kind: 'checkout' | 'renewal'
  status: PaymentStatus
  status_label: string
  plan_name: PaidPlanName
  plan: string
  amount_cents: number
  amount_formatted: string
  method: PaymentMethod
  method_label: string
  billing_period: BillingPeriod
  billing_period_label: string
  price_cents: number
  price_formatted: string
  credit_cents: number
  credit_formatted: string | null
  credit_plan: string | null
  created_at: string
  decided_at: string | null
  /** Until when a Pix charge can be paid (null for the other methods). */
  expires_at: string | null
  /** Why a payment was declined or refunded. */
  failure_reason: string | null
  /** A sentence for the toast on return from the checkout. */
  message: string
}

/**
 * A checkout closed because its deadline passed unpaid (a Pix after 30 minutes, another method
 * after 24 hours): stored as declined, with the deadline's reason. Nobody refused it: it expired.
 */
export function expiredUnpaid(payment: Pick<PaymentRow, 'status' | 'failureReason'>) {
  return (
    payment.status === 'declined' && (payment.failureReason === PIX_EXPIRED_REASON || payment.failureReason === CHECKOUT_EXPIRED_REASON)
  )
}

export function checkoutMessage(payment: PaymentRow) {
  if (payment.status === 'approved') return `Pagamento aprovado! Seu plano agora é o ${planLabel(payment.planName)}.`
  if (expiredUnpaid(payment)) return `Pagamento expirado: ${payment.failureReason} Seu plano não mudou e nada foi cobrado.`
  if (payment.status === 'declined') {
    const reason = payment.failureReason ?? 'o pagamento foi recusado.'
    return `Pagamento recusado: ${reason} Seu plano não mudou e nada foi cobrado.`
  }
  if (payment.status === 'refunded') {
    return `Este pagamento foi estornado: ${payment.failureReason ?? 'ele não pôde ser usado.'} O valor volta para a sua forma de pagamento.`
  }
  return 'Aguardando a confirmação do pagamento.'
}

/** The fields a payment and its receipt share (server/domain/billing/json.ts paymentBasics). */
export function paymentBasics(payment: PaymentRow) {
  return {
    checkout_id: payment.checkoutId,
    kind: payment.kind,
    plan_name: payment.planName,
    plan: planLabel(payment.planName),
    amount_cents: payment.amountCents,
    amount_formatted: formatCents(payment.amountCents),
    method: payment.method,
    method_label: PAYMENT_METHOD_LABELS[payment.method] ?? payment.method,
    billing_period: payment.billingPeriod,
    billing_period_label: BILLING_PERIOD_LABELS[payment.billingPeriod],
    // The plan's price for the period; amount_cents is what was charged, the credit taken off.
    price_cents: payment.amountCents + payment.creditCents,
    price_formatted: formatCents(payment.amountCents + payment.creditCents),
    credit_cents: payment.creditCents,
    credit_formatted: payment.creditCents > 0 ? formatCents(payment.creditCents) : null,
    credit_plan: payment.creditCents > 0 && payment.creditPlanName ? planLabel(payment.creditPlanName) : null,
  }
}

export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = { month: 'Mensal', year: 'Anual' }

export function toCheckoutJson(payment: PaymentRow): CheckoutJson {
  return {
    ...paymentBasics(payment),
    status: payment.status,
    status_label: expiredUnpaid(payment) ? 'Expirado' : PAYMENT_STATUS_LABELS[payment.status],
    created_at: new Date(payment.createdAt).toISOString(),
    decided_at: payment.decidedAt ? new Date(payment.decidedAt).toISOString() : null,
    expires_at: payment.expiresAt ? new Date(payment.expiresAt).toISOString() : null,
    failure_reason: payment.failureReason,
    message: checkoutMessage(payment),
  }
}
