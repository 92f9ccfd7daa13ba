import { Router } from 'express'

import type { AppContext } from '../context'
import { myPerformance, myStats } from '../domain/me/stats'
import { currentUser, requireUser } from './auth-middleware'
import { handler } from './http'

// The student's dashboard figures (issue 14): GET /me/stats with the spec's names
// (questionsAnswered, correctRate, studyStreak, totalStudyTime) and GET /me/performance.

export function createMeRouter(ctx: AppContext) {
  const router = Router()
  const now = () => ctx.clock?.() ?? new Date()

  router.get(
    '/me/stats',
    requireUser,
    handler(async (req, res) => {
      res.json({ success: true, ...(await myStats(ctx.db, currentUser(req).id, now())) })
    }),
  )

  router.get(
    '/me/performance',
    requireUser,
    handler(async (req, res) => {
      res.json({ success: true, disciplines: await myPerformance(ctx.db, currentUser(req).id) })
    }),
  )

  return router
}
