import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import { listContactMessages, openContactMessage, replyToContactMessage } from '../domain/contact/admin'
import { ContactReplyBody, contactStatus } from '../domain/contact/reply-rules'
import { currentUser, requireAdmin } from './auth-middleware'
import { blank, handler, HttpError, pageParam, parse, pathId } from './http'

// The contact queue (issue 28): admins read what /contato stored and answer it by mail.
// Mounted at /admin.

const NOT_FOUND = 'Mensagem de contato não encontrada.'

const ListQuery = z.object({ status: blank(contactStatus.optional()), page: pageParam })

export function createAdminContactRouter(ctx: AppContext) {
  const router = Router()

  router.get(
    '/contact-messages',
    requireAdmin,
    handler(async (req, res) => {
      const query = parse(ListQuery, req.query)
      res.json(await listContactMessages(ctx.db, { status: query.status, page: query.page }))
    }),
  )

  // Opening one marks it read (once; later reads keep the first time).
  router.get(
    '/contact-messages/:id',
    requireAdmin,
    handler(async (req, res) => {
      const message = await openContactMessage(ctx.db, pathId(req, 'id', NOT_FOUND))
      if (!message) throw new HttpError(404, NOT_FOUND)
      res.json(message)
    }),
  )

  router.post(
    '/contact-messages/:id/reply',
    requireAdmin,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOT_FOUND)
      const { reply } = parse(ContactReplyBody, req.body ?? {})
      const outcome = await replyToContactMessage(ctx, currentUser(req).id, id, reply)
      if (outcome.kind === 'not_found') throw new HttpError(404, NOT_FOUND)
      if (outcome.kind === 'already_replied') throw new HttpError(409, 'Esta mensagem já foi respondida.')
      if (outcome.kind === 'mail_failed') {
        throw new HttpError(503, 'Não foi possível enviar o email agora; a mensagem continua sem resposta. Tente novamente.')
      }
      res.json({ success: true, message: `Resposta enviada para ${outcome.value.email}.`, contact_message: outcome.value })
    }),
  )

  return router
}
