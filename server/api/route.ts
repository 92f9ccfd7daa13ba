import type { Request, RequestHandler, Response, Router } from 'express'
import type * as z from 'zod'

import type { Endpoint, EndpointInput, EndpointSpec, HandlerReply } from './contract'
import { StatusReply } from './contract'
import { handler, HttpError, parse, sendJson } from './http'
import { requireAdmin, requireProfessor, requireUser } from './session'

// Mounts one contract on a router (ADR 038). The order of checks is the one every router kept by
// hand: auth (401/403, in the contract's own words when it has them), then the route's own
// middleware (a rate limit), then the path (404), the query and the body (400 with the first
// issue's Portuguese message). A contract with `idBeforeAuth` reads its path first: a bad id
// answers as one before a visitor hears about the login (ADR 049). The handler returns the success body,
// typed by the contract's response schema, and this sends it with the contract's status (or
// another status it declares, when the handler returns withStatus()).

export type RouteHandler<S extends EndpointSpec> = (
  input: EndpointInput<S> & { req: Request; res: Response },
) => Promise<Answer<S>> | Answer<S>

/** The success body, or `withStatus(status, body)` for another declared success status. */
type Answer<S extends EndpointSpec> = HandlerReply<S> | StatusReply<HandlerReply<S>>

/** The path's parameters; the first refused one answers the contract's paramStatus (404) with its own message. */
function parseParams(endpoint: EndpointSpec & { params: z.ZodType }, params: unknown) {
  const result = endpoint.params.safeParse(params)
  if (!result.success) throw new HttpError(endpoint.paramStatus ?? 404, result.error.issues[0]?.message ?? 'Rota não encontrada')
  return result.data
}

/** The login (and role) the contract asks for, as middleware: 401 in its words, 403 for a student on an admin route. */
function authGuard(endpoint: EndpointSpec): RequestHandler[] {
  if (endpoint.auth === 'user') return [requireUser(endpoint.loginMessage)]
  if (endpoint.auth === 'professor') return [requireProfessor(endpoint.loginMessage)]
  if (endpoint.auth === 'admin') return [requireAdmin(endpoint.loginMessage)]
  return []
}

/**
 * `route(router, endpoint, [middleware])(handler)`: curried so that the endpoint fixes the types
 * before the handler is read (a generic call in one step would widen `success: true` to boolean).
 */
export function route<S extends EndpointSpec>(router: Router, endpoint: Endpoint<S>, middleware: RequestHandler[] = []) {
  return (handle: RouteHandler<S>) => mount(router, endpoint, middleware, handle)
}

function mount<S extends EndpointSpec>(router: Router, endpoint: Endpoint<S>, middleware: RequestHandler[], handle: RouteHandler<S>) {
  const withParams = endpoint.params ? { ...endpoint, params: endpoint.params } : undefined
  // The path read before the login (idBeforeAuth): the same check the handler repeats below.
  const readPath = handler((req, _res, next) => {
    if (withParams) parseParams(withParams, req.params)
    next()
  })
  const pathFirst = endpoint.idBeforeAuth ? [readPath] : []
  router[endpoint.method](
    endpoint.path,
    ...pathFirst,
    ...authGuard(endpoint),
    ...middleware,
    handler(async (req, res) => {
      const input = {
        params: withParams ? parseParams(withParams, req.params) : undefined,
        // A query its handler reads itself (queryReadByHandler) is only documented by the contract.
        query: endpoint.query && !endpoint.queryReadByHandler ? parse(endpoint.query, req.query) : undefined,
        body: endpoint.body ? parse(endpoint.body, req.body ?? {}) : undefined,
        req,
        res,
      } as EndpointInput<S> & { req: Request; res: Response }
      const answer = await handle(input)
      const [status, reply] = answer instanceof StatusReply ? [answer.status, answer.body] : [endpoint.successStatus, answer]
      if (!(status in endpoint.responses))
        throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path}: status ${status} fora do contrato`)
      if (status === 204) res.status(204).end()
      else sendJson(res, status, reply)
    }),
  )
}
