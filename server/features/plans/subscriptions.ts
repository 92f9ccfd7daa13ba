import { and, eq, lte, sql } from 'drizzle-orm'

import type { AppContext } from '../../context'
import type { Db } from '../../db/index'
import type { BillingPeriod, PaidPlanName, PaymentMethod, PlanName } from '../../db/schema'
import { BILLING_PERIODS, payments, subscriptions, users } from '../../db/schema'
import { ZONE } from '../../domain/time/calendar'
import type { Catalog, CatalogPlan } from './catalog'
import { catalogPlan, getCatalog, yearOffer } from './catalog'
import { BILLING_MESSAGES } from './messages'
import { formatCents, PLAN_RANK, planLabel } from './plan-messages'
import type { UnusedCredit } from './proration'
import { applyCredit, unusedCredit } from './proration'
import type { PaymentProvider } from './provider'
import { PAYMENT_METHOD_LABELS } from './provider'
import type { BillingDeps } from './registry'
import { billingDeps } from './registry'

// Subscription rules (issue 10, spec sections 4-6). users.plan_name stays the effective plan
// (ADMIN, else the live subscription's plan, else GRATUITO), rewritten by syncUserPlan in the
// same transaction as every change, so every existing reader of plan_name stays right.

export type Subscription = typeof subscriptions.$inferSelect
export type UserRow = typeof users.$inferSelect

export { BILLING_MESSAGES }

/** Display statuses: the badge on /trocar-plano and the admin filter. */
export const SUBSCRIPTION_STATES = ['active', 'canceled', 'change_scheduled', 'ended'] as const
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number]
export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  active: 'Ativo',
  canceled: 'Cancelado',
  change_scheduled: 'Mudança agendada',
  ended: 'Encerrada',
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' })
export function formatDate(date: Date) {
  return dateFormat.format(date)
}

/** The same day `months` later, clamped to the month's last day (31 Jan → 28/29 Feb, 29 Feb → 28 Feb). */
function addMonths(date: Date, months: number): Date {
  const next = new Date(date)
  const day = next.getUTCDate()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return next
}

/** The same day next month, clamped to the month's last day. */
export const addMonth = (date: Date) => addMonths(date, 1)

/** The end of a period of `period` starting at `date`. */
export function addPeriod(date: Date, period: BillingPeriod): Date {
  return addMonths(date, period === 'year' ? 12 : 1)
}

/** What a period of a plan costs now; null when the plan is not sold by that period. */
export function periodPrice(plan: CatalogPlan, period: BillingPeriod): number | null {
  return period === 'year' ? plan.year_price_cents : plan.price_cents
}

/** A paid plan as the catalogue has it now: its price is what a new period costs. */
export async function paidPlan(db: Db, id: PaidPlanName): Promise<CatalogPlan> {
  return catalogPlan(await getCatalog(db), id)
}

export function isUpgrade(from: PlanName, to: PlanName) {
  if (from === 'ADMIN' || to === 'ADMIN') return false
  return PLAN_RANK[to] > PLAN_RANK[from]
}

