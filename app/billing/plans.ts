// The plan and payment-method identifiers of /trocar-plano (the API's), zod-free: the loaders read
// `?plano=` with them and the pages render them without zod in their first load (ADR 029).

export const PLAN_IDS = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'] as const
export type PlanId = (typeof PLAN_IDS)[number]
export const PAID_PLAN_IDS = ['BASICO', 'PREMIUM', 'PRO'] as const

/** The API's payment method identifiers (POST /billing/checkout `method`). */
export const METHOD_IDS = ['credit_card', 'paypal', 'pix'] as const

export const METHOD_REQUIRED = 'Escolha uma forma de pagamento.'

/** POST /billing/checkout `billing_period`: one month or one year paid at once. */
export const PERIOD_IDS = ['month', 'year'] as const
export const PERIOD_LABELS: Record<(typeof PERIOD_IDS)[number], string> = { month: 'Mensal', year: 'Anual' }

/** ?plano= of the confirmation step and of the card links (/planos), any case. */
export function readPlan(value: string | null | undefined): PlanId | null {
  const upper = (value ?? '').trim().toUpperCase()
  return (PLAN_IDS as readonly string[]).includes(upper) ? (upper as PlanId) : null
}
