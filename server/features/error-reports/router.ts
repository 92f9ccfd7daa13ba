import { Router } from 'express'

import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { errorReportsApi } from './contract'
import { listErrorReports, myErrorReports, updateErrorReport } from './error-reports'
import { ERROR_REPORT_NOT_FOUND, ERROR_REPORT_UPDATED } from './messages'

// The error-report queue: the contract (./contract.ts) says what each route reads and answers.

export function createErrorReportsRouter(ctx: AppContext) {
  const router = Router()
  route(router, errorReportsApi.mine)(async ({ req, query }) => myErrorReports(ctx.db, currentUser(req).id, query.page))

  return router
}

/** The admin's routes: their paths carry /admin, so this is mounted at the API's root. */
export function createAdminErrorReportsRouter(ctx: AppContext) {
  const router = Router()

  route(router, errorReportsApi.list)(async ({ query }) => listErrorReports(ctx.db, { status: query.status, page: query.page }))

  route(
    router,
    errorReportsApi.update,
  )(async ({ req, params, body }) => {
    const report = await updateErrorReport(ctx.db, currentUser(req).id, params.id, body, ctx.clock())
    if (!report) throw new HttpError(404, ERROR_REPORT_NOT_FOUND)
    return { success: true, message: ERROR_REPORT_UPDATED, report }
  })

  return router
}
