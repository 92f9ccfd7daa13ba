import * as z from 'zod'

// The resolver's one form (/questoes/resolver): the question on screen, the chosen letter and the
// card's signed shown-at token (ADR 018), shared by the page (Conform) and the action.

export const ResolverAnswerSchema = z.object({
  questao: z.coerce.number().int().min(1).max(999_999_999),
  resposta: z
    .string({ error: 'Escolha uma alternativa antes de responder.' })
    .trim()
    .regex(/^[A-Za-z]$/, 'Escolha uma alternativa antes de responder.'),
  t: z.string().max(100).optional().catch(undefined),
})

/** 'Achei fácil' after a right answer (issue 30): the question and the attempt to rate Easy. */
export const ResolverEasySchema = z.object({
  questao: z.coerce.number().int().min(1).max(999_999_999),
  tentativa: z.coerce.number().int().min(1).max(999_999_999_999),
})
