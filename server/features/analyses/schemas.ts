import * as z from 'zod'

import { COMMENT_MAX, TEXT_MAX } from './messages'

// The analysis desk's field rules, free of the database layer: the editor's form shares them with
// the API (ADR 059). The text is the statements' markup (import-formats §2), rendered by a whitelist.

export { COMMENT_MAX, TEXT_MAX }

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const

export const analysisText = z
  .string({ error: 'Escreva a análise.' })
  .trim()
  .min(1, { error: 'Escreva a análise.' })
  .max(TEXT_MAX, { error: `A análise pode ter no máximo ${TEXT_MAX.toLocaleString('pt-BR')} caracteres.` })

/** "Por que a C está errada": one optional comment per letter; an empty one is no comment. */
export const alternativeComments = z
  .partialRecord(
    z.enum(LETTERS, { error: 'Alternativa inválida: use as letras de A a E.' }),
    z
      .string({ error: 'O comentário de uma alternativa é um texto.' })
      .trim()
      .max(COMMENT_MAX, {
        error: `O comentário de cada alternativa pode ter no máximo ${COMMENT_MAX.toLocaleString('pt-BR')} caracteres.`,
      }),
  )
  .transform((byLetter) => Object.fromEntries(Object.entries(byLetter).filter(([, text]) => text)) as Record<string, string>)

const version = z
  .number({ error: 'base_version é a versão da análise que você abriu (um número).' })
  .int({ error: 'base_version é a versão da análise que você abriu (um número).' })
  .min(0, { error: 'base_version é a versão da análise que você abriu (um número).' })

export const PublishBody = z.object(
  {
    text: analysisText,
    alternative_comments: alternativeComments.default({}),
    base_version: version,
    from_post: z
      .object({
        kind: z.enum(['topic', 'reply', 'explanation'], { error: 'from_post.kind é topic, reply ou explanation.' }),
        id: z.number().int().positive(),
      })
      .optional()
      .meta({ description: 'O comentário da comunidade ou a explicação de aluno promovida a análise (o autor recebe o crédito).' }),
  },
  { error: 'Envie a análise como um objeto JSON.' },
)
export type PublishBody = z.output<typeof PublishBody>

export const UnpublishBody = z.object({ base_version: version }, { error: 'Envie a versão como um objeto JSON.' })

export const PreviewBody = z.object({ text: analysisText }, { error: 'Envie o texto como um objeto JSON.' })
