import type { NextFunction, Request, RequestHandler, Response, Router } from 'express'

// The API's routing (ADR 061, 065, 066): Express walks the feature routers in order and, inside each,
// tests every route's pattern against the path, so a search went through eight routers and dozens
// of patterns before its own. `gates(routers)` enters a router only when the path's first segment
// is one its routes begin with, for the request's method: a necessary condition for any of them to
// match, so what answers a request is exactly what answered it before.

type Layer = { route?: { path?: unknown; methods?: Record<string, boolean> } }

/** A first segment Express's patterns (path-to-regexp 0.1) match literally, letter case aside. */
const LITERAL = /^[A-Za-z0-9._~-]*$/

/**
 * The first path segments of the router's routes, lower-cased (Express matches without regard to
 * case), each with the methods its routes answer (lower-case, `_all` for `router.all`); null when
 * a layer might match another (middleware with `use`, a parameter, a pattern).
 */
export function firstSegments(router: Router): Map<string, Set<string>> | null {
  const stack = (router as unknown as { stack?: Layer[] }).stack
  if (!Array.isArray(stack)) return null
  const segments = new Map<string, Set<string>>()
  for (const layer of stack) {
    const path = layer.route?.path
    if (typeof path !== 'string' || !path.startsWith('/')) return null
    const first = path.slice(1).split('/', 1)[0]!
    if (!LITERAL.test(first)) return null
    const segment = first.toLowerCase()
    const methods = segments.get(segment) ?? new Set<string>()
    for (const [method, on] of Object.entries(layer.route!.methods ?? {})) if (on) methods.add(method)
    segments.set(segment, methods)
  }
  return segments
}

// Each method's lower case, made once (Express compares methods in lower case).
const LOWER: Record<string, string> = {}

/**
 * Whether a router with these methods at the path's segment might answer: Express skips a route of
 * another method, except that HEAD may run GET's and OPTIONS collects every route's methods for its
 * answer, so those two always enter.
 */
function mightAnswer(methods: Set<string>, method: string) {
  return methods.has(method) || methods.has('_all') || method === 'head' || method === 'options'
}

/** The path's first segment, as the routers will read it (their own URL, below the mount point). */
function firstSegment(req: Request) {
  // Express's req.path: the URL's pathname as its routers match it (parsed once per URL and kept).
  const path = req.path
  const end = path.indexOf('/', 1)
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase()
}

/**
 * The routers as one layer: the path's first segment read once, then, in order, each router its
 * routes might match is entered, the next one when it passes the request on. One Express layer for
 * the API's twenty-odd feature routers instead of one each (ADR 065); what answers a request is
 * what answered it before. It shows the routers' stacks as its own, so what lists the API's routes
 * by walking Express's layers (tests/api/fuzz.test.ts) still finds them.
 */
export function gates(routers: Router[]): RequestHandler & { stack: unknown[] } {
  let segments: (Map<string, Set<string>> | null)[] | undefined
  function gated(req: Request, res: Response, next: NextFunction) {
    segments ??= routers.map(firstSegments)
    const first = firstSegment(req)
    const method = (LOWER[req.method] ??= req.method.toLowerCase())
    let index = 0
    const step = (error?: unknown) => {
      if (error) return next(error)
      while (index < routers.length) {
        const at = index++
        const own = segments![at]
        const methods = own?.get(first)
        // A router Express would walk to the end without a match costs its stack and a setImmediate.
        if (!own || (methods && mightAnswer(methods, method))) return routers[at]!(req, res, step)
      }
      next()
    }
    step()
  }
  return Object.assign(gated, { stack: routers.flatMap((router) => (router as unknown as { stack: unknown[] }).stack) })
}

/** One router behind its gate: entered only by the paths its routes might match. */
export const gate = (router: Router) => gates([router])
