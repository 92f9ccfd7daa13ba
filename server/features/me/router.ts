import { Router } from 'express'

import { HttpError } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { spDay } from '../../domain/time/calendar'
import { weakestTopics } from '../../domain/weak-topics'
import { myActivity, myForum, myNotes } from './activity'
import { meApi } from './contract'
import { deleteMyAccount } from './delete'
import type { ReceiptsOf } from './export'
import { exportMyData } from './export'
import { lastStudy, saveLastStudy } from './last-study'
import { ACCOUNT_DELETED, ACCOUNT_NOT_FOUND, DELETE_FLOOD_MESSAGE } from './messages'
import { myDailyAccuracy, myPerformance, myStats } from './stats'

// The student's own area: the contract (./contract.ts) says what each route reads and answers.

export function createMeRouter(ctx: AppContext, features: { receiptsOf: ReceiptsOf }) {
  const router = Router()
  const now = () => ctx.clock()

  route(router, meApi.stats)(async ({ req }) => ({ success: true, ...(await myStats(ctx.db, currentUser(req).id, now())) }))

  route(
    router,
    meApi.performance,
  )(async ({ req }) => {
    const { id } = currentUser(req)
    const [disciplines, daily, weakest_topics] = await Promise.all([
      myPerformance(ctx.db, id),
      myDailyAccuracy(ctx.db, id, now()),
      weakestTopics(ctx.db, id),
    ])
    return { success: true, disciplines, daily, weakest_topics }
  })

  route(router, meApi.activity)(async ({ req }) => ({ success: true, activity: await myActivity(ctx.db, currentUser(req).id) }))

  route(router, meApi.notes)(async ({ req, query }) => ({ success: true, ...(await myNotes(ctx.db, currentUser(req).id, query.page)) }))

  route(router, meApi.lastStudy)(async ({ req }) => ({ success: true, last_study: await lastStudy(ctx.db, currentUser(req).id) }))
  route(
    router,
    meApi.saveLastStudy,
  )(async ({ req, body }) => {
    await saveLastStudy(ctx.db, currentUser(req).id, body.path, now())
    return { success: true }
  })

  route(router, meApi.forum)(async ({ req }) => ({ success: true, ...(await myForum(ctx.db, currentUser(req).id)) }))

  route(
    router,
    meApi.export,
  )(async ({ req, res }) => {
    const data = await exportMyData(ctx.db, currentUser(req).id, now(), features.receiptsOf)
    if (!data) throw new HttpError(404, ACCOUNT_NOT_FOUND)
    res.setHeader('Content-Disposition', `attachment; filename="gabarita-meus-dados-${spDay(now())}.json"`)
    res.setHeader('Cache-Control', 'no-store')
    return data
  })

  // A password check: limited like a login, per user.
  const deletions = limiter(ctx, { name: 'delete-account', windowMs: 15 * 60_000, limit: 10, by: 'user', message: DELETE_FLOOD_MESSAGE })
  route(router, meApi.deleteAccount, [deletions])(async ({ req, body }) => {
    const outcome = await deleteMyAccount(ctx.db, currentUser(req).id, body.password, now())
    if (outcome.kind === 'refused') throw new HttpError(400, outcome.message)
    return { success: true, message: ACCOUNT_DELETED }
  })

  return router
}
