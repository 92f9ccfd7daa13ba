import { Router } from 'express'

import { unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { reviewApi } from './contract'
import { rateDone, SETTINGS_SAVED } from './messages'
import { getSettings, rateAnswer, reviewQueue, reviewStats, saveSettings } from './review'
import { getStudyPlan, saveStudyPlan } from './study-plan'

// Revisão (issue 30): the contract (./contract.ts) says what each route reads and answers; this
// says which rule runs. Every rule reads the one clock (ctx.clock), never the database's now().

export function createReviewRouter(ctx: AppContext) {
  const router = Router()
  const now = () => ctx.clock()
  const writes = limiter(ctx, {
    name: 'review',
    windowMs: 10 * 60_000,
    limit: 300,
    by: 'user',
    message: 'Você está enviando alterações rápido demais. Aguarde um pouco e tente novamente.',
  })

  route(
    router,
    reviewApi.queue,
  )(async ({ req, query }) => ({
    success: true,
    ...unwrap(await reviewQueue(ctx.db, currentUser(req), query, now(), ctx.config.sessionSecret)),
  }))

  route(router, reviewApi.stats)(async ({ req }) => ({ success: true, ...(await reviewStats(ctx.db, currentUser(req), now())) }))

  route(router, reviewApi.getSettings)(async ({ req }) => ({ success: true, data: await getSettings(ctx.db, currentUser(req).id) }))

  route(router, reviewApi.putSettings, [writes])(async ({ req, body }) => ({
    success: true,
    message: SETTINGS_SAVED,
    data: await saveSettings(ctx.db, currentUser(req).id, body, now()),
  }))

  route(router, reviewApi.rate, [writes])(async ({ req, params, body }) => ({
    success: true,
    message: rateDone(body.rating),
    review: unwrap(await rateAnswer(ctx.db, currentUser(req).id, params.id, params.attemptId, body.rating)),
  }))

  route(router, reviewApi.getStudyPlan)(async ({ req }) => ({ success: true, ...(await getStudyPlan(ctx.db, currentUser(req), now())) }))

  route(router, reviewApi.putStudyPlan, [writes])(async ({ req, body }) => ({
    success: true,
    ...unwrap(await saveStudyPlan(ctx.db, currentUser(req), body, now())),
  }))

  return router
}
