import { Router } from 'express'

import type { AppContext } from '../context'
import { weeklyRanking } from '../domain/ranking'
import { currentUser, requireUser } from './auth-middleware'
import { handler } from './http'

// GET /ranking (issue 14): the week's top 20 by right answers, first names only, and where the
// caller stands. Signed-in only: names of students are not for the open web.
export function createRankingRouter(ctx: AppContext) {
  const router = Router()
  router.get(
    '/ranking',
    requireUser,
    handler(async (req, res) => {
      res.json({ success: true, ...(await weeklyRanking(ctx.db, currentUser(req).id, ctx.clock?.() ?? new Date())) })
    }),
  )
  return router
}
