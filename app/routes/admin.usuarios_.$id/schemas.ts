import * as z from 'zod'

import { GRANT_PLANS } from './grant-plans'

/** The three forms of /admin/usuarios/:id, told apart by `intent`. */
export const GrantPlanSchema = z.object({
  intent: z.literal('grant'),
  plano: z.enum(GRANT_PLANS, { error: 'Escolha um plano.' }),
})
export const AdminFlagSchema = z.object({
  intent: z.literal('admin'),
  admin: z.enum(['true', 'false'], { error: 'Valor inválido.' }),
})
export const ProfessorFlagSchema = z.object({
  intent: z.literal('professor'),
  professor: z.enum(['true', 'false'], { error: 'Valor inválido.' }),
})
export const UserActionSchema = z.discriminatedUnion('intent', [GrantPlanSchema, AdminFlagSchema, ProfessorFlagSchema])
