import express, { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import { PAYMENT_METHODS } from '../db/schema'
import { listPayments } from '../domain/billing/admin'
import { findUserCheckout, receiveWebhook, startCheckout, toCheckoutJson } from '../domain/billing/checkout'
import { PAYMENT_METHOD_LABELS } from '../domain/billing/provider'
import { announcePaymentProvider, billingDeps, currentTime, paymentProviderFor } from '../domain/billing/registry'
import type { ChangeOutcome } from '../domain/billing/subscriptions'
import {
  BILLING_MESSAGES,
  billingOverview,
  cancelSubscription,
  findUserRow,
  resumeSubscription,
  scheduleChange,
} from '../domain/billing/subscriptions'
import { DISPLAY_PLANS, toPlanJson } from '../domain/plans'
import { getPolicy } from '../domain/policy'
import { currentUser, requireUser } from './auth-middleware'
import { handler, HttpError, pageParam, parse } from './http'
import { limiter } from './rate-limit'

// Plans, entitlements and the user's own subscription (issue 10). Parsing and status codes
// only: every rule is in server/domain/billing/ and server/domain/policy.ts.

const PaidPlan = z.enum(['BASICO', 'PREMIUM', 'PRO'], { error: BILLING_MESSAGES.planRequired })
const AnyPlan = z.enum(['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'], { error: 'Escolha um plano: GRATUITO, BASICO, PREMIUM ou PRO.' })

export const CheckoutBody = z.object({
  plan_name: PaidPlan,
  method: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.methodRequired }),
})
export const ChangeBody = z.object({ plan_name: AnyPlan })
const PageQuery = z.object({ page: pageParam })

function objectBody(body: unknown) {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'Corpo da requisição inválido: envie um objeto JSON.')
  return body
}

/** The answer to a change that needs no payment, or the reason it was refused. */
function changeResult(outcome: ChangeOutcome) {
  switch (outcome.kind) {
    case 'ok':
      return outcome
    case 'admin':
      throw new HttpError(409, BILLING_MESSAGES.admin)
    case 'same-plan':
      throw new HttpError(409, BILLING_MESSAGES.samePlan)
    case 'payment-required':
      throw new HttpError(409, BILLING_MESSAGES.paymentRequired, { code: 'PAYMENT_REQUIRED' })
    case 'no-subscription':
      throw new HttpError(409, BILLING_MESSAGES.noSubscription)
    case 'nothing-to-resume':
      throw new HttpError(409, BILLING_MESSAGES.nothingToResume)
  }
}

