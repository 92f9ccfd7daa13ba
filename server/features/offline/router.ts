import { Router } from 'express'

import { unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { offlineApi } from './contract'
import { downloadQuestions, syncAnswers } from './offline'

// Offline practice (ADR 056): the contract (./contract.ts) says what each route reads and
// answers; this says which rule runs, at the one clock's time.

export function createOfflineRouter(ctx: AppContext) {
  const router = Router()
  const writes = limiter(ctx, {
    name: 'offline',
    windowMs: 10 * 60_000,
    limit: 120,
    by: 'user',
    message: 'Você está enviando pedidos rápido demais. Aguarde um pouco e tente novamente.',
  })

  route(router, offlineApi.download, [writes])(async ({ req, body }) => ({
    success: true,
    ...(await downloadQuestions(ctx.db, currentUser(req), body.question_ids, ctx.clock())),
  }))

  route(router, offlineApi.sync, [writes])(async ({ req, body }) => ({
    success: true,
    results: unwrap(await syncAnswers(ctx.db, currentUser(req), body.answers, ctx.clock(), ctx.config.sessionSecret)),
  }))

  return router
}
