import * as z from 'zod'

import { MAX_REVIEWS, REVIEW_NONE, REVIEW_TOO_MANY } from '#server/features/classification/messages'

// The one form of /admin/classificacao/assuntos: a row per question with a predicted topic (its id,
// the topic the admin leaves or picks, and whether it is checked); the checked ones are confirmed at once.

const id = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(999_999_999, message)

export const TopicClassifyFormSchema = z.object({
  itens: z
    .array(
      z.object({
        questao: id('Questão inválida.'),
        assunto: id('Escolha um assunto.'),
        confirmar: z.boolean().optional(),
      }),
      { error: REVIEW_NONE },
    )
    .max(MAX_REVIEWS, REVIEW_TOO_MANY)
    .refine((items) => items.some((item) => item.confirmar), { error: REVIEW_NONE }),
})
