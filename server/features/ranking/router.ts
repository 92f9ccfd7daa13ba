import { Router } from 'express'

import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { rankingApi } from './contract'
import { weeklyRanking } from './ranking'

// GET /ranking (issue 14): the contract (./contract.ts) says what it answers.
export function createRankingRouter(ctx: AppContext) {
  const router = Router()
  route(router, rankingApi.get)(async ({ req }) => ({ success: true, ...(await weeklyRanking(ctx.db, currentUser(req).id, ctx.clock())) }))
  return router
}
