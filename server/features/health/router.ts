import type { RequestHandler } from 'express'
import { Router } from 'express'

import { handler } from '../../api/http'
import { route } from '../../api/route'
import type { AppContext } from '../../context'
import { isDraining } from '../../shared/draining'
import { buildInfo } from '../../version'
import type { HealthJson } from './contract'
import { healthApi } from './contract'
import { databaseReachable } from './health'

// GET /health: the contract (./contract.ts) says what it answers. The probe runs first and
// answers the 503 itself (the same body, not `{ error }`); a healthy server goes on to the route.
export function createHealthRouter(ctx: AppContext) {
  const router = Router()
  const probe: RequestHandler = handler(async (_req, res, next) => {
    // A stopping server is out of rotation for a health-checking proxy, though it still answers.
    const status = isDraining() ? 'draining' : (await databaseReachable(ctx.db)) ? 'ok' : 'error'
    const body: HealthJson = { status, database: ctx.database.kind, version: buildInfo().version }
    if (status !== 'ok') {
      res.status(503).json(body)
      return
    }
    res.locals.health = body
    next()
  })
  route(router, healthApi.get, [probe])(({ res }) => res.locals.health as HealthJson)
  return router
}
