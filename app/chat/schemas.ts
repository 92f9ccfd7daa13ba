import * as z from 'zod'

import { chatContent } from '#server/features/chat/schemas'

// The forms of /assistente (and of the widget, which posts to the same action), told apart
// by their `intent` button; the message rule is the API's own (server/features/chat/schemas.ts).

export const SendSchema = z.object({
  intent: z.literal('enviar'),
  pergunta: chatContent,
  /** The widget (JS only) wants JSON back instead of the page's redirect. */
  origem: z.literal('widget').optional(),
})
export const ClearSchema = z.object({ intent: z.literal('limpar') })

export const ChatActionSchema = z.discriminatedUnion('intent', [SendSchema, ClearSchema])
