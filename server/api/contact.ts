import { Router } from 'express'

import type { AppContext } from '../context'
import { saveContactMessage } from '../domain/contact/messages'
import { CONTACT_SUCCESS, ContactSchema } from '../domain/contact/schemas'
import { handler, parse } from './http'
import { limiter } from './rate-limit'

export function createContactRouter(ctx: AppContext) {
  const router = Router()
  router.post(
    '/contact',
    limiter(ctx, { name: 'contact', windowMs: 10 * 60 * 1000, limit: 5 }),
    handler(async (req, res) => {
      const input = parse(ContactSchema, req.body)
      await saveContactMessage(ctx.db, input, req.ip ?? null)
      res.status(201).json({ success: true, message: CONTACT_SUCCESS })
    }),
  )
  return router
}
