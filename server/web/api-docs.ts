import crypto from 'node:crypto'
import path from 'node:path'

import { apiReference } from '@scalar/express-api-reference'
import type { Response } from 'express'
import { Router } from 'express'
import helmet from 'helmet'

import { projectRoot } from '../paths'

// The API reference at /api/docs (ADR 038): Scalar's Express middleware renders the page, which
// loads Scalar's standalone browser bundle from this server (no CDN: the server may have no
// internet, and the pages' policy allows no other origin) and reads /api/v1/openapi.json.
// Its own CSP: scripts from 'self' and this answer's nonce only; the pages' policy is untouched.

const BUNDLE = '/api/docs/scalar.js'

function docsSecurityHeaders(isProduction: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'base-uri': ["'none'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'form-action': ["'none'"],
        'frame-ancestors': ["'none'"],
        'img-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.docsNonce}'`],
        'script-src-attr': ["'none'"],
        // Scalar sets style attributes and injects its stylesheet at run time; no script runs from styles.
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction,
  })
}

export function createApiDocsRouter(options: { isProduction: boolean }) {
  const router = Router()
  const headers = docsSecurityHeaders(options.isProduction)
  router.use((_req, res, next) => {
    res.locals.docsNonce = crypto.randomBytes(16).toString('base64')
    next()
  })
  router.get('/scalar.js', headers, (_req, res) => {
    res.sendFile(path.join(projectRoot(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js'), {
      maxAge: '1d',
      headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
    })
  })
  router.get('/', headers, (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    apiReference({
      url: '/api/v1/openapi.json',
      cdn: BUNDLE,
      nonce: res.locals.docsNonce as string,
      pageTitle: 'Gabarita — referência da API',
      // Scalar's fonts come from its own CDN: the system fonts instead.
      withDefaultFonts: false,
      // What would talk to scalar.com (the AI chat, MCP, telemetry, its toolbar): off, and the CSP
      // would block it anyway.
      agent: { disabled: true },
      mcp: { disabled: true },
      telemetry: false,
      showDeveloperTools: 'never',
      hideClientButton: true,
    })(req as never, res, next)
  })
  return router
}
