import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, SuccessMessage } from '../../api/contract'
import { ChatMessageBody } from './schemas'

// Assistente de estudos (issue 14): the student's conversation with the study assistant. Only
// for the policy's chat feature (a plan with hasChat AND the admin's chatEnabled toggle): 403
// otherwise, with a code and, when the plan is the reason, the plans page.

export const ChatLinkJson = z
  .object({ label: z.string(), href: z.string().meta({ description: 'Uma página deste site (começa com /).' }) })
  .meta({ id: 'ChatLink' })
export type ChatLinkJson = z.output<typeof ChatLinkJson>

/** A message as the API answers it (spec section 3: id, type bot|user, content). */
export const ChatMessageJson = z
  .object({
    id: z.number().int(),
    type: z.enum(['user', 'bot']),
    content: z.string(),
    links: z
      .array(ChatLinkJson)
      .meta({ description: 'Links da resposta para questões e listas do site; vazio nas mensagens do estudante.' }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ChatMessage' })
export type ChatMessageJson = z.output<typeof ChatMessageJson>

const ChatRefused = ApiErrorBody.extend({
  code: z.enum(['PLAN_REQUIRED', 'CHAT_DISABLED']),
  plans_url: z.string().optional().meta({ description: 'Onde conhecer os planos (quando o plano é o motivo).' }),
}).meta({ id: 'ChatRefused' })

const tags = ['Assistente']
const refused = { errors: [403], errorBodies: { 403: ChatRefused } } as const

export const chatApi = {
  list: defineEndpoint({
    method: 'get',
    path: '/chat/messages',
    summary: 'A conversa do estudante com o assistente (as últimas 50 mensagens, da mais antiga à mais recente)',
    tags,
    auth: 'user',
    responses: { 200: z.object({ success: z.literal(true), messages: z.array(ChatMessageJson) }) },
    ...refused,
  }),
  send: defineEndpoint({
    method: 'post',
    path: '/chat/messages',
    summary: 'Envia uma pergunta ao assistente e recebe a resposta',
    tags,
    auth: 'user',
    body: ChatMessageBody,
    responses: { 201: z.object({ success: z.literal(true), message: ChatMessageJson, reply: ChatMessageJson }) },
    errors: [403, 429],
    errorBodies: { 403: ChatRefused },
  }),
  clear: defineEndpoint({
    method: 'delete',
    path: '/chat/messages',
    summary: 'Apaga a conversa do estudante (Limpar conversa)',
    tags,
    auth: 'user',
    responses: { 200: SuccessMessage },
    ...refused,
  }),
}
