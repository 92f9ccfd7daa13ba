import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import {
  ERROR_REPORT_STATUSES,
  ErrorReportUpdateBody,
  listErrorReports,
  myErrorReports,
  updateErrorReport,
} from '../domain/questions/error-reports'
import { currentUser, requireAdmin } from './auth-middleware'
import { blank, handler, HttpError, pageParam, parse, pathId } from './http'

// The error-report queue (issue 13): admins list and answer the reports sent from the cards
// (POST /questions/{id}/error-reports in questions.ts); a student reads their own.

const NOT_FOUND = 'Relato de erro não encontrado.'

const AdminQuery = z.object({
  status: blank(z.enum(ERROR_REPORT_STATUSES, { error: `Situação inválida: use ${ERROR_REPORT_STATUSES.join(', ')}.` }).optional()),
  page: pageParam,
})
const MineQuery = z.object({ page: pageParam })

export function createErrorReportsRouter(ctx: AppContext) {
  const router = Router()

  router.get(
    '/error-reports/mine',
    handler(async (req, res) => {
      if (!req.user) throw new HttpError(401, 'Faça login para ver os erros que você reportou.')
      const query = parse(MineQuery, req.query)
      res.json(await myErrorReports(ctx.db, currentUser(req).id, query.page))
    }),
  )

  return router
}

/** Mounted at /admin. */
export function createAdminErrorReportsRouter(ctx: AppContext) {
  const router = Router()

  router.get(
    '/error-reports',
    requireAdmin,
    handler(async (req, res) => {
      const query = parse(AdminQuery, req.query)
      res.json(await listErrorReports(ctx.db, { status: query.status, page: query.page }))
    }),
  )

  router.put(
    '/error-reports/:id',
    requireAdmin,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOT_FOUND)
      const change = parse(ErrorReportUpdateBody, req.body ?? {})
      const report = await updateErrorReport(ctx.db, currentUser(req).id, id, change)
      if (!report) throw new HttpError(404, NOT_FOUND)
      res.json({ success: true, message: 'Relato atualizado.', report })
    }),
  )

  return router
}
