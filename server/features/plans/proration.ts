import { and, desc, eq } from 'drizzle-orm'

import type { Db } from '../../db/index'
import type { PaidPlanName, subscriptions } from '../../db/schema'
import { payments } from '../../db/schema'

type Subscription = typeof subscriptions.$inferSelect

// Pro-rata upgrades (issue 28, ADR 042): an upgrade within a paid period credits the part of it
// not yet used against the new plan's price, and the new period starts at the upgrade.

const DAY_MS = 24 * 60 * 60 * 1000

/** The least a checkout charges: a provider takes no payment of R$ 0,00. */
export const MIN_CHARGE_CENTS = 100

export type UnusedCredit = { plan_name: PaidPlanName; cents: number; days_left: number; days_in_period: number }

/**
 * What is left of the live paid period: days left / days in the period × what the period was
 * worth (what was paid for it plus the credit that went into it). Whole days: the day under way
 * counts as used. None for a complimentary grant, a period not (yet) paid, or an ended one.
 */
export async function unusedCredit(db: Db, sub: Subscription | undefined, now: Date): Promise<UnusedCredit | null> {
  if (!sub?.provider || !sub.currentPeriodEnd || sub.currentPeriodEnd <= now) return null
  const [paid] = await db
    .select({ amountCents: payments.amountCents, creditCents: payments.creditCents })
    .from(payments)
    .where(and(eq(payments.subscriptionId, sub.id), eq(payments.status, 'approved'), eq(payments.periodStart, sub.currentPeriodStart)))
    .orderBy(desc(payments.id))
    .limit(1)
  if (!paid) return null
  const start = new Date(sub.currentPeriodStart).getTime()
  const end = new Date(sub.currentPeriodEnd).getTime()
  const daysInPeriod = Math.max(1, Math.round((end - start) / DAY_MS))
  const daysLeft = Math.min(daysInPeriod, Math.floor((end - now.getTime()) / DAY_MS))
  const cents = Math.floor(((paid.amountCents + paid.creditCents) * daysLeft) / daysInPeriod)
  return cents > 0 ? { plan_name: sub.planName, cents, days_left: daysLeft, days_in_period: daysInPeriod } : null
}

/**
 * What a checkout charges for a price after the credit: never less than MIN_CHARGE_CENTS, so a
 * credit larger than the price is only used up to it (the rest is not paid back; the page says so).
 */
export function applyCredit(priceCents: number, credit: UnusedCredit | null) {
  const creditCents = credit ? Math.max(0, Math.min(credit.cents, priceCents - MIN_CHARGE_CENTS)) : 0
  return { creditCents, amountCents: priceCents - creditCents }
}
