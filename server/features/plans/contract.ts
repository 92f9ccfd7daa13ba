import * as z from 'zod'

import { ApiErrorBody, defineEndpoint } from '../../api/contract'
import { pageParam } from '../../api/http'
import { PolicyJson } from '../../domain/account-json'
import {
  BILLING_PERIODS,
  BillingOverviewJson,
  CHANGEABLE_PLAN_NAMES,
  CheckoutJson,
  pageOf,
  PAID_PLAN_NAMES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PaymentMethodJson,
  PixChargeJson,
  PlanJson,
  ReceiptJson,
} from './json'
import { BILLING_MESSAGES } from './messages'

// Plans, entitlements and the user's own subscription (issue 10): the plan cards, the policy,
// the subscription, checkouts and payments, and changes that need no payment. The provider's
// webhook is here too: it reads its body raw (the signature covers the exact bytes), so its
// contract declares no JSON body.

export { BillingOverviewJson, CheckoutJson, PaymentMethodJson, PixChargeJson, PlanJson, ReceiptJson } from './json'

export const CheckoutBody = z.object({
  plan_name: z.enum(PAID_PLAN_NAMES, { error: BILLING_MESSAGES.planRequired }),
  method: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.methodRequired }),
  billing_period: z
    .enum(BILLING_PERIODS, { error: BILLING_MESSAGES.periodRequired })
    .default('month')
    .meta({ description: 'month (padrão) ou year: um pagamento por um ano, onde o plano tem preço anual.' }),
})
export const ChangeBody = z.object({
  plan_name: z.enum(CHANGEABLE_PLAN_NAMES, { error: 'Escolha um plano: GRATUITO, BASICO, PREMIUM ou PRO.' }),
})

export const PlansReply = z
  .object({
    data: z.array(PlanJson),
    analysis_line: z.string().nullable().meta({
      description:
        'A linha da análise do professor como os cartões a dizem hoje (cobertura real do banco); null quando nenhum cartão a mostra.',
    }),
    explanation_line: z.string().nullable().meta({
      description: 'Quantas questões têm explicação de aluno (todos os planos), à parte da análise do professor; null sem nenhuma.',
    }),
    payment_methods: z.array(PaymentMethodJson).meta({ description: 'Vazio quando nenhum provedor de pagamento está configurado.' }),
    changes_available: z.boolean(),
  })
  .meta({ id: 'Plans' })
export type PlansReply = z.output<typeof PlansReply>

export const CheckoutReply = z.object({
  checkout_id: z.string(),
  redirect_url: z.string().meta({ description: 'Para onde levar o navegador (a página do provedor).' }),
  checkout: CheckoutJson,
})

export const SubscriptionChangeReply = BillingOverviewJson.extend({
  success: z.literal(true),
  message: z.string(),
  change: z.enum(['scheduled', 'applied', 'pending-cleared', 'canceled', 'resumed']),
}).meta({ id: 'SubscriptionChange' })
export type SubscriptionChangeReply = z.output<typeof SubscriptionChangeReply>

/** A 409 that says what to do instead: PAYMENT_REQUIRED (a bigger plan: checkout), DOWNGRADE (a smaller one: change). */
const BillingConflict = ApiErrorBody.extend({ code: z.enum(['PAYMENT_REQUIRED', 'DOWNGRADE']).optional() })

const WebhookReply = z.object({
  received: z.literal(true),
  status: z.enum(['processed', 'already_processed', 'ignored']),
  payment_status: z.enum(PAYMENT_STATUSES).optional().meta({ description: 'Com status processed: a situação do pagamento agora.' }),
})

const tags = ['Planos e assinatura']

