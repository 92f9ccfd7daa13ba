import { sql } from 'drizzle-orm'
import { Router } from 'express'
import type { AppContext } from '../context'
import { buildInfo } from '../version'
import { handler } from './http'

export function createHealthRouter(ctx: AppContext) {
  const router = Router()
  router.get(
    '/health',
    handler(async (_req, res) => {
      let status: 'ok' | 'error' = 'ok'
      try {
        await ctx.db.execute(sql`select 1`)
      } catch {
        status = 'error'
      }
      res.status(status === 'ok' ? 200 : 503).json({ status, database: ctx.database.kind, version: buildInfo().version })
    }),
  )
  return router
}
