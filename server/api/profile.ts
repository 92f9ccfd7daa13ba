import { Router } from 'express'

import type { AppContext } from '../context'
import { accountView, MESSAGES } from '../domain/auth/accounts'
import { updateProfile, UpdateProfileSchema } from '../domain/profile'
import { currentUser, requireUser } from './auth-middleware'
import { handler, HttpError, parse } from './http'

export function createProfileRouter(ctx: AppContext) {
  const router = Router()

  router.get(
    '/profile',
    requireUser,
    handler(async (req, res) => {
      res.json(await accountView(ctx.db, currentUser(req)))
    }),
  )

  router.put(
    '/profile',
    requireUser,
    handler(async (req, res) => {
      if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) throw new HttpError(400, 'Corpo da requisição inválido')
      const body = parse(UpdateProfileSchema, req.body)
      const updated = await updateProfile(ctx.db, currentUser(req), body, new Set(Object.keys(req.body)))
      res.json({ success: true, message: MESSAGES.profileUpdated, ...(await accountView(ctx.db, updated)) })
    }),
  )

  return router
}
