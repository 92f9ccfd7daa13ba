import * as z from 'zod'

import { MAX_TREE_TEXT } from '#server/domain/topics/tree-text'

// The check form is the API's own query (POST /api/v1/admin/disciplines/search): one schema for both doors.
export { DisciplineCheckSchema } from '#server/features/admin/import-schemas'

/** A discipline's topics, one a line with their article ranges (issue 65 §1): the API reads the text and names each bad line. */
export const TopicTreeFormSchema = z.object({
  intent: z.literal('assuntos'),
  disciplina: z.coerce
    .number({ error: 'Disciplina inválida.' })
    .int('Disciplina inválida.')
    .min(1, 'Disciplina inválida.')
    .max(999_999_999, 'Disciplina inválida.'),
  assuntos: z
    .string()
    .default('')
    .refine((text) => text.length <= MAX_TREE_TEXT, { error: `No máximo ${MAX_TREE_TEXT} caracteres.` }),
})
