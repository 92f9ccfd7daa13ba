import { Router } from 'express'

import { currentUser } from '../../api/auth-middleware'
import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import type { AppContext } from '../../context'
import { reviewApi } from './contract'
import { DAILY_LIMIT_DEFAULT, PLANS_URL, RETENTION_DEFAULT, SETTINGS_SAVED } from './messages'

// Revisão (issue 30): the contract (./contract.ts) says what each route reads and answers; this
// says which rule runs. Every rule reads the one clock (ctx.clock), never the database's now().
// STUB: the handlers answer the contract's shape while the rules are written.

export function createReviewRouter(ctx: AppContext) {
  const router = Router()
  const now = () => ctx.clock?.() ?? new Date()
  const today = () => now().toISOString().slice(0, 10)
  const settings = { desired_retention: RETENTION_DEFAULT, daily_limit: DAILY_LIMIT_DEFAULT }

  route(
    router,
    reviewApi.queue,
  )(async ({ req }) => {
    currentUser(req)
    return { success: true, due_now: 0, daily_limit: DAILY_LIMIT_DEFAULT, done_today: 0, remaining_today: 0, data: [] }
  })

  route(
    router,
    reviewApi.stats,
  )(async () => ({
    success: true,
    cards: 0,
    due_now: 0,
    due_today: 0,
    done_today: 0,
    remaining_today: 0,
    forecast: Array.from({ length: 7 }, (_, i) => ({
      date: new Date(now().getTime() + i * 86_400_000).toISOString().slice(0, 10),
      due: 0,
    })),
    retention: { target: RETENTION_DEFAULT, measured: null, reviews: 0 },
    settings,
    quota: { limit: null, used: 0, remaining: null, week_start: today() },
  }))

  route(router, reviewApi.getSettings)(async () => ({ success: true, data: settings }))

  route(router, reviewApi.putSettings)(async ({ body }) => ({ success: true, message: SETTINGS_SAVED, data: body }))

  route(
    router,
    reviewApi.markEasy,
  )(async () => {
    throw new HttpError(404, 'Resposta não encontrada')
  })

  route(
    router,
    reviewApi.getStudyPlan,
  )(async () => ({
    success: true,
    allowed: false,
    code: 'PLAN_REQUIRED' as const,
    message: 'Em construção.',
    plans_url: PLANS_URL,
    plan: null,
    week: null,
  }))

  route(
    router,
    reviewApi.putStudyPlan,
  )(async () => {
    throw new HttpError(403, 'Em construção.', { code: 'PLAN_REQUIRED', plans_url: PLANS_URL })
  })

  return router
}
