import { Router } from 'express'

import type { AppContext } from '../context'
import { databaseReachable } from '../domain/health'
import { isDraining } from '../shared/draining'
import { buildInfo } from '../version'
import { handler } from './http'

export function createHealthRouter(ctx: AppContext) {
  const router = Router()
  router.get(
    '/health',
    handler(async (_req, res) => {
      // A stopping server is out of rotation for a health-checking proxy, though it still answers.
      const status = isDraining() ? 'draining' : (await databaseReachable(ctx.db)) ? 'ok' : 'error'
      res.status(status === 'ok' ? 200 : 503).json({ status, database: ctx.database.kind, version: buildInfo().version })
    }),
  )
  return router
}
