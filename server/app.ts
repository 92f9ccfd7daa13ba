import crypto from 'node:crypto'
import path from 'node:path'

import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import type { Logger } from 'pino'

import { createApiRouter } from './api/index'
import type { InProcessDispatch } from './client/core'
import type { AppContext } from './context'
import { createSandboxCheckoutRouter } from './features/plans/sandbox'
import { inProcessDispatch } from './in-process-api'
import { buildDir, projectRoot } from './paths'
import { requestLogger } from './request-log'
import { buildInfo } from './version'
import { createApiDocsRouter } from './web/api-docs'
import { guardActions, pageGuard, refusalPage } from './web/page-guard'
import { remixHandler } from './web/remix-handler'

export type LoadContext = {
  /** Per-request CSP nonce: every inline script Remix renders carries it. */
  cspNonce: string
  requestId: string
  /** This request's logger: Remix's errors (entry.server's handleError) go through it, never console. */
  log?: Logger
  /** The visitor's address, passed on to the API so rate limits stay per visitor. */
  clientIp: string
  /** A GET for a whole document (not a client data request): its HTML is rendered here. */
  documentRequest: boolean
  /** This browser's CSRF token (page-guard): every page form repeats it in a hidden field. */
  csrfToken: string
  /** Question texts a loader keeps out of the hydration data, for the server render only. */
  cardTexts?: Map<number, { text: string; alts: string[] }>
  /** API reads several loaders of one page share (oncePerRequest): made empty per GET. */
  perRequest?: Map<string, Promise<unknown>>
  /** The API in this same process, when API_URL names no other server (ADR 036). */
  api?: InProcessDispatch
}

declare module '@remix-run/node' {
  // Module augmentation: Remix's context type gains our fields.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends LoadContext {}
}

export type CreateAppOptions = {
  /** The Remix server build; omitted by API-only tests. */
  remixBuild?: ServerBuild | (() => Promise<ServerBuild>)
  publicDir?: string
}

const COMMON_HEADERS = {
  // Chromium sends `Origin: null` on no-JS POSTs under no-referrer (stack-notes).
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
} as const

/** helmet for the API: a policy that allows nothing, no nonce (JSON runs no script and is never framed). */
export function apiHelmet(isProduction: boolean) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    ...COMMON_HEADERS,
    strictTransportSecurity: isProduction,
  })
}

type HeaderStep = readonly ['set', string, number | string | readonly string[]] | readonly ['remove', string]

/**
 * The API's security headers: what `apiHelmet` does to an answer, read once at start and replayed
 * on each (ADR 061). Its policy names no per-request value (no nonce, no function), so every
 * answer gets the same headers; replaying them skips helmet's twelve nested middleware and the
 * policy string it rebuilt on every call. tests/api/foundation.test.ts compares the two.
 */
export function apiSecurityHeaders(isProduction: boolean): express.RequestHandler {
  const steps: HeaderStep[] = []
  const recorder = {
    setHeader: (name: string, value: number | string | readonly string[]) => void steps.push(['set', name, value]),
    removeHeader: (name: string) => void steps.push(['remove', name]),
  }
  let passed = false
  apiHelmet(isProduction)({} as express.Request, recorder as unknown as express.Response, (error?: unknown) => {
    if (error) throw error
    passed = true
  })
  if (!passed) throw new Error('helmet não terminou de forma síncrona: os cabeçalhos da API não podem ser lidos uma vez só')
  return (_req, res, next) => {
    for (const step of steps) {
      if (step[0] === 'set') res.setHeader(step[1], step[2])
      else res.removeHeader(step[1])
    }
    next()
  }
}

