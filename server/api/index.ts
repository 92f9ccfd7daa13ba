import express, { Router } from 'express'
import type { ErrorRequestHandler } from 'express'
import type { AppContext } from '../context'
import { createAdminRouter } from './admin'
import { createAuthRouter } from './auth'
import { loadUser } from './auth-middleware'
import { createContactRouter } from './contact'
import { createDisciplinesRouter } from './disciplines'
import { createHealthRouter } from './health'
import { HttpError } from './http'
import { createProfileRouter } from './profile'
import { createQuestionsRouter } from './questions'

/** The REST API mounted at /api/v1: JSON in and out, bearer tokens, `{ error }` on failure. */
export function createApiRouter(ctx: AppContext) {
  const api = Router()
  api.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    // Bodies must be JSON, except the multipart upload routes.
    const type = req.headers['content-type']
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
    if (hasBody && !req.is('application/json') && !req.is('multipart/form-data')) {
      return next(new HttpError(415, `Tipo de conteúdo não suportado: ${type ?? 'ausente'}. Envie application/json.`))
    }
    next()
  })
  api.use(express.json({ limit: '100kb' }))
  api.use(createHealthRouter(ctx))
  api.use(loadUser(ctx))
  api.use(createContactRouter(ctx))
  api.use(createAuthRouter(ctx))
  api.use(createProfileRouter(ctx))
  api.use(createDisciplinesRouter(ctx))
  api.use(createQuestionsRouter(ctx))
  api.use('/admin', createAdminRouter(ctx))
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
    const type = (error as { type?: string }).type
    if (type === 'entity.too.large') {
      res.status(413).json({ error: 'Requisição muito grande' })
      return
    }
    if (type === 'entity.parse.failed') {
      res.status(400).json({ error: 'JSON inválido no corpo da requisição' })
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
