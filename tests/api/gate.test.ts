import express, { Router } from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'

import { firstSegments, gate, gates } from '#server/api/gate'

// ADR 061: the API enters a feature's router only for a path whose first segment one of its routes
// begins with. Express matches routes without regard to case or a trailing slash, so the gate must
// let those through, and a router whose layers might match anything is always entered.

describe('gate', () => {
  const questions = () => {
    const router = Router()
    router.get('/questions/search', (_req, res) => res.json({ route: 'search' }))
    router.post('/review/:id', (_req, res) => res.json({ route: 'review' }))
    return router
  }

  it('reads the literal first segments of a router of routes, lower-cased, with their methods', () => {
    const router = Router()
    router.get('/Questions/:id', (_req, res) => res.end())
    router.post('/questions/:id/attempts', (_req, res) => res.end())
    router.all('/openapi.json', (_req, res) => res.end())
    expect(Object.fromEntries([...firstSegments(router)!].map(([segment, methods]) => [segment, [...methods]]))).toEqual({
      questions: ['get', 'post'],
      'openapi.json': ['_all'],
    })
  })

  it('does not enter a router whose routes at that segment answer other methods, except HEAD and OPTIONS', async () => {
    // The review router's one POST under /questions: a GET search need not walk it (ADR 066).
    const entered: string[] = []
    const counted = (name: string, router: Router) =>
      Object.assign(
        (req: express.Request, res: express.Response, next: express.NextFunction) => {
          entered.push(`${req.method} ${name}`)
          router(req, res, next)
        },
        { stack: router.stack },
      ) as unknown as Router
    const rating = Router()
    rating.post('/questions/:id/rating', (_req, res) => res.json({ route: 'rating' }))
    const app = express().use('/api/v1', gates([counted('rating', rating), counted('questions', questions())]))
    expect((await request(app).get('/api/v1/questions/search')).body).toEqual({ route: 'search' })
    expect((await request(app).post('/api/v1/questions/1/rating')).body).toEqual({ route: 'rating' })
    // OPTIONS is answered from every route's methods, so both routers are entered; HEAD runs GET.
    const options = await request(app).options('/api/v1/questions/search')
    expect([options.status, options.headers.allow]).toEqual([200, 'GET,HEAD'])
    expect((await request(app).head('/api/v1/questions/search')).status).toBe(200)
    expect(entered).toEqual(['GET questions', 'POST rating', 'OPTIONS rating', 'OPTIONS questions', 'HEAD rating', 'HEAD questions'])
  })

  it('always enters a router with middleware, a parameter or a pattern first', () => {
    const used = Router()
    used.use('/admin', (_req, _res, next) => next())
    const param = Router()
    param.get('/:section/x', (_req, res) => res.end())
    const pattern = Router()
    pattern.get('/ab*', (_req, res) => res.end())
    for (const router of [used, param, pattern]) expect(firstSegments(router)).toBeNull()
  })

  it('answers what the router alone answers, whatever the case and slashes, and passes the rest on', async () => {
    const mounted = (router: express.RequestHandler) =>
      express().use('/api/v1', router, (_req, res) => res.status(404).json({ route: 'none' }))
    const [gated, plain] = [mounted(gate(questions())), mounted(questions())]
    for (const [method, path, route] of [
      ['get', '/api/v1/questions/search', 'search'],
      ['get', '/api/v1/QUESTIONS/Search/', 'search'],
      ['get', '/api/v1/questions/search?search_term=a', 'search'],
      // Express's mount point takes one slash after it: '//questions' reaches the router as '/questions'.
      ['get', '/api/v1//questions/search', 'search'],
      ['get', '/api/v1///questions/search', 'none'],
      ['post', '/api/v1/review/1', 'review'],
      ['post', '/api/v1/Review/1/', 'review'],
      ['get', '/api/v1/question/search', 'none'],
      ['get', '/api/v1/questions%2Fsearch', 'none'],
      ['get', '/api/v1/', 'none'],
      ['get', '/api/v1', 'none'],
    ] as const) {
      const [a, b] = [await request(gated)[method](path), await request(plain)[method](path)]
      expect({ path, route: a.body.route, status: a.status }).toEqual({ path, route, status: b.status })
      expect(b.body.route).toBe(route)
    }
  })

  it('enters several routers in order as one layer, as the same routers mounted one by one', async () => {
    // A router that passes the request on (`next()`), one that fails, one for another segment.
    const passing = () => {
      const router = Router()
      router.get('/questions/:id', (req, _res, next) => (req.params.id === 'search' ? next() : next(new Error('falhou'))))
      return router
    }
    const other = () => {
      const router = Router()
      router.get('/review/queue', (_req, res) => res.json({ route: 'queue' }))
      return router
    }
    const mounted = (...handlers: express.RequestHandler[]) =>
      express()
        .use('/api/v1', ...handlers, (_req, res) => res.status(404).json({ route: 'none' }))
        .use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
          res.status(500).json({ route: 'error' }),
        )
    const [combined, oneByOne] = [mounted(gates([passing(), other(), questions()])), mounted(passing(), other(), questions())]
    for (const [path, route, status] of [
      ['/api/v1/questions/search', 'search', 200],
      ['/api/v1/questions/7', 'error', 500],
      ['/api/v1/review/queue', 'queue', 200],
      ['/api/v1/Review/Queue/', 'queue', 200],
      ['/api/v1/other', 'none', 404],
    ] as const) {
      const [a, b] = [await request(combined).get(path), await request(oneByOne).get(path)]
      expect({ path, route: a.body.route, status: a.status }).toEqual({ path, route, status })
      expect({ path, route: b.body.route, status: b.status }).toEqual({ path, route, status })
    }
    // What lists the API's routes by walking Express's layers finds every router's routes.
    expect(gates([passing(), other()]).stack).toHaveLength(2)
  })
})