/** Builds the Express app (API + Remix) without listening: server/index.ts and the tests use it. */
export function createApp(ctx: AppContext, options: CreateAppOptions = {}) {
  const app = express()
  // Loopback is our own Remix loaders calling the API on a visitor's behalf.
  app.set('trust proxy', 'loopback')
  // Queries are flat (`key=value`, repeated keys as lists; the search also reads `key[]`): Node's
  // parser, not qs, whose nested objects no endpoint reads and which was ≈ 10% of the search API's
  // tax (ADR 065).
  app.set('query parser', 'simple')
  app.disable('x-powered-by')

  // Remix's fingerprinted assets never change under the same name. Served first, with only the
  // headers a script or stylesheet uses: the pages' policy, HSTS and framing headers and the
  // request id were ≈ 1 KB on each of a page's 20–30 files, a quarter of a phone's first load
  // over slow 4G (issue 41). Validators are useless for an immutable file.
  const compress = compression()
  app.use(
    '/build',
    compress,
    express.static(path.join(buildDir(), 'assets'), {
      immutable: true,
      maxAge: '1y',
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff')
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
      },
    }),
  )

  app.use(
    requestLogger(ctx.logger, {
      ignore: (req) => req.url === '/api/v1/health',
    }),
  )
  // Every API answer is `no-store`: an ETag (a SHA-1 of each body) would never be asked for.
  app.set('etag', false)
  // The API answers JSON, which runs no script and is never framed: a fixed policy that allows
  // nothing, without the per-request nonce the pages need. Not compressed: its clients (the
  // pages' loaders over loopback, the CLI) never ask for it, and a reverse proxy compresses for
  // anyone else; compressing nothing still cost ≈ 5% of the searches per second (ADR 030).
  app.use('/api/v1', apiSecurityHeaders(ctx.config.isProduction), createApiRouter(ctx))

  app.use(compress)

  // The API reference page (ADR 038): its own strict policy, before the pages' one.
  app.use('/api/docs', createApiDocsRouter({ isProduction: ctx.config.isProduction }))

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    next()
  })
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'base-uri': ["'self'"],
          'connect-src': ["'self'"],
          'font-src': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          // Question videos only, through the privacy-enhanced player, loaded on request (issue 12).
          'frame-src': ['https://www.youtube-nocookie.com'],
          'img-src': ["'self'", 'data:'],
          'object-src': ["'none'"],
          'script-src': ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          'script-src-attr': ["'none'"],
          // Charts set style attributes; no script runs from styles.
          'style-src': ["'self'", "'unsafe-inline'"],
        },
      },
      ...COMMON_HEADERS,
      strictTransportSecurity: ctx.config.isProduction,
    }),
  )

  // The sandbox payment provider's hosted checkout (PAYMENT_PROVIDER=sandbox only).
  app.use(createSandboxCheckoutRouter(ctx))
  app.get('/version.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache')
    res.json(buildInfo())
  })

  const publicDir = options.publicDir ?? path.join(projectRoot(), 'public')
  app.use(express.static(publicDir, { maxAge: '1h' }))

  if (options.remixBuild) {
    const secret = ctx.config.sessionSecret
    const remixBuild = options.remixBuild
    const build = typeof remixBuild === 'function' ? async () => guardActions(await remixBuild(), secret) : guardActions(remixBuild, secret)
    // With API_URL unset the API is this app: the loaders hand it their calls without a socket.
    const api = ctx.config.API_URL === undefined ? inProcessDispatch(app) : undefined
    app.use(pageGuard({ secret, secure: ctx.config.isProduction }))
    app.all(
      '*',
      remixHandler({
        build,
        mode: ctx.config.isProduction ? 'production' : 'development',
        getLoadContext: (req, res): LoadContext => ({
          cspNonce: res.locals.cspNonce as string,
          requestId: String(req.id),
          log: req.log,
          clientIp: req.ip ?? '127.0.0.1',
          csrfToken: res.locals.csrfToken as string,
          documentRequest: req.method === 'GET' && req.query._data === undefined,
          // A POST is left out, so a page rendered after an action reads everything afresh.
          perRequest: req.method === 'GET' ? new Map() : undefined,
          api,
        }),
      }),
    )
    // Instead of Express's default handler, which prints the stack with console.error at any LOG_LEVEL.
    app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
      req.log.error({ err: error }, 'erro ao responder a página')
      // Half an answer already went out: cut it off rather than append a second one.
      if (res.headersSent) return void res.destroy()
      res.status(500).type('html').send(refusalPage(500, 'Erro interno do servidor. Tente novamente em instantes.'))
    })
  }
  return app
}
