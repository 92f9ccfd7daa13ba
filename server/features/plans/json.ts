import * as z from 'zod'

import { PlanLimitsJson } from '../../domain/account-json'

// Plans, subscriptions and payments as the API answers them (issue 10), shared by the billing
// and admin-billing contracts. Zod only, no database: contracts are imported by the pages'
// loaders. The domain's own types (./subscriptions.ts, ./checkout.ts, ./admin.ts) must stay
// assignable to these: every handler returning them is type-checked against them.

// The database's enums (server/db/schema.ts), repeated here so that no page reaches the database
// layer; a value missing here fails the type check of the handler that answers it.
export const PAID_PLAN_NAMES = ['BASICO', 'PREMIUM', 'PRO'] as const
export const CHANGEABLE_PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'] as const
const PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO', 'ADMIN'] as const
export const PAYMENT_METHODS = ['credit_card', 'paypal', 'pix'] as const
export const BILLING_PERIODS = ['month', 'year'] as const
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'refunded'] as const
export const SUBSCRIPTION_STATES = ['active', 'canceled', 'change_scheduled', 'ended'] as const

const iso = z.iso.datetime()

/** A plan's yearly option (ADR 042), null where the plan is not sold by the year. */
const yearOffer = {
  year_price_cents: z.number().int().nullable().meta({ description: 'O preço de um ano (um pagamento); null quando não há plano anual.' }),
  year_price_formatted: z.string().nullable(),
  year_monthly_formatted: z.string().nullable().meta({ description: 'O preço anual dividido por 12, para comparar com o mensal.' }),
}

/** A plan card as GET /plans reports it. */
export const PlanJson = z
  .object({
    plan_name: z.enum(CHANGEABLE_PLAN_NAMES),
    name: z.string(),
    tagline: z.string(),
    price_cents: z.number().int(),
    price_formatted: z.string(),
    period: z.literal('/mês'),
    ...yearOffer,
    popular: z.boolean(),
    features: z.array(z.string()).meta({
      description:
        'Só o que o software entrega hoje (issue 28): cada linha do catálogo some enquanto o recurso não existe ou está desligado.',
    }),
    limits: PlanLimitsJson,
  })
  .meta({ id: 'Plan' })
export type PlanJson = z.output<typeof PlanJson>

export const PaymentMethodJson = z.object({ id: z.enum(PAYMENT_METHODS), label: z.string() }).meta({ id: 'PaymentMethod' })
export type PaymentMethodJson = z.output<typeof PaymentMethodJson>

export const PlanPriceJson = z
  .object({
    plan_name: z.enum(PLAN_NAMES),
    name: z.string(),
    price_cents: z.number().int(),
    price_formatted: z.string(),
    period: z.literal('/mês'),
    ...yearOffer,
  })
  .meta({ id: 'PlanPrice' })

/** What a checkout for an option would charge now, for one billing period. */
export const ChargeJson = z
  .object({
    billing_period: z.enum(BILLING_PERIODS),
    price_cents: z.number().int(),
    price_formatted: z.string(),
    credit_cents: z.number().int().meta({ description: 'O crédito do período atual não usado que este pagamento aproveita.' }),
    credit_formatted: z.string().nullable(),
    amount_cents: z.number().int().meta({ description: 'O que será cobrado: o preço menos o crédito, nunca menos de R$ 1,00.' }),
    amount_formatted: z.string(),
  })
  .meta({ id: 'Charge' })

export const SubscriptionJson = z
  .object({
    id: z.number().int(),
    plan_name: z.enum(PAID_PLAN_NAMES),
    plan: z.string(),
    state: z.enum(SUBSCRIPTION_STATES),
    status_label: z.string(),
    current_period_start: iso,
    current_period_end: iso.nullable().meta({ description: 'null numa cortesia sem fim.' }),
    billing_period: z.enum(BILLING_PERIODS).meta({ description: 'month ou year: a duração do período e o preço que a renovação cobra.' }),
    cancel_at_period_end: z.boolean(),
    canceled_at: iso.nullable(),
    pending_plan_name: z.enum(PAID_PLAN_NAMES).nullable(),
    complimentary: z.boolean(),
    granted_by: z.string().nullable(),
    provider: z.string().nullable(),
    method: z.enum(PAYMENT_METHODS).nullable(),
    method_label: z.string().nullable(),
    created_at: iso,
    ended_at: iso.nullable(),
  })
  .meta({ id: 'Subscription' })
export type SubscriptionJson = z.output<typeof SubscriptionJson>

