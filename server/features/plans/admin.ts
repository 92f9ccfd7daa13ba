import type { SQL } from 'drizzle-orm'
import { and, count, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type { Db } from '../../db/index'
import type { PaidPlanName, PaymentStatus, PlanName } from '../../db/schema'
import { payments, subscriptions, users } from '../../db/schema'
import type { CheckoutJson } from './checkout'
import { expireStaleCheckouts, toCheckoutJson } from './checkout'
import { planLabel } from './plan-messages'
import { getPolicy } from './policy'
import type { BillingDeps } from './registry'
import type { SubscriptionJson, SubscriptionState } from './subscriptions'
import { billingOverview, liveSubscription, lockUserBilling, startSubscription, syncUserPlan, toSubscriptionJson } from './subscriptions'

// What the admin pages (/admin/assinaturas, /admin/usuarios) read and change.

export const ADMIN_PAGE_SIZE = 20

export type UserRef = { id: string; name: string; email: string }
export type Page<T> = { data: T[]; total: number; page: number; per_page: number }

const offset = (page: number) => (page - 1) * ADMIN_PAGE_SIZE

const STATE_FILTERS: Record<SubscriptionState, SQL | undefined> = {
  active: and(eq(subscriptions.status, 'active'), eq(subscriptions.cancelAtPeriodEnd, false), isNull(subscriptions.pendingPlanName)),
  canceled: and(eq(subscriptions.status, 'active'), eq(subscriptions.cancelAtPeriodEnd, true)),
  change_scheduled: and(
    eq(subscriptions.status, 'active'),
    eq(subscriptions.cancelAtPeriodEnd, false),
    isNotNull(subscriptions.pendingPlanName),
  ),
  ended: eq(subscriptions.status, 'ended'),
}

export type AdminSubscriptionJson = SubscriptionJson & { user: UserRef; granted_by_user: UserRef | null; updated_at: string }

/** Subscriptions newest first, optionally of one display status. */
export async function listSubscriptions(
  db: Db,
  options: { state?: SubscriptionState; page: number },
): Promise<Page<AdminSubscriptionJson>> {
  const where = options.state ? STATE_FILTERS[options.state] : undefined
  const granter = alias(users, 'granter')
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        sub: subscriptions,
        user: { id: users.id, name: users.name, email: users.email },
        granter: { id: granter.id, name: granter.name, email: granter.email },
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .leftJoin(granter, eq(granter.id, subscriptions.grantedBy))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offset(options.page)),
    db.select({ n: count() }).from(subscriptions).where(where),
  ])
  return {
    data: rows.map((r) => ({
      ...toSubscriptionJson(r.sub),
      user: r.user,
      granted_by_user: r.granter?.id ? (r.granter as UserRef) : null,
      updated_at: new Date(r.sub.updatedAt).toISOString(),
    })),
    total: Number(n),
    page: options.page,
    per_page: ADMIN_PAGE_SIZE,
  }
}

/** `user` is null once the account was deleted (the payment is kept for the records, ADR 022). */
export type AdminPaymentJson = CheckoutJson & { id: number; provider: string; provider_ref: string | null; user: UserRef | null }

/** Payments newest first, optionally of one status; abandoned checkouts are declined first. */
export async function listPayments(
  deps: BillingDeps,
  options: { status?: PaymentStatus; page: number; userId?: string },
): Promise<Page<AdminPaymentJson>> {
  const { db } = deps
  await expireStaleCheckouts(deps, { userId: options.userId })
  const where = and(
    options.status ? eq(payments.status, options.status) : undefined,
    options.userId ? eq(payments.userId, options.userId) : undefined,
  )
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email } })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offset(options.page)),
    db.select({ n: count() }).from(payments).where(where),
  ])
  return {
    data: rows.map((r) => ({
      ...toCheckoutJson(r.payment),
      id: r.payment.id,
      provider: r.payment.provider,
      provider_ref: r.payment.providerRef,
      user: r.user,
    })),
    total: Number(n),
    page: options.page,
    per_page: ADMIN_PAGE_SIZE,
  }
}

export type AdminUserJson = UserRef & { plan_name: PlanName; plan: string; is_admin: boolean; is_professor: boolean; created_at: string }

function toAdminUser(u: typeof users.$inferSelect): AdminUserJson {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    plan_name: u.planName,
    plan: planLabel(u.planName),
    is_admin: u.planName === 'ADMIN',
    is_professor: u.isProfessor,
    created_at: new Date(u.createdAt).toISOString(),
  }
}

