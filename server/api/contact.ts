import { Router } from 'express'
import { contactMessages } from '../db/schema'
import { CONTACT_SUCCESS, ContactSchema } from '../domain/contact'
import type { AppContext } from '../context'
import { handler, parse } from './http'
import { limiter } from './rate-limit'

export function createContactRouter(ctx: AppContext) {
  const router = Router()
  router.post(
    '/contact',
    limiter(ctx, { name: 'contact', windowMs: 10 * 60 * 1000, limit: 5 }),
    handler(async (req, res) => {
      const input = parse(ContactSchema, req.body)
      // A filled honeypot gets the same answer and nothing is stored.
      if (!input.website) {
        await ctx.db.insert(contactMessages).values({
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          ip: req.ip ?? null,
        })
      }
      res.status(201).json({ success: true, message: CONTACT_SUCCESS })
    }),
  )
  return router
}
