import type { IncomingHttpHeaders } from 'node:http'

import type { PaidPlanName, PaymentMethod } from '../../db/schema'

// The seam between our billing rules and whoever takes the money (docs/decisions/012).
// A provider never sees a plan rule and the rules never see a card: adding a real
// provider is one module implementing this interface, registered in registry.ts.

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: 'Cartão de Crédito',
  // The spec names only 'a payment-wallet provider'; PayPal is the one we offer.
  paypal: 'PayPal',
  pix: 'Pix',
}

export type CheckoutRequest = {
  user: { id: string; email: string; name: string }
  plan: { id: PaidPlanName; name: string }
  method: PaymentMethod
  amountCents: number
  /** Our id for this payment: the provider echoes it and the user returns with it. */
  checkoutId: string
  /** Where the provider sends the browser back when the payment is decided. */
  returnUrl: string
  /** Pix only: when the charge stops being payable (the provider must refuse it after). */
  expiresAt?: Date
}

export type CheckoutSession = {
  /**
   * The provider's hosted checkout page, where the browser goes next. For Pix, the payer's
   * bank pays instead: the browser stays on our page with the code, and this page is only
   * the sandbox's stand-in for the bank.
   */
  redirectUrl: string
  /** The provider's own id of the charge; its webhooks name the payment by it. */
  providerRef: string
  /** Pix only: the copia-e-cola code (BR Code) the provider issued for this charge. */
  pixCode?: string
}

/** A provider's webhook, verified and translated into the two facts our rules act on. */
export type ProviderEvent = {
  /** Unique per event at the provider: the same id twice is a replay. */
  eventId: string
  type: 'payment.approved' | 'payment.declined'
  providerRef: string
  amountCents: number
  /** Why the payment was declined, in Portuguese, shown to the user. */
  reason?: string
}

export type WebhookVerification = { ok: true; event: ProviderEvent } | { ok: false; error: 'signature' | 'payload' }

export type RenewalRequest = {
  user: { id: string; email: string; name: string }
  plan: { id: PaidPlanName; name: string }
  method: PaymentMethod
  amountCents: number
  checkoutId: string
}

/** 'pending': the provider confirms later through a webhook; access continues meanwhile. */
export type RenewalResult = { status: 'approved' | 'pending' | 'declined'; providerRef: string; reason?: string }

/** A charge we already know, named by the provider's reference and our checkout id. */
export type ChargeReference = { providerRef: string; checkoutId: string; amountCents: number }

export interface PaymentProvider {
  /** Stored in payments.provider and subscriptions.provider. */
  readonly name: string
  /** Whether anyone can approve their own payment (logged loudly in production). */
  readonly isSandbox: boolean
  readonly methods: readonly PaymentMethod[]
  /** Opens a hosted checkout; card data is typed on the provider's page, never ours. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  /** Checks the signature over the exact bytes received, then parses the event. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookVerification
  /** Charges the next period of a subscription with the method on file at the provider. */
  chargeRenewal(request: RenewalRequest): Promise<RenewalResult>
  /**
   * Closes a hosted checkout that is no longer wanted (a newer one superseded it), so it can
   * no longer be paid. A provider may have taken the money already: that approval then
   * arrives by webhook and is refunded.
   */
  cancelCheckout(charge: ChargeReference): Promise<void>
  /** Returns the whole amount of an approved charge to the payer; throws if it could not. */
  refund(charge: ChargeReference & { reason: string }): Promise<{ refundRef: string }>
}
