import * as z from 'zod'

import { CUSTOM_DEFAULT_SIZE, CUSTOM_MAX_MINUTES, CUSTOM_MAX_SIZE, CUSTOM_MIN_SIZE } from '#server/features/simulations/messages'

// The three ways to start a simulado on /simulados, one form each (the button's `intent` names
// which), shared by the page (Conform) and the action.

export const ExameOrdemStartSchema = z.object({})

export const ProvaAnteriorStartSchema = z.object({
  prova: z.coerce.number({ error: 'Escolha a prova.' }).int({ error: 'Escolha a prova.' }).min(1, { error: 'Escolha a prova.' }),
})

const sizeMessage = `Escolha de ${CUSTOM_MIN_SIZE} a ${CUSTOM_MAX_SIZE} questões.`
const minutesMessage = `O tempo deve ser de 1 a ${CUSTOM_MAX_MINUTES} minutos.`
const ids = z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(100).optional()

export const PersonalizadoStartSchema = z
  .object({
    disciplina: ids,
    ano: z.array(z.coerce.number().int().min(1900).max(2999)).max(100).optional(),
    banca: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    tamanho: z.coerce
      .number({ error: sizeMessage })
      .int({ error: sizeMessage })
      .min(CUSTOM_MIN_SIZE, { error: sizeMessage })
      .max(CUSTOM_MAX_SIZE, { error: sizeMessage })
      .default(CUSTOM_DEFAULT_SIZE),
    tempo: z.enum(['ritmo', 'livre', 'minutos'], { error: 'Escolha o tempo do simulado.' }).default('ritmo'),
    minutos: z.coerce
      .number({ error: minutesMessage })
      .int({ error: minutesMessage })
      .min(1, { error: minutesMessage })
      .max(CUSTOM_MAX_MINUTES, { error: minutesMessage })
      .optional(),
    questoes: z.enum(['todas', 'nunca-respondi', 'errei'], { error: 'Escolha quais questões entram.' }).default('todas'),
    /** "Excluir desatualizadas" (ADR 053). */
    atualizadas: z.literal('1').optional(),
  })
  .refine((v) => v.tempo !== 'minutos' || v.minutos !== undefined, { error: 'Informe quantos minutos.', path: ['minutos'] })