/** LIKE's own wildcards typed by the admin are matched literally. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Users whose name or email contains `q` (all users without it), by name. */
export async function searchUsers(db: Db, options: { q?: string; page: number }): Promise<Page<AdminUserJson>> {
  const q = options.q?.trim()
  const where = q ? or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(users.name, users.email).limit(ADMIN_PAGE_SIZE).offset(offset(options.page)),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { data: rows.map(toAdminUser), total: Number(n), page: options.page, per_page: ADMIN_PAGE_SIZE }
}

/** One user as the admin sees them: plan, subscription (with history), usage and payments. */
export async function userDetail(deps: BillingDeps, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId))
  if (!user) return null
  const [billing, policy, history, recent] = await Promise.all([
    billingOverview(deps, user),
    getPolicy(deps.db, user, deps.now),
    deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(10),
    listPayments(deps, { userId, page: 1 }),
  ])
  return {
    user: toAdminUser(user),
    billing,
    policy,
    usage: policy.usage,
    subscriptions: history.map(toSubscriptionJson),
    payments: recent.data,
  }
}

export type AdminChangeOutcome = { kind: 'ok'; message: string; user: AdminUserJson } | { kind: 'not-found' | 'self' }

/**
 * A complimentary plan, without payment (support, a partner school): recorded with the admin
 * who granted it and no end date. GRATUITO ends the live subscription now.
 */
export async function grantPlan(
  deps: BillingDeps,
  input: { userId: string; plan: Exclude<PlanName, 'ADMIN'>; adminId: string },
): Promise<AdminChangeOutcome> {
  return deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, input.userId)
    const [target] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, input.userId))
    if (!target) return { kind: 'not-found' as const }
    if (input.plan === 'GRATUITO') {
      const live = await liveSubscription(tx, input.userId)
      if (live)
        await tx.update(subscriptions).set({ status: 'ended', endedAt: deps.now, updatedAt: deps.now }).where(eq(subscriptions.id, live.id))
      const user = await syncUserPlan(tx, input.userId, deps.now)
      return { kind: 'ok' as const, message: `${target.name} agora está no plano Gratuito.`, user: toAdminUser(user) }
    }
    const { user } = await startSubscription(tx, {
      userId: input.userId,
      plan: input.plan as PaidPlanName,
      now: deps.now,
      periodEnd: null,
      grantedBy: input.adminId,
    })
    return {
      kind: 'ok' as const,
      message: `Plano ${planLabel(input.plan)} concedido como cortesia a ${target.name}.`,
      user: toAdminUser(user),
    }
  })
}

/** Grants or withdraws the professor role (issue 40): the plan stays as it is. */
export async function setProfessor(deps: BillingDeps, input: { userId: string; isProfessor: boolean }): Promise<AdminChangeOutcome> {
  const [user] = await deps.db
    .update(users)
    .set({ isProfessor: input.isProfessor, updatedAt: deps.now })
    .where(eq(users.id, input.userId))
    .returning()
  if (!user) return { kind: 'not-found' }
  const message = input.isProfessor ? `${user.name} agora é professor.` : `${user.name} não é mais professor.`
  return { kind: 'ok', message, user: toAdminUser(user) }
}

/** Makes or unmakes an administrator (never oneself, so nobody locks the last admin out by mistake). */
export async function setAdmin(
  deps: BillingDeps,
  input: { userId: string; isAdmin: boolean; actorId: string },
): Promise<AdminChangeOutcome> {
  if (input.userId === input.actorId) return { kind: 'self' }
  return deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, input.userId)
    const [target] = await tx.select().from(users).where(eq(users.id, input.userId))
    if (!target) return { kind: 'not-found' as const }
    // ADMIN lives in plan_name (spec section 4); without it the user's own plan comes back.
    const live = await liveSubscription(tx, input.userId)
    const planName: PlanName = input.isAdmin ? 'ADMIN' : (live?.planName ?? 'GRATUITO')
    const [user] = await tx.update(users).set({ planName, updatedAt: deps.now }).where(eq(users.id, input.userId)).returning()
    const message = input.isAdmin ? `${target.name} agora é administrador.` : `${target.name} não é mais administrador.`
    return { kind: 'ok' as const, message, user: toAdminUser(user) }
  })
}
