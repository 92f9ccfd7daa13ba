import { and, desc, eq } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { payments, users } from '../../db/schema'
import type { PaymentRow } from './checkout'
import { CHECKOUT_ID, expiredUnpaid, findUserCheckout, paymentBasics, toCheckoutJson } from './checkout'
import type { ReceiptJson } from './json'
import { qrCodeDataUrl } from './pix'
import type { BillingDeps } from './registry'
import { sandboxCheckoutPath } from './sandbox-provider'
import { addPeriod } from './subscriptions'

// What the student keeps of a payment (issue 28): the Pix charge while it is being paid, and a
// receipt once it is approved. Only the owner's: someone else's answers as absent.

/** The Pix charge of the user's own checkout, or undefined (unknown, someone else's, not Pix). */
export async function findUserPixCharge(deps: BillingDeps, userId: string, checkoutId: string) {
  const payment = await findUserCheckout(deps, userId, checkoutId)
  if (!payment || payment.method !== 'pix' || !payment.pixCode || !payment.expiresAt) return undefined
  return {
    checkout: toCheckoutJson(payment),
    copia_e_cola: payment.pixCode,
    qr_code_data_url: qrCodeDataUrl(payment.pixCode),
    expires_at: new Date(payment.expiresAt).toISOString(),
    expired: expiredUnpaid(payment),
    simulator_url: deps.provider?.isSandbox && payment.provider === deps.provider.name ? sandboxCheckoutPath(payment.checkoutId) : null,
  }
}

function toReceiptJson(payment: PaymentRow, payer: { name: string; email: string }): ReceiptJson {
  const paidAt = new Date(payment.decidedAt ?? payment.updatedAt)
  // Payments approved before periods were stored paid the month that began when they were approved.
  const start = payment.periodStart ? new Date(payment.periodStart) : paidAt
  const end = payment.periodEnd ? new Date(payment.periodEnd) : addPeriod(start, payment.billingPeriod)
  return {
    ...paymentBasics(payment),
    number: `GAB-${String(payment.id).padStart(6, '0')}`,
    paid_at: paidAt.toISOString(),
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    payer,
  }
}

const approvedOf = (userId: string) => and(eq(payments.userId, userId), eq(payments.status, 'approved'))

/** The receipt of one of the user's approved payments; any other payment has none. */
export async function findUserReceipt(db: Db, userId: string, checkoutId: string) {
  if (!CHECKOUT_ID.test(checkoutId)) return undefined
  const [row] = await db
    .select({ payment: payments, payer: { name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(approvedOf(userId), eq(payments.checkoutId, checkoutId.toLowerCase())))
  return row ? toReceiptJson(row.payment, row.payer) : undefined
}

/** Every receipt of the user, newest first ('Baixar meus dados'). */
export async function listUserReceipts(db: Db, userId: string) {
  const rows = await db
    .select({ payment: payments, payer: { name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(approvedOf(userId))
    .orderBy(desc(payments.decidedAt), desc(payments.id))
  return rows.map((r) => toReceiptJson(r.payment, r.payer))
}
