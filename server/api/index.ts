import type { ErrorRequestHandler, Request } from 'express'
import express, { Router } from 'express'

import type { AppContext } from '../context'
import { routersOf } from './endpoints'
import { gates } from './gate'
import { HttpError } from './http'
import { BODY_ERRORS, rejectNulBytes } from './input-guard'
import { createOpenApiRouter } from './openapi'
import { loadUser } from './session'

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
  api.use(gates(routersOf('rawBody', ctx)))
  api.use(express.json({ limit: '100kb' }))
  api.use(rejectNulBytes)
  api.use(gates([...routersOf('public', ctx), createOpenApiRouter()]))
  api.use(loadUser(ctx))
  api.use(gates(routersOf('routers', ctx)))
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
