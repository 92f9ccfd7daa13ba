import * as z from 'zod'

import { CHAT_CONTENT_MAX } from './limits'

// The one rule for a message to the study assistant, shared by the API
// (server/features/chat/contract.ts) and the forms of /assistente and the widget.

/** C0 control characters other than tab and line breaks (the API's guard already refuses NUL). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export const chatContent = z
  .string({ error: 'Escreva sua pergunta.' })
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .min(1, { error: 'Escreva sua pergunta.' })
  .max(CHAT_CONTENT_MAX, { error: `A pergunta pode ter no máximo ${CHAT_CONTENT_MAX.toLocaleString('pt-BR')} caracteres.` })
  .refine((v) => !CONTROL.test(v), { error: 'O texto contém caracteres inválidos.' })

export const ChatMessageBody = z.object({ content: chatContent })
