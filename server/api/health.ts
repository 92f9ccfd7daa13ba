import { Router } from 'express'

import type { AppContext } from '../context'
import { databaseReachable } from '../domain/health'
import { buildInfo } from '../version'
import { handler } from './http'

export function createHealthRouter(ctx: AppContext) {
  const router = Router()
  router.get(
    '/health',
    handler(async (_req, res) => {
      const ok = await databaseReachable(ctx.db)
      res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'error', database: ctx.database.kind, version: buildInfo().version })
    }),
  )
  return router
}