/** What /trocar-plano shows: the current plan block, the choices and whether changes work. */
export const BillingOverviewJson = z
  .object({
    plan: PlanPriceJson,
    state: z.enum(SUBSCRIPTION_STATES),
    status_label: z.string(),
    renews_at: iso.nullable().meta({ description: 'Próxima cobrança (assinatura paga ativa, não cancelada).' }),
    ends_at: iso.nullable().meta({ description: 'Quando uma assinatura cancelada volta ao Gratuito.' }),
    pending_change: PlanPriceJson.extend({ effective_at: iso, message: z.string() }).nullable(),
    subscription: SubscriptionJson.nullable(),
    changes_available: z.boolean(),
    unavailable_message: z.string().nullable(),
    payment_methods: z.array(PaymentMethodJson),
    credit: z
      .object({
        plan_name: z.enum(PAID_PLAN_NAMES),
        plan: z.string(),
        cents: z.number().int(),
        formatted: z.string(),
        days_left: z.number().int(),
      })
      .nullable()
      .meta({ description: 'O que resta do período pago atual, creditado num plano maior (proporcional aos dias).' }),
    options: z.array(
      PlanPriceJson.extend({
        action: z.enum(['current', 'upgrade', 'downgrade']).meta({
          description: 'upgrade: pagamento (POST /billing/checkout); downgrade: POST /billing/subscription/change.',
        }),
        requires_payment: z.boolean(),
        charges: z.array(ChargeJson).meta({ description: 'Num plano maior: o que cada período (mensal, anual se houver) cobra agora.' }),
      }),
    ),
  })
  .meta({ id: 'BillingOverview' })
export type BillingOverviewJson = z.output<typeof BillingOverviewJson>

/** What a payment and its receipt both say: which one, for what, how much and how. */
const paymentBasics = {
  checkout_id: z.string(),
  kind: z.enum(['checkout', 'renewal']),
  plan_name: z.enum(PAID_PLAN_NAMES),
  plan: z.string(),
  amount_cents: z.number().int(),
  amount_formatted: z.string(),
  method: z.enum(PAYMENT_METHODS),
  method_label: z.string(),
  billing_period: z.enum(BILLING_PERIODS).meta({ description: 'month ou year: o período que este pagamento compra.' }),
  billing_period_label: z.string(),
  price_cents: z.number().int().meta({ description: 'O preço do plano no período; amount_cents é ele menos credit_cents.' }),
  price_formatted: z.string(),
  credit_cents: z.number().int().meta({ description: 'Crédito do período não usado do plano anterior (upgrade), já descontado.' }),
  credit_formatted: z.string().nullable(),
  credit_plan: z.string().nullable().meta({ description: 'O plano cujo período não usado virou crédito.' }),
}

/** A payment (a checkout or a renewal) as its owner sees it. */
export const CheckoutJson = z
  .object({
    ...paymentBasics,
    status: z.enum(PAYMENT_STATUSES),
    status_label: z.string().meta({
      description:
        'A situação em português: Aguardando pagamento, Aprovado, Recusado, Expirado (declined porque o prazo para pagar terminou) ou Estornado.',
    }),
    created_at: iso,
    decided_at: iso.nullable(),
    expires_at: iso.nullable().meta({ description: 'Pix: até quando a cobrança pode ser paga; null nas outras formas.' }),
    failure_reason: z.string().nullable().meta({ description: 'Por que foi recusado ou estornado.' }),
    message: z.string().meta({ description: 'Uma frase para o aviso na volta do pagamento.' }),
  })
  .meta({ id: 'Checkout' })
export type CheckoutJson = z.output<typeof CheckoutJson>

/** A Pix charge as its owner sees it while paying: the code, its QR image and its deadline. */
export const PixChargeJson = z
  .object({
    checkout: CheckoutJson,
    copia_e_cola: z.string().meta({ description: 'O código Pix (BR Code) para colar no aplicativo do banco.' }),
    qr_code_data_url: z.string().meta({ description: 'A imagem do QR code: um SVG em data: URL.' }),
    expires_at: iso,
    expired: z.boolean().meta({ description: 'O prazo terminou sem pagamento: gere uma nova cobrança.' }),
    simulator_url: z.string().nullable().meta({ description: 'Só no provedor de testes: a página que simula o banco pagando o Pix.' }),
  })
  .meta({ id: 'PixCharge' })
export type PixChargeJson = z.output<typeof PixChargeJson>

/** The receipt of an approved payment: what was bought, when, how, and the period it paid for. */
export const ReceiptJson = z
  .object({
    ...paymentBasics,
    number: z.string().meta({ description: 'O número do recibo, para citar ao suporte.' }),
    paid_at: iso,
    period_start: iso,
    period_end: iso,
    payer: z.object({ name: z.string(), email: z.string() }),
  })
  .meta({ id: 'Receipt' })
export type ReceiptJson = z.output<typeof ReceiptJson>

/** A page of a list: 20 a page, newest first. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), per_page: z.number().int() })
