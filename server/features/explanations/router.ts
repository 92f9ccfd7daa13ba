import { Router } from 'express'

import { HttpError, unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { HELD_BY_SIMULATION_MESSAGE } from '../../domain/sitting-hold'
import { explanationsApi } from './contract'
import type { Outcome } from './explanations'
import { createExplanation, deleteExplanation, flagExplanation, listExplanations, updateExplanation, voteExplanation } from './explanations'
import { AWAITING, DELETED, EXPLANATION_NOT_FOUND, FLAG_SENT, FLOOD_MESSAGE, PUBLISHED, UPDATED } from './messages'
import { explanationQueue, moderateExplanation } from './moderation'

// Explicações de alunos: the contract (./contract.ts) says what each route reads and answers;
// this says which rule runs. Writes have a per-user flood limit here and a daily one in the rule
// (./explanations.ts, on ctx.clock's day).

/** The outcome's value; the day's limit is a 429, the open simulado's hold a 409 with its code. */
function settle<T>(outcome: Outcome<T>): T {
  if (outcome.kind === 'limit') throw new HttpError(429, outcome.message)
  if (outcome.kind === 'held')
    throw new HttpError(409, HELD_BY_SIMULATION_MESSAGE, { code: 'IN_OPEN_SIMULATION', simulation_id: outcome.simulationId })
  return unwrap(outcome)
}

export function createExplanationsRouter(ctx: AppContext) {
  const router = Router()
  const writes = limiter(ctx, { name: 'explanations', windowMs: 10 * 60_000, limit: 30, by: 'user', message: FLOOD_MESSAGE })
  const votes = limiter(ctx, { name: 'explanation-votes', windowMs: 60_000, limit: 60, by: 'user', message: FLOOD_MESSAGE })

  route(
    router,
    explanationsApi.list,
  )(async ({ req, params }) => settle(await listExplanations(ctx.db, currentUser(req), params.id, ctx.clock())))

  route(router, explanationsApi.create, [writes])(async ({ req, params, body }) => {
    const explanation = settle(await createExplanation(ctx.db, currentUser(req), params.id, body.content, ctx.clock()))
    return { success: true, message: explanation.status === 'published' ? PUBLISHED : AWAITING, explanation }
  })

  route(router, explanationsApi.update, [writes])(async ({ req, params, body }) => {
    const explanation = settle(await updateExplanation(ctx.db, currentUser(req), params.id, body.content, ctx.clock()))
    return { success: true, message: explanation.status === 'awaiting_approval' ? AWAITING : UPDATED, explanation }
  })

  route(
    router,
    explanationsApi.remove,
  )(async ({ req, params }) => {
    settle(await deleteExplanation(ctx.db, currentUser(req), params.id, ctx.clock()))
    return { success: true, message: DELETED }
  })

  route(router, explanationsApi.vote, [votes])(async ({ req, params, body }) => ({
    success: true,
    ...settle(await voteExplanation(ctx.db, currentUser(req), params.id, body.useful, ctx.clock())),
  }))

  route(router, explanationsApi.flag, [writes])(async ({ req, params, body }) => {
    settle(await flagExplanation(ctx.db, currentUser(req), params.id, body.reason, ctx.clock()))
    return { success: true, message: FLAG_SENT }
  })

  return router
}

/** The moderation queue and the moderators' changes: their paths carry /admin, so this is mounted at the API's root. */
export function createAdminExplanationsRouter(ctx: AppContext) {
  const router = Router()

  route(router, explanationsApi.queue)(async ({ query }) => explanationQueue(ctx.db, { filter: query.filter, page: query.page }))

  route(
    router,
    explanationsApi.moderate,
  )(async ({ req, params, body }) => {
    const outcome = await moderateExplanation(ctx.db, currentUser(req).id, params.id, body, ctx.clock())
    if (outcome.kind === 'not-found') throw new HttpError(404, EXPLANATION_NOT_FOUND)
    const message = outcome.item.hidden
      ? 'Explicação ocultada.'
      : outcome.item.awaiting_approval
        ? 'Explicação aguardando aprovação.'
        : 'Explicação publicada.'
    return { success: true, message, explanation: outcome.item }
  })

  return router
}
