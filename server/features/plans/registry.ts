import type { AppContext } from '../../context'
import type { Db } from '../../db/index'
import type { Clock } from '../../domain/time/clock'
import type { PaymentProvider } from './provider'
import { createSandboxProvider } from './sandbox-provider'

/** What the billing rules need: the database, the provider (null = changes off) and the time. */
export type BillingDeps = { db: Db; provider: PaymentProvider | null; now: Date }

/**
 * The provider PAYMENT_PROVIDER names, or null. A real provider is one more case here
 * (docs/decisions/012-payment-provider-seam.md).
 */
export function paymentProviderFor(config: AppContext['config'], clock: Clock): PaymentProvider | null {
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider({ secret: config.paymentWebhookSecret, baseUrl: config.PUBLIC_URL, clock })
    default:
      return null
  }
}

/** Called once when the API is built: a sandbox in production lets anyone approve their own payment. */
export function announcePaymentProvider(ctx: AppContext) {
  const provider = paymentProviderFor(ctx.config, ctx.clock)
  if (provider?.isSandbox && ctx.config.isProduction) {
    ctx.logger.warn(
      '!!! PAYMENT_PROVIDER=sandbox EM PRODUÇÃO: qualquer pessoa pode aprovar o próprio pagamento em /sandbox-pagamentos e ganhar um plano pago sem pagar. Use só para demonstração. !!!',
    )
  } else if (!provider) {
    ctx.logger.info('Nenhum provedor de pagamento configurado (PAYMENT_PROVIDER): mudanças de plano indisponíveis')
  }
  return provider
}

export function billingDeps(ctx: AppContext): BillingDeps {
  return { db: ctx.db, provider: paymentProviderFor(ctx.config, ctx.clock), now: ctx.clock() }
}
