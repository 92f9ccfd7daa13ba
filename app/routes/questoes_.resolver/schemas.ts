import * as z from 'zod'

import { CHOSEN_RATINGS } from '#server/features/review/messages'

// The resolver's one form (/questoes/resolver): the question on screen, the chosen letter and the
// card's signed shown-at token (ADR 018), shared by the page (Conform) and the action.

export const ResolverAnswerSchema = z.object({
  questao: z.coerce.number().int().min(1).max(999_999_999),
  resposta: z
    .string({ error: 'Escolha uma alternativa antes de responder.' })
    .trim()
    .regex(/^[A-Za-z]$/, 'Escolha uma alternativa antes de responder.'),
  t: z.string().max(100).optional().catch(undefined),
  /** With JS, the seconds the page held a prefetched question before showing it (ADR 093): not the student's time. */
  espera: z.coerce.number().int().min(1).max(43_200).optional().catch(undefined),
  /** With JS, the answer's own id, the one the offline queue would keep it under: recorded once (ADR 093). */
  cid: z.uuid().optional().catch(undefined),
})

/**
 * Difícil, Bom or Fácil after a right answer (issue 39): the question, the attempt, the rating, and
 * the next question's address, where the tap goes on (only a resolver address is followed).
 */
export const ResolverRateSchema = z.object({
  questao: z.coerce.number().int().min(1).max(999_999_999),
  tentativa: z.coerce.number().int().min(1).max(999_999_999_999),
  nota: z.enum(CHOSEN_RATINGS),
  proxima: z
    .string()
    .max(4000)
    .regex(/^\/questoes\/resolver\?/)
    .optional()
    .catch(undefined),
})
