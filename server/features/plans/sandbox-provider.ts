import crypto from 'node:crypto'

import * as z from 'zod'

import type { PaymentMethod } from '../../db/schema'
import { PAYMENT_METHODS } from '../../db/schema'
import type { Clock } from '../../domain/time/clock'
import { brCode, newTxid } from './pix'
import type { PaymentProvider, ProviderEvent, WebhookVerification } from './provider'
import { SIGNATURE_HEADER, signBody, verifySignature } from './signature'

// The sandbox provider: a hosted checkout look-alike served by our own server
// (server/features/plans/sandbox.ts). Nothing is charged and anyone holding a checkout id can
// approve it, which is why production logs a loud warning when it is switched on.

export const SANDBOX_PROVIDER = 'sandbox'
export const SANDBOX_PATH = '/sandbox-pagamentos'

export function sandboxCheckoutPath(checkoutId: string) {
  return `${SANDBOX_PATH}/${checkoutId}`
}

/** What the sandbox was asked to do besides charging: its own record, as a provider keeps one. */
export type SandboxOperation = {
  type: 'cancel' | 'refund'
  providerRef: string
  checkoutId: string
  amountCents: number
  reason?: string
  refundRef?: string
  at: Date
}

// Per process and bounded: the sandbox has no money to account for, only tests and demos to
// show what a real provider would have been asked. Kept on globalThis, as the server and Remix
// bundles each load their own copy of this module.
const LEDGER_KEY = Symbol.for('gabarita.sandboxLedger')
const LEDGER_MAX = 1000
function ledger(): SandboxOperation[] {
  const g = globalThis as unknown as Record<symbol, SandboxOperation[] | undefined>
  return (g[LEDGER_KEY] ??= [])
}
function record(operation: SandboxOperation) {
  const log = ledger()
  log.push(operation)
  if (log.length > LEDGER_MAX) log.splice(0, log.length - LEDGER_MAX)
}

/** The sandbox's cancels and refunds, oldest first (this process only). */
export function sandboxOperations(): readonly SandboxOperation[] {
  return ledger()
}

/** The sandbox's webhook body: the shape a real provider's would have, in our own format. */
const SandboxEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.approved', 'payment.declined']),
  created_at: z.string().max(40),
  data: z.object({
    checkout_id: z.string().max(100),
    provider_ref: z.string().min(1).max(100),
    amount_cents: z.number().int().min(0),
    currency: z.literal('BRL'),
    reason: z.string().max(300).optional(),
  }),
})

const DECLINE_REASONS: Record<PaymentMethod, string> = {
  credit_card: 'a operadora do cartão recusou o pagamento (simulação do ambiente de testes).',
  paypal: 'o PayPal recusou o pagamento (simulação do ambiente de testes).',
  pix: 'o banco recusou o Pix (simulação do ambiente de testes).',
}

/** The sandbox's Pix key (a random key, as a business's would be): it belongs to nobody. */
const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'

export function createSandboxProvider(options: { secret: string; baseUrl?: string; clock: Clock }): PaymentProvider {
  const base = (options.baseUrl ?? '').replace(/\/$/, '')
  return {
    name: SANDBOX_PROVIDER,
    isSandbox: true,
    methods: PAYMENT_METHODS,
    async createCheckout(request) {
      const redirectUrl = `${base}${sandboxCheckoutPath(request.checkoutId)}`
      if (request.method !== 'pix') return { redirectUrl, providerRef: `sbx_${crypto.randomUUID()}` }
      const txid = newTxid()
      const pixCode = brCode({ key: SANDBOX_PIX_KEY, amountCents: request.amountCents, txid, merchantName: 'Gabarita', city: 'Sao Paulo' })
      return { redirectUrl, providerRef: `sbx_pix_${txid}`, pixCode }
    },
    verifyWebhook(rawBody, headers): WebhookVerification {
      if (!verifySignature(options.secret, rawBody, headers)) return { ok: false, error: 'signature' }
      const text = rawBody.toString('utf8')
      // A NUL (raw or escaped) would reach PostgreSQL text columns as an error.
      if (/\0|\\u0000/i.test(text)) return { ok: false, error: 'payload' }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        return { ok: false, error: 'payload' }
      }
      const parsed = SandboxEventSchema.safeParse(json)
      if (!parsed.success) return { ok: false, error: 'payload' }
      const { id, type, data } = parsed.data
      const event: ProviderEvent = {
        eventId: id,
        type,
        providerRef: data.provider_ref,
        amountCents: data.amount_cents,
        reason: data.reason,
      }
      return { ok: true, event }
    },
    // Renewals are approved at once: there is no card to decline in the sandbox.
    async chargeRenewal() {
      return { status: 'approved', providerRef: `sbx_${crypto.randomUUID()}` }
    },
    async cancelCheckout(charge) {
      record({ type: 'cancel', ...charge, at: options.clock() })
    },
    async refund(charge) {
      const refundRef = `sbx_rf_${crypto.randomUUID()}`
      record({ type: 'refund', ...charge, refundRef, at: options.clock() })
      return { refundRef }
    },
  }
}

/**
 * What the sandbox's hosted page sends when the visitor presses a button: the event and
 * its signature, exactly as a provider's server would post them to our webhook.
 */
export function sandboxWebhook(
  secret: string,
  payment: { checkoutId: string; providerRef: string; amountCents: number; method: PaymentMethod },
  decision: 'approve' | 'decline',
  now: Date,
) {
  const body = Buffer.from(
    JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      type: decision === 'approve' ? 'payment.approved' : 'payment.declined',
      created_at: now.toISOString(),
      data: {
        checkout_id: payment.checkoutId,
        provider_ref: payment.providerRef,
        amount_cents: payment.amountCents,
        currency: 'BRL',
        ...(decision === 'decline' ? { reason: DECLINE_REASONS[payment.method] } : {}),
      },
    }),
  )
  return { body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body) } }
}
