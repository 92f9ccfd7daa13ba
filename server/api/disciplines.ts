import { Router } from 'express'

import type { AppContext } from '../context'
import { listDisciplines } from '../domain/disciplines'
import { handler } from './http'

/** Public list of disciplines with their topics: always `{ success, data: [...] }`. */
export function createDisciplinesRouter(ctx: AppContext) {
  const router = Router()
  router.get(
    '/disciplines',
    handler(async (_req, res) => {
      res.json({ success: true, data: await listDisciplines(ctx.db) })
    }),
  )
  return router
}
