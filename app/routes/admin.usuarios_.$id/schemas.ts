import * as z from 'zod'

export const GRANT_PLANS = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'] as const
export const GRANT_PLAN_LABELS: Record<(typeof GRANT_PLANS)[number], string> = {
  GRATUITO: 'Gratuito',
  BASICO: 'Básico',
  PREMIUM: 'Premium',
  PRO: 'Pro',
}

/** The two forms of /admin/usuarios/:id, told apart by `intent`. */
export const GrantPlanSchema = z.object({
  intent: z.literal('grant'),
  plano: z.enum(GRANT_PLANS, { error: 'Escolha um plano.' }),
})
export const AdminFlagSchema = z.object({
  intent: z.literal('admin'),
  admin: z.enum(['true', 'false'], { error: 'Valor inválido.' }),
})
export const UserActionSchema = z.discriminatedUnion('intent', [GrantPlanSchema, AdminFlagSchema])
