import type { ErrorRequestHandler, Request } from 'express'
import express, { Router } from 'express'

import type { AppContext } from '../context'
import { createAdminRouter } from '../features/admin/router'
import { createAnalysesRouter } from '../features/analyses/router'
import { createAuthRouter } from '../features/auth/router'
import { createAdminBillingRouter } from '../features/billing/admin-router'
import { listUserReceipts } from '../features/billing/receipts'
import { createBillingRouter, createBillingWebhookRouter } from '../features/billing/router'
import { createChatRouter } from '../features/chat/router'
import { createClassificationRouter } from '../features/classification/router'
import { createContactRouter } from '../features/contact/router'
import { createAdminContactRouter } from '../features/contact-admin/router'
import { createDisciplinesRouter } from '../features/disciplines/router'
import { createAdminErrorReportsRouter, createErrorReportsRouter } from '../features/error-reports/router'
import { createAdminForumRouter, createForumRouter } from '../features/forum/router'
import { createHealthRouter } from '../features/health/router'
import { createInsightRouter } from '../features/insight/router'
import { createLegislationRouter } from '../features/legislation/router'
import { createMeRouter } from '../features/me/router'
import { createNotebooksRouter } from '../features/notebooks/router'
import { createNotesRouter } from '../features/notes/router'
import { createOfflineRouter } from '../features/offline/router'
import { createPlanCatalogRouter } from '../features/plan-catalog/router'
import { createProfileRouter } from '../features/profile/router'
import { createQuestionsRouter } from '../features/questions/router'
import { createRankingRouter } from '../features/ranking/router'
import { createReviewRouter } from '../features/review/router'
import { createSimulationsRouter } from '../features/simulations/router'
import { loadUser } from './auth-middleware'
import { gate, gates } from './gate'
import { HttpError } from './http'
import { BODY_ERRORS, rejectNulBytes } from './input-guard'
import { createOpenApiRouter } from './openapi'

/** The request stream failed (the client went away mid-body): one function for every request, `this` the request. */
function requestStreamError(this: Request, error: Error) {
  this.log?.debug({ err: error }, 'requisição interrompida pelo cliente')
}

/** The REST API mounted at /api/v1: JSON in and out, bearer tokens, `{ error }` on failure. */
export function createApiRouter(ctx: AppContext) {
  const api = Router()
  api.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    // A client that drops the connection mid-body: the body readers answer it; the stream's
    // error must never go unheard.
    req.on('error', requestStreamError)
    // Bodies must be JSON, except the multipart upload routes.
    const type = req.headers['content-type']
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
    if (hasBody && !req.is('application/json') && !req.is('multipart/form-data')) {
      return next(new HttpError(415, `Tipo de conteúdo não suportado: ${type ?? 'ausente'}. Envie application/json.`))
    }
    next()
  })
  // Before express.json: the webhook's signature covers the raw bytes.
  api.use(gate(createBillingWebhookRouter(ctx)))
  api.use(express.json({ limit: '100kb' }))
  api.use(rejectNulBytes)
  api.use(gates([createHealthRouter(ctx), createOpenApiRouter()]))
  api.use(loadUser(ctx))
  api.use(
    gates([
      createContactRouter(ctx),
      createAuthRouter(ctx),
      createProfileRouter(ctx),
      createDisciplinesRouter(ctx),
      // Before the questions router: it answers POST /questions/:id/attempts/:attemptId/rating.
      createReviewRouter(ctx),
      createQuestionsRouter(ctx),
      createInsightRouter(ctx),
      createForumRouter(ctx),
      createNotesRouter(ctx),
      createOfflineRouter(ctx),
      // The account export lists the receipts billing keeps; handed in here, so me does not reach into billing.
      createMeRouter(ctx, { receiptsOf: listUserReceipts }),
      createRankingRouter(ctx),
      createSimulationsRouter(ctx),
      createNotebooksRouter(ctx),
      createErrorReportsRouter(ctx),
      createBillingRouter(ctx),
      createChatRouter(ctx),
      createAdminRouter(ctx),
      createAdminBillingRouter(ctx),
      createAdminForumRouter(ctx),
      createAdminErrorReportsRouter(ctx),
      createAdminContactRouter(ctx),
      createClassificationRouter(ctx),
      createPlanCatalogRouter(ctx),
      createLegislationRouter(ctx),
      createAnalysesRouter(ctx),
    ]),
  )
  api.use((_req, _res, next) => next(new HttpError(404, 'Rota não encontrada')))
  api.use(apiErrorHandler(ctx))
  return api
}

function apiErrorHandler(ctx: AppContext): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (error instanceof HttpError) {
      res.status(error.status).json({ error: error.message, ...error.extra })
      return
    }
    const known = BODY_ERRORS[(error as { type?: string }).type ?? '']
    if (known) {
      res.status(known.status).json({ error: known.message })
      return
    }
    // Express could not decode a %-escape in a route parameter.
    if (error instanceof URIError) {
      res.status(400).json({ error: 'Endereço com codificação inválida.' })
      return
    }
    const status = (error as { status?: number }).status
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: 'Requisição inválida' })
      return
    }
    ;(req.log ?? ctx.logger).error({ err: error }, 'erro não tratado na API')
    res.status(500).json({ error: 'Erro interno do servidor' })
  }
}
