import type { NextFunction, Request, RequestHandler, Response, Router } from 'express'

// The API's routing (ADR 061): Express walks the feature routers in order and, inside each, tests
// every route's pattern against the path, so a search went through eight routers and dozens of
// patterns before its own. `gate(router)` enters a router only when the path's first segment is
// one its routes begin with: a necessary condition for any of them to match, so what answers a
// request is exactly what answered it before.

type Layer = { route?: { path?: unknown } }

/** A first segment Express's patterns (path-to-regexp 0.1) match literally, letter case aside. */
const LITERAL = /^[A-Za-z0-9._~-]*$/

/**
 * The first path segments of the router's routes, lower-cased (Express matches without regard to
 * case); null when a layer might match another (middleware with `use`, a parameter, a pattern).
 */
export function firstSegments(router: Router): Set<string> | null {
  const stack = (router as unknown as { stack?: Layer[] }).stack
  if (!Array.isArray(stack)) return null
  const segments = new Set<string>()
  for (const layer of stack) {
    const path = layer.route?.path
    if (typeof path !== 'string' || !path.startsWith('/')) return null
    const first = path.slice(1).split('/', 1)[0]!
    if (!LITERAL.test(first)) return null
    segments.add(first.toLowerCase())
  }
  return segments
}

/** The path's first segment, as the router will read it (its own URL, below the mount point). */
function firstSegment(req: Request) {
  // Express's req.path: the URL's pathname as its routers match it (parsed once per URL and kept).
  const path = req.path
  const end = path.indexOf('/', 1)
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase()
}

/**
 * The router, entered only by the paths its routes might match (read from it on the first
 * request). It shows the router's `stack` as its own, so what lists the API's routes by walking
 * Express's layers (tests/api/fuzz.test.ts) still finds them.
 */
export function gate(router: Router): RequestHandler & { stack: unknown[] } {
  let segments: Set<string> | null | undefined
  function gated(req: Request, res: Response, next: NextFunction) {
    if (segments === undefined) segments = firstSegments(router)
    if (segments && !segments.has(firstSegment(req))) return next()
    router(req, res, next)
  }
  return Object.assign(gated, { stack: (router as unknown as { stack: unknown[] }).stack })
}