export const billingApi = {
  plans: defineEndpoint({
    method: 'get',
    path: '/plans',
    summary: 'Os quatro planos, com preços, limites e recursos, e as formas de pagamento',
    tags,
    auth: 'none',
    responses: { 200: PlansReply },
    errors: [401],
  }),
  policy: defineEndpoint({
    method: 'get',
    path: '/policy',
    summary: 'Plano, limites, chaves do administrador, uso da semana e recursos disponíveis',
    tags,
    auth: 'user',
    responses: { 200: PolicyJson },
  }),
  subscription: defineEndpoint({
    method: 'get',
    path: '/billing/subscription',
    summary: 'O plano atual, a mudança agendada e as opções de troca',
    tags,
    auth: 'user',
    responses: { 200: BillingOverviewJson },
  }),
  checkout: defineEndpoint({
    method: 'post',
    path: '/billing/checkout',
    summary: 'Inicia o pagamento de um plano maior; leve o navegador a redirect_url',
    tags,
    auth: 'user',
    body: CheckoutBody,
    responses: { 201: CheckoutReply },
    description:
      'Dentro de um período pago, o que resta dele (proporcional aos dias) vira crédito no preço do novo plano: amount_cents é o preço menos credit_cents, nunca menos de R$ 1,00. O novo período começa na aprovação.',
    errors: [409, 429, 502, 503],
    errorBodies: { 409: BillingConflict },
  }),
  getCheckout: defineEndpoint({
    method: 'get',
    path: '/billing/checkouts/:checkoutId',
    summary: 'O resultado de um pagamento, na volta do provedor (só o do próprio usuário)',
    tags,
    auth: 'user',
    params: z.object({ checkoutId: z.string() }),
    responses: { 200: CheckoutJson },
  }),
  pixCharge: defineEndpoint({
    method: 'get',
    path: '/billing/checkouts/:checkoutId/pix',
    summary: 'A cobrança Pix de um pagamento: código copia e cola, QR code e prazo (só a do próprio usuário)',
    description:
      'Para acompanhar o pagamento, consulte GET /billing/checkouts/{checkoutId}: o status muda para approved quando o provedor confirma o Pix pelo webhook. Uma cobrança vencida (expired) não pode mais ser paga: inicie outra em POST /billing/checkout.',
    tags,
    auth: 'user',
    params: z.object({ checkoutId: z.string() }),
    responses: { 200: PixChargeJson },
  }),
  receipt: defineEndpoint({
    method: 'get',
    path: '/billing/receipts/:checkoutId',
    summary: 'O recibo de um pagamento aprovado: plano, data, forma, valor e período (só o do próprio usuário)',
    tags,
    auth: 'user',
    params: z.object({ checkoutId: z.string() }),
    responses: { 200: ReceiptJson },
  }),
  payments: defineEndpoint({
    method: 'get',
    path: '/billing/payments',
    summary: 'Os pagamentos do usuário, do mais recente ao mais antigo',
    tags,
    auth: 'user',
    query: z.object({ page: pageParam }),
    responses: { 200: pageOf(CheckoutJson) },
  }),
  change: defineEndpoint({
    method: 'post',
    path: '/billing/subscription/change',
    summary: 'Muda de plano sem pagamento: um menor vale no próximo ciclo; GRATUITO cancela',
    tags,
    auth: 'user',
    body: ChangeBody,
    responses: { 200: SubscriptionChangeReply },
    errors: [409],
    errorBodies: { 409: BillingConflict },
  }),
  cancel: defineEndpoint({
    method: 'post',
    path: '/billing/subscription/cancel',
    summary: 'Cancela: o plano continua até o fim do período, depois volta ao Gratuito',
    tags,
    auth: 'user',
    responses: { 200: SubscriptionChangeReply },
    errors: [409],
  }),
  resume: defineEndpoint({
    method: 'post',
    path: '/billing/subscription/resume',
    summary: 'Desfaz um cancelamento ou uma mudança agendada',
    tags,
    auth: 'user',
    responses: { 200: SubscriptionChangeReply },
    errors: [409],
  }),
  webhook: defineEndpoint({
    method: 'post',
    path: '/billing/webhook',
    summary: 'Evento do provedor de pagamento, assinado (aplicado uma vez só)',
    description:
      'O corpo é lido cru, antes do JSON da API: a assinatura (cabeçalho x-gabarita-signature) cobre os bytes exatos enviados, e o evento só é lido depois de verificado.',
    tags,
    auth: 'none',
    responses: { 200: WebhookReply },
    errors: [404, 413, 415, 503],
  }),
}