/** Serialises every billing change of one user (checkout approval, cancel, renewal...). */
export async function lockUserBilling(tx: Db, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`)
}

export async function liveSubscription(db: Db, userId: string): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
  return row
}

export async function findUserRow(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  return user
}

/** Rewrites users.plan_name / plan_period_ends_at from the live subscription (an ADMIN stays ADMIN). */
export async function syncUserPlan(db: Db, userId: string, now: Date): Promise<UserRow> {
  const sub = await liveSubscription(db, userId)
  const plan = sub?.planName ?? 'GRATUITO'
  const [user] = await db
    .update(users)
    .set({
      planName: sql`CASE WHEN ${users.planName} = 'ADMIN' THEN 'ADMIN' ELSE ${plan} END`,
      planPeriodEndsAt: sub?.currentPeriodEnd ?? null,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning()
  return user
}

async function endSubscription(db: Db, sub: Subscription, at: Date) {
  await db.update(subscriptions).set({ status: 'ended', endedAt: at, updatedAt: at }).where(eq(subscriptions.id, sub.id))
}

/** Ends the live subscription, if any, and starts a new one on `plan` from `now`. */
export async function startSubscription(
  db: Db,
  input: {
    userId: string
    plan: PaidPlanName
    now: Date
    /** Null: a complimentary grant with no end. */
    periodEnd: Date | null
    provider?: string | null
    method?: PaymentMethod | null
    grantedBy?: string | null
    billingPeriod?: BillingPeriod
  },
) {
  const current = await liveSubscription(db, input.userId)
  if (current) await endSubscription(db, current, input.now)
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      userId: input.userId,
      planName: input.plan,
      status: 'active',
      currentPeriodStart: input.now,
      currentPeriodEnd: input.periodEnd,
      provider: input.provider ?? null,
      method: input.method ?? null,
      grantedBy: input.grantedBy ?? null,
      billingPeriod: input.billingPeriod ?? 'month',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning()
  const user = await syncUserPlan(db, input.userId, input.now)
  return { subscription, user }
}

export type ChangeOutcome =
  | { kind: 'ok'; message: string; change: 'scheduled' | 'applied' | 'pending-cleared' | 'canceled' | 'resumed' }
  | { kind: 'admin' | 'same-plan' | 'payment-required' | 'no-subscription' | 'nothing-to-resume' }

async function cancelIn(tx: Db, sub: Subscription | undefined, userId: string, now: Date): Promise<ChangeOutcome> {
  if (!sub) return { kind: 'no-subscription' }
  // A complimentary grant has no paid period to run out: it ends now.
  if (!sub.currentPeriodEnd) {
    await endSubscription(tx, sub, now)
    await syncUserPlan(tx, userId, now)
    return { kind: 'ok', change: 'canceled', message: BILLING_MESSAGES.canceledNow }
  }
  if (!sub.cancelAtPeriodEnd || sub.pendingPlanName) {
    // Nothing renews after a cancel, so a scheduled downgrade goes too.
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, canceledAt: sub.canceledAt ?? now, pendingPlanName: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id))
  }
  return { kind: 'ok', change: 'canceled', message: BILLING_MESSAGES.canceled(planLabel(sub.planName), formatDate(sub.currentPeriodEnd)) }
}

/**
 * Cancels at the end of the period ('a qualquer momento, sem taxas'): the plan stays until
 * then and falls back to Gratuito afterwards. Cancelling twice is harmless.
 */
export async function cancelSubscription(deps: BillingDeps, user: { id: string; planName: PlanName }): Promise<ChangeOutcome> {
  return deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, user.id)
    return cancelIn(tx, await liveSubscription(tx, user.id), user.id, deps.now)
  })
}

/** Undoes a cancellation or a scheduled downgrade: the current plan simply renews. */
export async function resumeSubscription(deps: BillingDeps, user: { id: string }): Promise<ChangeOutcome> {
  return deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, user.id)
    const sub = await liveSubscription(tx, user.id)
    if (!sub || (!sub.cancelAtPeriodEnd && !sub.pendingPlanName)) return { kind: 'nothing-to-resume' }
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, canceledAt: null, pendingPlanName: null, updatedAt: deps.now })
      .where(eq(subscriptions.id, sub.id))
    return {
      kind: 'ok',
      change: sub.cancelAtPeriodEnd ? 'resumed' : 'pending-cleared',
      message: sub.cancelAtPeriodEnd ? BILLING_MESSAGES.resumed : BILLING_MESSAGES.pendingCleared(planLabel(sub.planName)),
    }
  })
}

/**
 * A change that needs no payment: a downgrade, scheduled for the end of the period; the
 * current plan again, which drops a scheduled downgrade; Gratuito, which is a cancel.
 * An upgrade needs a checkout (startCheckout) and is refused here.
 */
export async function scheduleChange(
  deps: BillingDeps,
  user: { id: string; planName: PlanName },
  target: Exclude<PlanName, 'ADMIN'>,
): Promise<ChangeOutcome> {
  if (user.planName === 'ADMIN') return { kind: 'admin' }
  return deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, user.id)
    const sub = await liveSubscription(tx, user.id)
    if (target === 'GRATUITO') return sub ? cancelIn(tx, sub, user.id, deps.now) : { kind: 'same-plan' }
    if (!sub) return { kind: 'payment-required' }
    if (target === sub.planName) {
      if (!sub.pendingPlanName) return { kind: 'same-plan' }
      await tx.update(subscriptions).set({ pendingPlanName: null, updatedAt: deps.now }).where(eq(subscriptions.id, sub.id))
      return { kind: 'ok', change: 'pending-cleared', message: BILLING_MESSAGES.pendingCleared(planLabel(sub.planName)) }
    }
    if (isUpgrade(sub.planName, target)) return { kind: 'payment-required' }
    if (!sub.currentPeriodEnd) {
      // A complimentary grant has no billing cycle to wait for.
      await tx
        .update(subscriptions)
        .set({ planName: target, pendingPlanName: null, updatedAt: deps.now })
        .where(eq(subscriptions.id, sub.id))
      await syncUserPlan(tx, user.id, deps.now)
      return { kind: 'ok', change: 'applied', message: BILLING_MESSAGES.appliedNow(planLabel(target)) }
    }
    // Choosing a smaller plan also means the user wants to keep a subscription: undo a cancel.
    await tx
      .update(subscriptions)
      .set({ pendingPlanName: target, cancelAtPeriodEnd: false, canceledAt: null, updatedAt: deps.now })
      .where(eq(subscriptions.id, sub.id))
    return { kind: 'ok', change: 'scheduled', message: BILLING_MESSAGES.nextCycle }
  })
}

export type PeriodEndAction = 'none' | 'renewed' | 'downgraded' | 'ended' | 'renewal_declined'

const RENEWAL_UNAVAILABLE = 'o provedor de pagamento desta assinatura não está disponível para a renovação.'
const RENEWAL_FAILED = 'não foi possível cobrar a renovação.'

async function chargeRenewal(provider: PaymentProvider, request: Parameters<PaymentProvider['chargeRenewal']>[0]) {
  try {
    return await provider.chargeRenewal(request)
  } catch {
    return { status: 'declined' as const, providerRef: null, reason: RENEWAL_FAILED }
  }
}

/**
 * Applies a period end that has passed, if any: a cancelled subscription ends (Gratuito);
 * otherwise the next period is charged through the provider, with a scheduled downgrade
 * taking effect now; a declined renewal ends the subscription. Runs lazily on the user's
 * next request (loadUser) and for every due subscription from `gabarita subscriptions renew`.
 */
export async function applyPeriodEnd(deps: BillingDeps, userId: string): Promise<{ action: PeriodEndAction; user: UserRow }> {
  const { now } = deps
  return deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, userId)
    const sub = await liveSubscription(tx, userId)
    if (!sub || !sub.currentPeriodEnd || sub.currentPeriodEnd > now)
      return { action: 'none' as const, user: await syncUserPlan(tx, userId, now) }
    const periodEnd = sub.currentPeriodEnd
    if (sub.cancelAtPeriodEnd) {
      await endSubscription(tx, sub, periodEnd)
      return { action: 'ended' as const, user: await syncUserPlan(tx, userId, now) }
    }
    const nextPlanName: PaidPlanName = sub.pendingPlanName ?? sub.planName
    const nextPlan = await paidPlan(deps.db, nextPlanName)
    // A yearly subscription renews by the year while the plan is sold by the year; else by the month.
    const yearPrice = sub.billingPeriod === 'year' ? nextPlan.year_price_cents : null
    const period: BillingPeriod = yearPrice === null ? 'month' : 'year'
    const amountCents = yearPrice ?? nextPlan.price_cents
    const [owner] = await tx.select().from(users).where(eq(users.id, userId))
    const method: PaymentMethod = sub.method ?? 'credit_card'
    const provider = deps.provider && deps.provider.name === sub.provider ? deps.provider : null
    // After a long absence the new period starts now, not back where the old one ended.
    const start = addPeriod(periodEnd, period) > now ? periodEnd : now
    const end = addPeriod(start, period)
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        subscriptionId: sub.id,
        kind: 'renewal',
        planName: nextPlanName,
        provider: sub.provider ?? 'nenhum',
        method,
        amountCents,
        billingPeriod: period,
        periodStart: start,
        periodEnd: end,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const result = provider
      ? await chargeRenewal(provider, {
          user: { id: owner.id, email: owner.email, name: owner.name },
          plan: { id: nextPlanName, name: nextPlan.name },
          method,
          amountCents,
          checkoutId: payment.checkoutId,
        })
      : { status: 'declined' as const, providerRef: null, reason: RENEWAL_UNAVAILABLE }
    await tx
      .update(payments)
      .set({
        providerRef: result.providerRef,
        status: result.status,
        failureReason: result.status === 'declined' ? (result.reason ?? RENEWAL_FAILED) : null,
        decidedAt: result.status === 'pending' ? null : now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id))
    if (result.status === 'declined') {
      await endSubscription(tx, sub, now)
      return { action: 'renewal_declined' as const, user: await syncUserPlan(tx, userId, now) }
    }
    await tx
      .update(subscriptions)
      .set({
        planName: nextPlanName,
        pendingPlanName: null,
        billingPeriod: period,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id))
    return { action: sub.pendingPlanName ? ('downgraded' as const) : ('renewed' as const), user: await syncUserPlan(tx, userId, now) }
  })
}

/** The cheap check on every authenticated request: a query only when a period end has passed. */
export async function refreshUserPlan<U extends { id: string; planPeriodEndsAt: Date | null }>(
  deps: BillingDeps,
  user: U,
): Promise<U | UserRow> {
  if (!planPeriodEnded(user, deps.now)) return user
  return (await applyPeriodEnd(deps, user.id)).user
}

/**
 * The account as its plan stands now: a paid period that has ended is applied first (a no-op
 * unless one has). The API's session asks this of every signed-in request.
 */
export function withCurrentPlan<U extends { id: string; planPeriodEndsAt: Date | null }>(ctx: AppContext, user: U) {
  return refreshUserPlan(billingDeps(ctx), user)
}

/** Whether the user's paid period has ended by `now` (refreshUserPlan then applies its end). */
export function planPeriodEnded(user: { planPeriodEndsAt: Date | null }, now: Date) {
  return !!user.planPeriodEndsAt && user.planPeriodEndsAt <= now
}

export type RenewalReport = Record<PeriodEndAction, number> & { checked: number }

/** Every subscription whose period has ended, applied now (`gabarita subscriptions renew`). */
export async function renewDueSubscriptions(deps: BillingDeps): Promise<RenewalReport> {
  const due = await deps.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, deps.now)))
  const report: RenewalReport = { checked: due.length, none: 0, renewed: 0, downgraded: 0, ended: 0, renewal_declined: 0 }
  for (const { userId } of due) report[(await applyPeriodEnd(deps, userId)).action] += 1
  return report
}

// ---- Views ------------------------------------------------------------------------

export function subscriptionState(sub: Subscription): SubscriptionState {
  if (sub.status === 'ended') return 'ended'
  if (sub.cancelAtPeriodEnd) return 'canceled'
  if (sub.pendingPlanName) return 'change_scheduled'
  return 'active'
}

export type SubscriptionJson = {
  id: number
  plan_name: PaidPlanName
  plan: string
  state: SubscriptionState
  status_label: string
  current_period_start: string
  /** Null for a complimentary grant with no end. */
  current_period_end: string | null
  billing_period: BillingPeriod
  cancel_at_period_end: boolean
  canceled_at: string | null
  pending_plan_name: PaidPlanName | null
  complimentary: boolean
  granted_by: string | null
  provider: string | null
  method: PaymentMethod | null
  method_label: string | null
  created_at: string
  ended_at: string | null
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null)

export function toSubscriptionJson(sub: Subscription): SubscriptionJson {
  const state = subscriptionState(sub)
  return {
    id: sub.id,
    plan_name: sub.planName,
    plan: planLabel(sub.planName),
    state,
    status_label: SUBSCRIPTION_STATE_LABELS[state],
    current_period_start: new Date(sub.currentPeriodStart).toISOString(),
    current_period_end: iso(sub.currentPeriodEnd),
    billing_period: sub.billingPeriod,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: iso(sub.canceledAt),
    pending_plan_name: sub.pendingPlanName,
    complimentary: sub.provider === null,
    granted_by: sub.grantedBy,
    provider: sub.provider,
    method: sub.method,
    method_label: sub.method ? PAYMENT_METHOD_LABELS[sub.method] : null,
    created_at: new Date(sub.createdAt).toISOString(),
    ended_at: iso(sub.endedAt),
  }
}

export type PlanPrice = { plan_name: PlanName; name: string; price_cents: number; price_formatted: string; period: '/mês' } & ReturnType<
  typeof yearOffer
>

function planPrice(catalog: Catalog, id: PlanName): PlanPrice {
  const plan = id === 'ADMIN' ? null : catalogPlan(catalog, id)
  const cents = plan?.price_cents ?? 0
  return {
    plan_name: id,
    name: planLabel(id),
    price_cents: cents,
    price_formatted: formatCents(cents),
    period: '/mês',
    ...yearOffer(plan?.year_price_cents ?? null),
  }
}

/** What a checkout would charge now for each period the plan is sold by, the credit taken off. */
export type Charge = {
  billing_period: BillingPeriod
  price_cents: number
  price_formatted: string
  credit_cents: number
  credit_formatted: string | null
  amount_cents: number
  amount_formatted: string
}

function charges(plan: CatalogPlan, credit: UnusedCredit | null): Charge[] {
  return BILLING_PERIODS.flatMap((period) => {
    const price = periodPrice(plan, period)
    if (price === null) return []
    const { creditCents, amountCents } = applyCredit(price, credit)
    return [
      {
        billing_period: period,
        price_cents: price,
        price_formatted: formatCents(price),
        credit_cents: creditCents,
        credit_formatted: creditCents > 0 ? formatCents(creditCents) : null,
        amount_cents: amountCents,
        amount_formatted: formatCents(amountCents),
      },
    ]
  })
}

export type PlanChangeOption = PlanPrice & {
  /** current: 'Plano Atual'; upgrade: checkout (paid now); downgrade: POST /billing/subscription/change. */
  action: 'current' | 'upgrade' | 'downgrade'
  requires_payment: boolean
  /** An upgrade's charges (monthly, and yearly where sold); empty otherwise. */
  charges: Charge[]
}

export type PaymentMethodJson = { id: PaymentMethod; label: string }

/** What /trocar-plano shows: the current plan block, the choices and whether changes work. */
export type BillingOverview = {
  plan: PlanPrice
  state: SubscriptionState
  status_label: string
  /** Next charge date (active paid subscription not cancelled). */
  renews_at: string | null
  /** When a cancelled subscription falls back to Gratuito. */
  ends_at: string | null
  pending_change: (PlanPrice & { effective_at: string; message: string }) | null
  subscription: SubscriptionJson | null
  changes_available: boolean
  /** Why changes are unavailable, when they are. */
  unavailable_message: string | null
  payment_methods: PaymentMethodJson[]
  /** What is left of the paid period, credited against an upgrade. */
  credit: { plan_name: PaidPlanName; plan: string; cents: number; formatted: string; days_left: number } | null
  options: PlanChangeOption[]
}

export async function billingOverview(deps: BillingDeps, user: { id: string; planName: PlanName }): Promise<BillingOverview> {
  const [sub, catalog] = await Promise.all([liveSubscription(deps.db, user.id), getCatalog(deps.db)])
  const state: SubscriptionState = sub ? subscriptionState(sub) : 'active'
  const credit = await unusedCredit(deps.db, sub, deps.now)
  const current: PlanName = user.planName
  const isAdmin = current === 'ADMIN'
  const periodEnd = sub?.currentPeriodEnd ?? null
  const unavailable = isAdmin ? BILLING_MESSAGES.admin : deps.provider ? null : BILLING_MESSAGES.unavailable
  return {
    plan: planPrice(catalog, current),
    state,
    status_label: SUBSCRIPTION_STATE_LABELS[state],
    renews_at: sub && periodEnd && !sub.cancelAtPeriodEnd ? periodEnd.toISOString() : null,
    ends_at: sub && periodEnd && sub.cancelAtPeriodEnd ? periodEnd.toISOString() : null,
    pending_change:
      sub?.pendingPlanName && periodEnd
        ? { ...planPrice(catalog, sub.pendingPlanName), effective_at: periodEnd.toISOString(), message: BILLING_MESSAGES.nextCycle }
        : null,
    subscription: sub ? toSubscriptionJson(sub) : null,
    changes_available: unavailable === null,
    unavailable_message: unavailable,
    payment_methods: (deps.provider?.methods ?? []).map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] })),
    credit: credit
      ? {
          plan_name: credit.plan_name,
          plan: planLabel(credit.plan_name),
          cents: credit.cents,
          formatted: formatCents(credit.cents),
          days_left: credit.days_left,
        }
      : null,
    options: isAdmin
      ? []
      : catalog.plans
          .filter((p) => p.plan_name !== 'GRATUITO')
          .map((p) => {
            const action = p.plan_name === current ? 'current' : isUpgrade(current, p.plan_name) ? 'upgrade' : 'downgrade'
            return {
              ...planPrice(catalog, p.plan_name),
              action,
              requires_payment: action === 'upgrade',
              charges: action === 'upgrade' ? charges(p, credit) : [],
            }
          }),
  }
}
