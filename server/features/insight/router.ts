import { Router } from 'express'

import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import { refuseWhileInSimulado } from '../../api/sitting-hold'
import type { AppContext } from '../../context'
import { issueShownToken } from '../../domain/questions/timing'
import { insightApi } from './contract'
import type { VideoOutcome } from './insight'
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
} from './insight'
import { QUESTION_NOT_FOUND } from './messages'

// Question insight (issue 12): the contract (./contract.ts) says what each route reads and
// answers; a malformed id is a bad request there (400), not a missing page.

/** The path's id (its digits checked by the contract): 0 is no question. */
function questionId(raw: string) {
  if (Number(raw) < 1) throw new HttpError(404, QUESTION_NOT_FOUND)
  return Number(raw)
}

function unwrapVideo(outcome: VideoOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, QUESTION_NOT_FOUND)
  if (outcome.kind === 'no-video') throw new HttpError(404, NO_VIDEO_MESSAGE, { code: 'NO_VIDEO' })
  // The link was stored before the import checked it, or the rule changed: the spec's texts.
  if (outcome.kind === 'invalid') throw new HttpError(422, VIDEO_ERROR_MESSAGE, { code: 'INVALID_VIDEO', detail: VIDEO_ERROR_DETAIL })
  return outcome.value
}

export function createInsightRouter(ctx: AppContext) {
  const router = Router()
  const now = () => ctx.clock()

  route(
    router,
    insightApi.statistics,
  )(async ({ req, params }) => {
    const id = questionId(params.id)
    await refuseWhileInSimulado(ctx, req.user?.id, id)
    const outcome = await questionStatistics(ctx.db, id, req.user?.id, now())
    if (outcome.kind === 'not-found') throw new HttpError(404, QUESTION_NOT_FOUND)
    if (outcome.kind === 'empty') return { success: true, data: null, message: NO_STATISTICS_MESSAGE }
    return { success: true, data: outcome.value }
  })

  route(
    router,
    insightApi.video,
  )(async ({ req, params }) => {
    const id = questionId(params.id)
    await refuseWhileInSimulado(ctx, req.user?.id, id)
    return { success: true, data: unwrapVideo(await questionVideo(ctx.db, id, req.user?.id)) }
  })

  route(
    router,
    insightApi.watchVideo,
  )(async ({ req, params }) => {
    const id = questionId(params.id)
    await refuseWhileInSimulado(ctx, currentUser(req).id, id)
    const video = unwrapVideo(await markVideoWatched(ctx.db, currentUser(req).id, id, now()))
    return { success: true, message: WATCHED_MESSAGE, watchedAt: video.watchedAt, data: video }
  })

  route(
    router,
    insightApi.interactions,
  )(async ({ req, params }) => {
    const id = questionId(params.id)
    const data = await questionInteractions(ctx.db, currentUser(req).id, id)
    if (!data) throw new HttpError(404, QUESTION_NOT_FOUND)
    return { success: true, data }
  })

  // Every field of the question (never its key), for the details view and the permanent page;
  // a signed-in caller also gets the card's shown-at token, since that page can be answered.
  route(
    router,
    insightApi.details,
  )(async ({ req, params }) => {
    const id = questionId(params.id)
    const data = await questionDetails(ctx.db, id)
    if (!data) throw new HttpError(404, QUESTION_NOT_FOUND)
    const shown_token = req.user ? issueShownToken(ctx.config.sessionSecret, req.user.id, id, now()) : undefined
    return { success: true, data: { ...data, shown_token } }
  })

  return router
}
