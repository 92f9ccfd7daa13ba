import { Router } from 'express'

import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { accountView, MESSAGES } from '../auth/index'
import { profileApi } from './contract'
import { BAD_BODY } from './messages'
import { updateProfile } from './profile'

// GET and PUT /profile: the contract (./contract.ts) says what each reads and answers.
export function createProfileRouter(ctx: AppContext) {
  const router = Router()

  route(router, profileApi.get)(async ({ req }) => accountView(ctx.db, currentUser(req), ctx.clock()))

  route(
    router,
    profileApi.update,
  )(async ({ req, body }) => {
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) throw new HttpError(400, BAD_BODY)
    // Only the fields sent change: the raw body's keys say which.
    const updated = await updateProfile(ctx.db, currentUser(req), body, new Set(Object.keys(req.body as object)), ctx.clock())
    return { success: true, message: MESSAGES.profileUpdated, ...(await accountView(ctx.db, updated, ctx.clock())) }
  })

  return router
}
