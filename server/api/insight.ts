import type { Request } from 'express'
import { Router } from 'express'

import type { AppContext } from '../context'
import type { VideoOutcome } from '../domain/questions/insight'
import {
  markVideoWatched,
  NO_STATISTICS_MESSAGE,
  NO_VIDEO_MESSAGE,
  questionDetails,
  questionInteractions,
  questionStatistics,
  questionVideo,
  VIDEO_ERROR_DETAIL,
  VIDEO_ERROR_MESSAGE,
  WATCHED_MESSAGE,
} from '../domain/questions/insight'
import { issueShownToken } from '../domain/questions/timing'
import { currentUser, requireUser } from './auth-middleware'
import { handler, HttpError } from './http'

// Question insight (issue 12): GET /questions/{id}/statistics, /video, /interactions, /details
// and POST /questions/{id}/video/watch. Statistics and video answer visitors too (the aggregate
// only, no watched mark); userStats is always the caller's own, from the token, never a parameter.

const NOT_FOUND = 'Questão não encontrada'

function questionId(req: Request) {
  const id = req.params.id
  if (!/^\d{1,9}$/.test(id ?? '') || Number(id) < 1) throw new HttpError(400, 'Identificador de questão inválido.')
  return Number(id)
}

function unwrapVideo(outcome: VideoOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, NOT_FOUND)
  if (outcome.kind === 'no-video') throw new HttpError(404, NO_VIDEO_MESSAGE, { code: 'NO_VIDEO' })
  // The link was stored before the import checked it, or the rule changed: the spec's texts.
  if (outcome.kind === 'invalid') throw new HttpError(422, VIDEO_ERROR_MESSAGE, { code: 'INVALID_VIDEO', detail: VIDEO_ERROR_DETAIL })
  return outcome.value
}

export function createInsightRouter(ctx: AppContext) {
  const router = Router()
  const now = () => ctx.clock?.() ?? new Date()

  router.get(
    '/questions/:id/statistics',
    handler(async (req, res) => {
      const id = questionId(req)
      // The week of 'Ver Resposta' is read on the real clock, as the reveal routes do.
      const outcome = await questionStatistics(ctx.db, id, req.user?.id)
      if (outcome.kind === 'not-found') throw new HttpError(404, NOT_FOUND)
      if (outcome.kind === 'empty') {
        res.json({ success: true, data: null, message: NO_STATISTICS_MESSAGE })
        return
      }
      res.json({ success: true, data: outcome.value })
    }),
  )

  router.get(
    '/questions/:id/video',
    handler(async (req, res) => {
      const id = questionId(req)
      res.json({ success: true, data: unwrapVideo(await questionVideo(ctx.db, id, req.user?.id)) })
    }),
  )

  router.post(
    '/questions/:id/video/watch',
    requireUser,
    handler(async (req, res) => {
      const id = questionId(req)
      const video = unwrapVideo(await markVideoWatched(ctx.db, currentUser(req).id, id, now()))
      res.json({ success: true, message: WATCHED_MESSAGE, watchedAt: video.watchedAt, data: video })
    }),
  )

  router.get(
    '/questions/:id/interactions',
    requireUser,
    handler(async (req, res) => {
      const id = questionId(req)
      const data = await questionInteractions(ctx.db, currentUser(req).id, id)
      if (!data) throw new HttpError(404, NOT_FOUND)
      res.json({ success: true, data })
    }),
  )

  // Every field of the question (never its key), for the details view and the permanent page;
  // a signed-in caller also gets the card's shown-at token, since that page can be answered.
  router.get(
    '/questions/:id/details',
    handler(async (req, res) => {
      const id = questionId(req)
      const data = await questionDetails(ctx.db, id)
      if (!data) throw new HttpError(404, NOT_FOUND)
      const shown_token = req.user ? issueShownToken(ctx.config.sessionSecret, req.user.id, id, now()) : undefined
      res.json({ success: true, data: { ...data, shown_token } })
    }),
  )

  return router
}
