import * as z from 'zod'

// Form schemas of /trocar-plano and its steps, shared by the forms and the actions
// (no .server: the browser validates with them too). Identifiers are the API's.

export const PLAN_IDS = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'] as const
export type PlanId = (typeof PLAN_IDS)[number]
export const PAID_PLAN_IDS = ['BASICO', 'PREMIUM', 'PRO'] as const

/** The API's payment method identifiers (POST /billing/checkout `method`). */
export const METHOD_IDS = ['credit_card', 'paypal'] as const

export const METHOD_REQUIRED = 'Escolha uma forma de pagamento.'

/** ?plano= of the confirmation step and of the card links (/planos), any case. */
export function readPlan(value: string | null | undefined): PlanId | null {
  const upper = (value ?? '').trim().toUpperCase()
  return (PLAN_IDS as readonly string[]).includes(upper) ? (upper as PlanId) : null
}

/** An upgrade: paid now, through the provider's checkout. */
export const UpgradeSchema = z.object({
  intent: z.literal('upgrade'),
  plano: z.enum(PAID_PLAN_IDS, { error: 'Escolha um plano.' }),
  method: z.enum(METHOD_IDS, { error: METHOD_REQUIRED }),
})

/** A smaller plan (or Gratuito): no payment, scheduled for the end of the period. */
export const DowngradeSchema = z.object({
  intent: z.literal('downgrade'),
  plano: z.enum(PLAN_IDS, { error: 'Escolha um plano.' }),
})

/** The confirmation step's one form: `intent` says which of the two it is. */
export const ConfirmPlanSchema = z.discriminatedUnion('intent', [UpgradeSchema, DowngradeSchema])

/** The buttons of the current plan block: cancel (from /trocar-plano/cancelar) and undo. */
export const SubscriptionIntentSchema = z.object({
  intent: z.enum(['cancel', 'resume'], { error: 'Ação inválida.' }),
})
