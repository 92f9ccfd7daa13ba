import { Router } from 'express'

import { handler, unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { chatApi } from './contract'
import { chatAccess, clearMessages, listMessages, sendMessage } from './conversation'
import { replyGenerator } from './generator'
import { CHAT_CLEARED, CHAT_FLOOD_MESSAGE, CHAT_PER_MINUTE } from './messages'

// The study assistant: the contract (./contract.ts) says what each route reads and answers.
// The policy is checked (a middleware after the rate limit) before the body is read, as the routes
// always did: a student without the assistant hears why, whatever they sent.

export function createChatRouter(ctx: AppContext) {
  const router = Router()
  const sends = limiter(ctx, { name: 'chat', windowMs: 60_000, limit: CHAT_PER_MINUTE, by: 'user', message: CHAT_FLOOD_MESSAGE })
  const generator = replyGenerator()

  const allowed = handler(async (req, _res, next) => {
    unwrap(await chatAccess(ctx.db, currentUser(req)))
    next()
  })

  route(router, chatApi.list, [allowed])(async ({ req }) => ({
    success: true,
    messages: await listMessages(ctx.db, currentUser(req).id),
  }))

  route(router, chatApi.send, [sends, allowed])(async ({ req, body }) => {
    const { message, reply } = await sendMessage(ctx.db, generator, currentUser(req), body.content)
    return { success: true, message, reply }
  })

  route(router, chatApi.clear, [allowed])(async ({ req }) => {
    await clearMessages(ctx.db, currentUser(req).id)
    return { success: true, message: CHAT_CLEARED }
  })

  return router
}
