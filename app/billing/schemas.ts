import * as z from 'zod'

import { METHOD_IDS, METHOD_REQUIRED, PAID_PLAN_IDS, PERIOD_IDS, PLAN_IDS } from './plans'

// Form schemas of /trocar-plano and its steps, shared by the forms (through schemas.forms.ts) and
// the actions. Identifiers are the API's (plans.ts).

/** An upgrade: paid now, through the provider's checkout. */
export const UpgradeSchema = z.object({
  intent: z.literal('upgrade'),
  plano: z.enum(PAID_PLAN_IDS, { error: 'Escolha um plano.' }),
  method: z.enum(METHOD_IDS, { error: METHOD_REQUIRED }),
  periodo: z.enum(PERIOD_IDS, { error: 'Escolha mensal ou anual.' }).default('month'),
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
