import * as z from 'zod'

import { FLAG_REASON_MAX, POST_CONTENT_MAX, TOPIC_TITLE_MAX } from './limits'

// Field rules of Discussões, shared by the API (./contract.ts) and the page forms
// (app/routes/questoes.$id.discussoes/schemas.ts, app/routes/admin.forum/schemas.ts).

/** C0 control characters other than tab and line breaks (the API's guard already refuses NUL). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * Plain text, trimmed, Windows line breaks folded to \n; blank after trimming is refused with
 * `blank`, more than `max` characters with `tooLong`.
 */
function plainText(max: number, blank: string, tooLong: string) {
  return z
    .string({ error: blank })
    .overwrite((v) => v.replace(/\r\n?/g, '\n'))
    .trim()
    .min(1, { error: blank })
    .max(max, { error: tooLong })
    .refine((v) => !CONTROL.test(v), { error: 'O texto contém caracteres inválidos.' })
}

export const topicTitle = plainText(
  TOPIC_TITLE_MAX,
  'Informe o título do tópico.',
  `O título pode ter no máximo ${TOPIC_TITLE_MAX} caracteres.`,
)
export const topicContent = plainText(
  POST_CONTENT_MAX,
  'Escreva o conteúdo do tópico.',
  `O conteúdo pode ter no máximo ${POST_CONTENT_MAX} caracteres.`,
)
export const replyContent = plainText(
  POST_CONTENT_MAX,
  'Escreva sua resposta.',
  `A resposta pode ter no máximo ${POST_CONTENT_MAX} caracteres.`,
)
export const flagReason = plainText(
  FLAG_REASON_MAX,
  'Informe o motivo da denúncia.',
  `O motivo pode ter no máximo ${FLAG_REASON_MAX} caracteres.`,
)

export const VOTES = ['up', 'down', 'none'] as const
export type VoteChoice = (typeof VOTES)[number]
export const voteChoice = z.enum(VOTES, { error: 'Voto inválido: use up, down ou none.' })

export const TopicBody = z.object({ title: topicTitle, content: topicContent })
export const ReplyBody = z.object({ content: replyContent })
export const VoteBody = z.object({ vote: voteChoice })
export const FlagBody = z.object({ reason: flagReason })
