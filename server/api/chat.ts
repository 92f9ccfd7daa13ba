import type { Request } from 'express'
import { Router } from 'express'

import type { AppContext } from '../context'
import { replyGenerator } from '../domain/chat/generator'
import { chatAccess, clearMessages, listMessages, sendMessage } from '../domain/chat/messages'
import { ChatMessageBody } from '../domain/chat/schemas'
import { currentUser, requireUser } from './auth-middleware'
import { handler, parse, unwrap } from './http'
import { limiter } from './rate-limit'

// The study assistant (issue 14): GET /chat/messages (the student's last 50 messages, oldest
// first), POST /chat/messages { content } (201: the stored message and the reply), DELETE
// /chat/messages ('Limpar conversa'). Only for the policy's chat feature (plan hasChat AND the
// chatEnabled toggle): 403 otherwise, with the plans page to go to.

export const CHAT_FLOOD_MESSAGE = 'Você está enviando mensagens rápido demais ao assistente. Aguarde um minuto e tente novamente.'
export const CHAT_PER_MINUTE = 20

export function createChatRouter(ctx: AppContext) {
  const router = Router()
  const sends = limiter(ctx, { name: 'chat', windowMs: 60_000, limit: CHAT_PER_MINUTE, by: 'user', message: CHAT_FLOOD_MESSAGE })
  const generator = replyGenerator()

  const allowedUser = async (req: Request) => {
    const user = currentUser(req)
    unwrap(await chatAccess(ctx.db, user))
    return user
  }

  router.get(
    '/chat/messages',
    requireUser,
    handler(async (req, res) => {
      const user = await allowedUser(req)
      res.json({ success: true, messages: await listMessages(ctx.db, user.id) })
    }),
  )

  router.post(
    '/chat/messages',
    requireUser,
    sends,
    handler(async (req, res) => {
      const user = await allowedUser(req)
      const { content } = parse(ChatMessageBody, req.body ?? {})
      const { message, reply } = await sendMessage(ctx.db, generator, user, content)
      res.status(201).json({ success: true, message, reply })
    }),
  )

  router.delete(
    '/chat/messages',
    requireUser,
    handler(async (req, res) => {
      const user = await allowedUser(req)
      await clearMessages(ctx.db, user.id)
      res.json({ success: true, message: 'Conversa apagada.' })
    }),
  )

  return router
}
