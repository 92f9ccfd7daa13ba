import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import { myActivity, myForum, myNotes } from '../domain/me/activity'
import { DeleteAccountBody, deleteMyAccount } from '../domain/me/delete'
import { exportMyData } from '../domain/me/export'
import { myDailyAccuracy, myPerformance, myStats, myWeakestTopics, saoPauloDay } from '../domain/me/stats'
import { currentUser, requireUser } from './auth-middleware'
import { handler, HttpError, pageParam, parse } from './http'
import { limiter } from './rate-limit'

// The student's dashboard figures (issue 14): GET /me/stats with the spec's names
// (questionsAnswered, correctRate, studyStreak, totalStudyTime), GET /me/performance (per
// discipline, the last 30 days, the five weakest topics), the tabs' lists GET /me/activity,
// /me/notes and /me/forum, and
// GET /me/export ('Baixar meus dados': one JSON file of everything we hold about them) and
// DELETE /me ('Excluir minha conta', confirmed by the password).

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
      const { id } = currentUser(req)
      const [disciplines, daily, weakestTopics] = await Promise.all([
        myPerformance(ctx.db, id),
        myDailyAccuracy(ctx.db, id, now()),
        myWeakestTopics(ctx.db, id),
      ])
      res.json({ success: true, disciplines, daily, weakestTopics })
    }),
  )

  router.get(
    '/me/activity',
    requireUser,
    handler(async (req, res) => {
      res.json({ success: true, activity: await myActivity(ctx.db, currentUser(req).id) })
    }),
  )

  router.get(
    '/me/notes',
    requireUser,
    handler(async (req, res) => {
      const { page } = parse(z.object({ page: pageParam }), req.query)
      res.json({ success: true, ...(await myNotes(ctx.db, currentUser(req).id, page)) })
    }),
  )

  router.get(
    '/me/forum',
    requireUser,
    handler(async (req, res) => {
      res.json({ success: true, ...(await myForum(ctx.db, currentUser(req).id)) })
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

  // A password check: limited like a login, per user.
  const deletions = limiter(ctx, {
    name: 'delete-account',
    windowMs: 15 * 60_000,
    limit: 10,
    by: 'user',
    message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  })
  router.delete(
    '/me',
    requireUser,
    deletions,
    handler(async (req, res) => {
      const { confirmacao } = parse(DeleteAccountBody, req.body ?? {})
      const outcome = await deleteMyAccount(ctx.db, currentUser(req).id, confirmacao, now())
      if (outcome.kind === 'refused') throw new HttpError(400, outcome.message)
      res.json({ success: true, message: 'Sua conta foi excluída.' })
    }),
  )

  return router
}
