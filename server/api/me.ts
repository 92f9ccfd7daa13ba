import { Router } from 'express'

import type { AppContext } from '../context'
import { exportMyData } from '../domain/me/export'
import { myPerformance, myStats, saoPauloDay } from '../domain/me/stats'
import { currentUser, requireUser } from './auth-middleware'
import { handler, HttpError } from './http'

// The student's dashboard figures (issue 14): GET /me/stats with the spec's names
// (questionsAnswered, correctRate, studyStreak, totalStudyTime), GET /me/performance, and
// GET /me/export ('Baixar meus dados': one JSON file of everything we hold about them).

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

  router.get(
    '/me/export',
    requireUser,
    handler(async (req, res) => {
      const data = await exportMyData(ctx.db, currentUser(req).id, now())
      if (!data) throw new HttpError(404, 'Conta não encontrada.')
      res.setHeader('Content-Disposition', `attachment; filename="gabarita-meus-dados-${saoPauloDay(now())}.json"`)
      res.setHeader('Cache-Control', 'no-store')
      res.json(data)
    }),
  )

  return router
}