export function createBillingRouter(ctx: AppContext) {
  const router = Router()
  announcePaymentProvider(ctx)

  router.get(
    '/plans',
    handler(async (_req, res) => {
      const provider = paymentProviderFor(ctx.config)
      res.json({
        data: DISPLAY_PLANS.map(toPlanJson),
        payment_methods: (provider?.methods ?? []).map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] })),
        changes_available: provider !== null,
      })
    }),
  )

  router.get(
    '/policy',
    requireUser,
    handler(async (req, res) => {
      res.json(await getPolicy(ctx.db, currentUser(req), currentTime(ctx)))
    }),
  )

  router.get(
    '/billing/subscription',
    requireUser,
    handler(async (req, res) => {
      res.json(await billingOverview(billingDeps(ctx), currentUser(req)))
    }),
  )

  router.post(
    '/billing/checkout',
    requireUser,
    limiter(ctx, { name: 'checkout', windowMs: 15 * 60_000, limit: 20 }),
    handler(async (req, res) => {
      const user = currentUser(req)
      const body = parse(CheckoutBody, objectBody(req.body))
      const outcome = await startCheckout(billingDeps(ctx), user, {
        plan: body.plan_name,
        method: body.method,
        publicUrl: ctx.config.PUBLIC_URL,
      })
      switch (outcome.kind) {
        case 'unavailable':
          throw new HttpError(503, BILLING_MESSAGES.unavailable)
        case 'admin':
          throw new HttpError(409, BILLING_MESSAGES.admin)
        case 'method-unavailable':
          throw new HttpError(400, BILLING_MESSAGES.methodUnavailable)
        case 'same-plan':
          throw new HttpError(409, BILLING_MESSAGES.samePlan)
        case 'downgrade':
          throw new HttpError(409, BILLING_MESSAGES.downgradeNoPayment, { code: 'DOWNGRADE' })
        case 'provider-error':
          throw new HttpError(502, BILLING_MESSAGES.providerError)
        case 'ok':
          res
            .status(201)
            .json({ checkout_id: outcome.payment.checkoutId, redirect_url: outcome.redirectUrl, checkout: toCheckoutJson(outcome.payment) })
      }
    }),
  )

  router.get(
    '/billing/checkouts/:checkoutId',
    requireUser,
    handler(async (req, res) => {
      const payment = await findUserCheckout(billingDeps(ctx), currentUser(req).id, String(req.params.checkoutId))
      if (!payment) throw new HttpError(404, BILLING_MESSAGES.checkoutNotFound)
      res.json(toCheckoutJson(payment))
    }),
  )

  router.get(
    '/billing/payments',
    requireUser,
    handler(async (req, res) => {
      const { page } = parse(PageQuery, req.query)
      const result = await listPayments(billingDeps(ctx), { userId: currentUser(req).id, page })
      // The admin view's extra fields (provider references, owner) are not the user's business.
      res.json({ ...result, data: result.data.map(({ id: _id, provider: _p, provider_ref: _r, user: _u, ...payment }) => payment) })
    }),
  )

  const afterChange = async (req: express.Request, res: express.Response, outcome: ChangeOutcome) => {
    const ok = changeResult(outcome)
    // Read the user again: a change can apply at once (a complimentary plan's cancel).
    const user = (await findUserRow(ctx.db, currentUser(req).id)) ?? currentUser(req)
    res.json({ success: true, message: ok.message, change: ok.change, ...(await billingOverview(billingDeps(ctx), user)) })
  }

  router.post(
    '/billing/subscription/change',
    requireUser,
    handler(async (req, res) => {
      const { plan_name } = parse(ChangeBody, objectBody(req.body))
      await afterChange(req, res, await scheduleChange(billingDeps(ctx), currentUser(req), plan_name))
    }),
  )

  router.post(
    '/billing/subscription/cancel',
    requireUser,
    handler(async (req, res) => {
      await afterChange(req, res, await cancelSubscription(billingDeps(ctx), currentUser(req)))
    }),
  )

  router.post(
    '/billing/subscription/resume',
    requireUser,
    handler(async (req, res) => {
      await afterChange(req, res, await resumeSubscription(billingDeps(ctx), currentUser(req)))
    }),
  )

  return router
}

/**
 * POST /billing/webhook, mounted before express.json: the signature covers the exact bytes
 * sent, so the body is kept raw and parsed only after it is verified.
 */
export function createBillingWebhookRouter(ctx: AppContext) {
  const router = Router()
  router.post(
    '/billing/webhook',
    express.raw({ type: () => true, limit: '64kb' }),
    handler(async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const outcome = await receiveWebhook(billingDeps(ctx), raw, req.headers)
      switch (outcome.kind) {
        case 'unavailable':
          throw new HttpError(503, BILLING_MESSAGES.unavailable)
        case 'invalid-signature':
          throw new HttpError(400, 'Assinatura do webhook inválida.')
        case 'invalid-payload':
          throw new HttpError(400, 'Evento de pagamento inválido.')
        case 'unknown-payment':
          throw new HttpError(404, BILLING_MESSAGES.checkoutNotFound)
        case 'duplicate':
          res.json({ received: true, status: 'already_processed' })
          return
        case 'ignored':
          res.json({ received: true, status: 'ignored' })
          return
        case 'processed':
          res.json({ received: true, status: 'processed', payment_status: outcome.status })
      }
    }),
  )
  return router
}
