import type { Request, RequestHandler } from 'express'
import express, { Router } from 'express'

import { HttpError } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { listPayments } from './admin'
import { explanationLine } from './analysis-coverage'
import { currentAnalysisClaim, planCards } from './catalog'
import { findUserCheckout, receiveWebhook, startCheckout, toCheckoutJson } from './checkout'
import { billingApi } from './contract'
import { getPolicy } from './policy'
import { PAYMENT_METHOD_LABELS } from './provider'
import { findUserPixCharge, findUserReceipt } from './receipts'
import { announcePaymentProvider, billingDeps, paymentProviderFor } from './registry'
import type { ChangeOutcome } from './subscriptions'
import { BILLING_MESSAGES, billingOverview, cancelSubscription, findUserRow, resumeSubscription, scheduleChange } from './subscriptions'

// Plans, entitlements and the user's own subscription (issue 10): the contract (./contract.ts)
// says what each route reads and answers; every rule is in server/domain/billing/ and
// server/features/plans/policy.ts.

/** A body that is not a JSON object is refused before its fields are read (as the admin's are). */
const objectBody: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return next(new HttpError(400, 'Corpo da requisição inválido: envie um objeto JSON.'))
  next()
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

  route(
    router,
    billingApi.plans,
  )(async () => {
    const provider = paymentProviderFor(ctx.config, ctx.clock)
    const [cards, analysisLine, studentLine] = await Promise.all([planCards(ctx.db), currentAnalysisClaim(ctx.db), explanationLine(ctx.db)])
    return {
      data: cards,
      analysis_line: analysisLine,
      explanation_line: studentLine,
      payment_methods: (provider?.methods ?? []).map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] })),
      changes_available: provider !== null,
    }
  })

  route(router, billingApi.policy)(({ req }) => getPolicy(ctx.db, currentUser(req), ctx.clock()))

  route(router, billingApi.subscription)(({ req }) => billingOverview(billingDeps(ctx), currentUser(req)))

  route(router, billingApi.checkout, [limiter(ctx, { name: 'checkout', windowMs: 15 * 60_000, limit: 20 }), objectBody])(
    async ({ req, body }) => {
      const outcome = await startCheckout(billingDeps(ctx), currentUser(req), {
        plan: body.plan_name,
        method: body.method,
        period: body.billing_period,
        publicUrl: ctx.config.PUBLIC_URL,
      })
      switch (outcome.kind) {
        case 'unavailable':
          throw new HttpError(503, BILLING_MESSAGES.unavailable)
        case 'admin':
          throw new HttpError(409, BILLING_MESSAGES.admin)
        case 'method-unavailable':
          throw new HttpError(400, BILLING_MESSAGES.methodUnavailable)
        case 'period-unavailable':
          throw new HttpError(400, BILLING_MESSAGES.periodUnavailable)
        case 'same-plan':
          throw new HttpError(409, BILLING_MESSAGES.samePlan)
        case 'downgrade':
          throw new HttpError(409, BILLING_MESSAGES.downgradeNoPayment, { code: 'DOWNGRADE' })
        case 'provider-error':
          throw new HttpError(502, BILLING_MESSAGES.providerError)
        case 'ok':
          return { checkout_id: outcome.payment.checkoutId, redirect_url: outcome.redirectUrl, checkout: toCheckoutJson(outcome.payment) }
      }
    },
  )

  route(
    router,
    billingApi.getCheckout,
  )(async ({ req, params }) => {
    const payment = await findUserCheckout(billingDeps(ctx), currentUser(req).id, params.checkoutId)
    if (!payment) throw new HttpError(404, BILLING_MESSAGES.checkoutNotFound)
    return toCheckoutJson(payment)
  })

  route(
    router,
    billingApi.pixCharge,
  )(async ({ req, params }) => {
    const charge = await findUserPixCharge(billingDeps(ctx), currentUser(req).id, params.checkoutId)
    if (!charge) throw new HttpError(404, BILLING_MESSAGES.pixNotFound)
    return charge
  })

  route(
    router,
    billingApi.receipt,
  )(async ({ req, params }) => {
    const receipt = await findUserReceipt(ctx.db, currentUser(req).id, params.checkoutId)
    if (!receipt) throw new HttpError(404, BILLING_MESSAGES.receiptNotFound)
    return receipt
  })

  route(
    router,
    billingApi.payments,
  )(async ({ req, query }) => {
    const result = await listPayments(billingDeps(ctx), { userId: currentUser(req).id, page: query.page })
    // The admin view's extra fields (provider references, owner) are not the user's business.
    return { ...result, data: result.data.map(({ id: _id, provider: _p, provider_ref: _r, user: _u, ...payment }) => payment) }
  })

  const afterChange = async (req: Request, outcome: ChangeOutcome) => {
    const ok = changeResult(outcome)
    // Read the user again: a change can apply at once (a complimentary plan's cancel).
    const user = (await findUserRow(ctx.db, currentUser(req).id)) ?? currentUser(req)
    return { success: true as const, message: ok.message, change: ok.change, ...(await billingOverview(billingDeps(ctx), user)) }
  }

  route(router, billingApi.change, [objectBody])(async ({ req, body }) =>
    afterChange(req, await scheduleChange(billingDeps(ctx), currentUser(req), body.plan_name)),
  )

  route(router, billingApi.cancel)(async ({ req }) => afterChange(req, await cancelSubscription(billingDeps(ctx), currentUser(req))))

  route(router, billingApi.resume)(async ({ req }) => afterChange(req, await resumeSubscription(billingDeps(ctx), currentUser(req))))

  return router
}

/**
 * POST /billing/webhook, mounted before express.json: the signature covers the exact bytes
 * sent, so the body is kept raw (its contract declares no JSON body) and parsed only after it
 * is verified.
 */
export function createBillingWebhookRouter(ctx: AppContext) {
  const router = Router()
  route(router, billingApi.webhook, [express.raw({ type: () => true, limit: '64kb' })])(async ({ req }) => {
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
        return { received: true, status: 'already_processed' }
      case 'ignored':
        return { received: true, status: 'ignored' }
      case 'processed':
        return { received: true, status: 'processed', payment_status: outcome.status }
    }
  })
  return router
}
