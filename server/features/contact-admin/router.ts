import { Router } from 'express'

import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { listContactMessages, openContactMessage, replyToContactMessage } from './contact-admin'
import { contactAdminApi } from './contract'
import { ALREADY_REPLIED, CONTACT_MESSAGE_NOT_FOUND, REPLY_MAIL_FAILED } from './messages'

// The contact queue (issue 28): the contract (./contract.ts) says what each route reads and
// answers; this says which rule runs.

export function createAdminContactRouter(ctx: AppContext) {
  const router = Router()

  route(router, contactAdminApi.list)(({ query }) => listContactMessages(ctx.db, { status: query.status, page: query.page }))

  // Opening one marks it read (once; later reads keep the first time).
  route(
    router,
    contactAdminApi.get,
  )(async ({ params }) => {
    const message = await openContactMessage(ctx.db, params.id, ctx.clock())
    if (!message) throw new HttpError(404, CONTACT_MESSAGE_NOT_FOUND)
    return message
  })

  route(
    router,
    contactAdminApi.reply,
  )(async ({ req, params, body }) => {
    const outcome = await replyToContactMessage(ctx, currentUser(req).id, params.id, body.reply, ctx.clock())
    if (outcome.kind === 'not_found') throw new HttpError(404, CONTACT_MESSAGE_NOT_FOUND)
    if (outcome.kind === 'already_replied') throw new HttpError(409, ALREADY_REPLIED)
    if (outcome.kind === 'mail_failed') throw new HttpError(503, REPLY_MAIL_FAILED)
    return { success: true, message: `Resposta enviada para ${outcome.value.email}.`, contact_message: outcome.value }
  })

  return router
}
