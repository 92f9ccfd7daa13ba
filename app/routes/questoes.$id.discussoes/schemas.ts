import * as z from 'zod'

import { flagReason, replyContent, topicContent, topicTitle } from '#server/features/forum/schemas'

// One schema per form of Discussões, shared by the page (Conform) and the action; the field
// rules are the API's own (server/features/forum/schemas.ts).

const id = z.coerce.number().int().min(1).max(999_999_999)
const kind = z.enum(['topico', 'resposta'])

export const NewTopicFormSchema = z.object({ intent: z.literal('topico'), titulo: topicTitle, conteudo: topicContent })
export const ReplyFormSchema = z.object({ intent: z.literal('responder'), topico: id, conteudo: replyContent })
export const EditTopicFormSchema = z.object({ intent: z.literal('editar-topico'), item: id, titulo: topicTitle, conteudo: topicContent })
export const EditReplyFormSchema = z.object({ intent: z.literal('editar-resposta'), item: id, conteudo: replyContent })
export const DeleteFormSchema = z.object({ intent: z.literal('excluir'), tipo: kind, item: id })
export const FlagFormSchema = z.object({ intent: z.literal('denunciar'), tipo: kind, item: id, motivo: flagReason })
/** A vote button's small form; `redirectTo` is only rendered without JS (the fetcher gets JSON). */
export const VoteFormSchema = z.object({
  intent: z.literal('votar'),
  tipo: kind,
  item: id,
  voto: z.enum(['up', 'down']),
  redirectTo: z.string().optional(),
})

/** What the action parses: one of the forms above, told apart by their `intent` button. */
export const DiscussionActionSchema = z.discriminatedUnion('intent', [
  NewTopicFormSchema,
  ReplyFormSchema,
  EditTopicFormSchema,
  EditReplyFormSchema,
  DeleteFormSchema,
  FlagFormSchema,
  VoteFormSchema,
])
