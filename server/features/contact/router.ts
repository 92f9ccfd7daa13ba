import { Router } from 'express'

import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import type { AppContext } from '../../context'
import { saveContactMessage } from './contact'
import { contactApi } from './contract'
import { CONTACT_SUCCESS } from './messages'

// POST /contact: the contract (./contract.ts) says what it reads and answers.
export function createContactRouter(ctx: AppContext) {
  const router = Router()
  const perAddress = limiter(ctx, { name: 'contact', windowMs: 10 * 60 * 1000, limit: 5 })
  route(router, contactApi.send, [perAddress])(async ({ req, body }) => {
    await saveContactMessage(ctx.db, body, req.ip ?? null)
    return { success: true, message: CONTACT_SUCCESS }
  })
  return router
}
