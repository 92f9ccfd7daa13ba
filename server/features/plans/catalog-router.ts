import { Router } from 'express'

import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { planCatalogApi } from './catalog-contract'
import type { CatalogOutcome } from './catalog-editor'
import { catalogView, createLine, deleteLine, updateLine, updatePlan } from './catalog-editor'
import { LINE_NOT_FOUND, PLAN_NOT_IN_CATALOG } from './catalog-messages'

// The plan catalogue (issue 28): the contract (./contract.ts) says what each route reads and
// answers; the rules live in ./plan-catalog.ts.

function saved(outcome: CatalogOutcome, notFound: string) {
  if (outcome.kind === 'not-found') throw new HttpError(404, notFound)
  if (outcome.kind === 'invalid') throw new HttpError(422, outcome.message)
  if (outcome.kind === 'conflict') throw new HttpError(409, outcome.message)
  return { success: true as const, message: outcome.message, ...outcome.view }
}

export function createPlanCatalogRouter(ctx: AppContext) {
  const router = Router()

  route(router, planCatalogApi.get)(() => catalogView(ctx.db))

  route(
    router,
    planCatalogApi.updatePlan,
  )(async ({ req, params, body }) =>
    saved(await updatePlan(ctx.db, currentUser(req).id, params.plan, body, ctx.clock()), PLAN_NOT_IN_CATALOG),
  )

  route(router, planCatalogApi.createLine)(async ({ body }) => saved(await createLine(ctx.db, body), LINE_NOT_FOUND))

  route(
    router,
    planCatalogApi.updateLine,
  )(async ({ params, body }) => saved(await updateLine(ctx.db, params.id, body, ctx.clock()), LINE_NOT_FOUND))

  route(router, planCatalogApi.deleteLine)(async ({ params }) => saved(await deleteLine(ctx.db, params.id), LINE_NOT_FOUND))

  return router
}
