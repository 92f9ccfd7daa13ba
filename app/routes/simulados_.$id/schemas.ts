import * as z from 'zod'

// The sitting page's one form (/simulados/:id): the question on screen and the chosen letter.
// The button's `intent` says what to do: save and go on, save only (JS, on each choice), clear
// the answer, or mark/unmark for review.

export const SittingFormSchema = z.object({
  intent: z.enum(['salvar', 'escolher', 'limpar', 'marcar', 'desmarcar'], { error: 'Ação inválida.' }),
  questao: z.coerce.number().int().min(1).max(2_147_483_647),
  resposta: z
    .string()
    .trim()
    .regex(/^[A-Ea-e]$/, { error: 'Alternativa inválida.' })
    .optional(),
  /** The next position, for a blank 'Salvar e próxima' (nothing to save, still a move on). */
  proxima: z.coerce.number().int().min(1).max(1000).optional(),
})
