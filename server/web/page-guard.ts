import crypto from 'node:crypto'

import type { ServerBuild } from '@remix-run/node'
import type { RequestHandler } from 'express'

import { bodyLimitFor, boundedBody, declaredTooLarge } from './body-limit'

// The defences every page request goes through before Remix sees it (ADR 012):
// - an origin check on every state-changing request (documents, `?_data=` requests and
//   resource routes alike: Remix's own check skips `_data`);
// - a CSRF token per browser in a signed HttpOnly cookie that every page form repeats in a
//   hidden field (the Epic Stack's double submit), checked before any action runs;
// - bad input answered with a Portuguese 4xx instead of reaching a loader or action:
//   NUL and other control bytes, broken percent-encoding, bodies that are not a form;
// - a size limit on every body (server/web/body-limit.ts), checked before it is read.

export const CSRF_COOKIE = '__csrf'
export const CSRF_FIELD = 'csrf'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export const MESSAGES = {
  crossSite: 'Requisição recusada: o formulário não veio do Gabarita. Volte à página e envie de novo.',
  csrf: 'Seu formulário expirou. Recarregue a página e envie de novo.',
  badUrl: 'Endereço inválido.',
  badChars: 'Caracteres inválidos na requisição.',
  notForm: 'Formulário inválido: envie os dados pelo formulário da página.',
  brokenForm: 'Formulário incompleto ou inválido. Envie de novo.',
  tooLarge: 'Envio grande demais: o formulário passou do tamanho aceito. Reduza o conteúdo e envie de novo.',
} as const

function mac(token: string, secret: string) {
  return crypto.createHmac('sha256', secret).update(`csrf:${token}`).digest('base64url')
}

/** The token in a cookie header, when the cookie is there and its signature holds. */
export function readCsrfCookie(cookieHeader: string | null | undefined, secret: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== CSRF_COOKIE) continue
    const [token, sig] = rest.join('=').split('.')
    if (!token || !sig) return null
    const expected = Buffer.from(mac(token, secret))
    const given = Buffer.from(sig)
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? token : null
  }
  return null
}

function sameToken(a: string, b: string) {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

// C0 controls (tab, newline and NUL included) and DEL: none belongs in one of our URLs.
const CONTROL = /[\u0000-\u001F\u007F]/

/** A plain page for the refusals that happen before Remix renders anything. */
export function refusalPage(status: number, message: string) {
  const title =
    status === 403 ? 'Acesso negado' : status === 413 ? 'Envio grande demais' : status >= 500 ? 'Erro no servidor' : 'Requisição inválida'
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — Gabarita</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a}a{color:#1d4ed8}</style></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Voltar para o início</a></p></main></body></html>`
}

function refuse(res: Parameters<RequestHandler>[1], status: number, message: string, wantsJson: boolean) {
  res.status(status)
  if (wantsJson) res.json({ error: message })
  else res.type('html').send(refusalPage(status, message))
}

export type PageGuardOptions = { secret: string; secure: boolean }

/** Express middleware in front of the Remix handler. */
export function pageGuard({ secret, secure }: PageGuardOptions): RequestHandler {
  return (req, res, next) => {
    const wantsJson = req.query._data !== undefined
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    // Every refusal here comes before the body is read, and closes the connection: kept alive,
    // Node would read (and discard) the rest of the body first, however long (issue 37 §5: a
    // chunked 200 MB POST without the token cookie was read whole after its 403).
    const refuseUnread = (status: number, message: string) => {
      if (hasBody) res.set('Connection', 'close')
      refuse(res, status, message, wantsJson)
    }
    let decoded: string
    try {
      decoded = decodeURIComponent(req.originalUrl)
    } catch {
      return refuseUnread(400, MESSAGES.badUrl)
    }
    if (CONTROL.test(decoded)) return refuseUnread(400, MESSAGES.badChars)

    const limit = bodyLimitFor(req)
    const tooLarge = () => refuseUnread(413, MESSAGES.tooLarge)
    if (hasBody && declaredTooLarge(req, limit)) return tooLarge()

    if (STATE_CHANGING.has(req.method)) {
      // Browsers send Sec-Fetch-Site on every request (a sibling subdomain is 'same-site',
      // refused too); older ones at least send Origin on a POST. A client sending neither
      // is no browser, and still has to pass the token check.
      const site = req.headers['sec-fetch-site']
      const origin = req.headers.origin
      const ownOrigin = `${req.protocol}://${req.get('host')}`
      if ((site && site !== 'same-origin') || (origin !== undefined && origin !== ownOrigin)) {
        return refuseUnread(403, MESSAGES.crossSite)
      }
      // Page actions take forms only: refused here, before any loader or action runs.
      if (!req.is(FORM_TYPES)) return refuseUnread(400, MESSAGES.notForm)
      // No token cookie, no action can run (checkActionRequest): refused before the body is read.
      if (!readCsrfCookie(req.headers.cookie, secret)) return refuseUnread(403, MESSAGES.csrf)
    }

    let token = readCsrfCookie(req.headers.cookie, secret)
    // Issued by document loads only: a cookieless fetch still in flight after the cookies were
    // cleared (a data request, the route discovery's /__manifest) must not replace the token the
    // next page's forms already carry: the login after it was refused as an expired form.
    const dest = req.headers['sec-fetch-dest']
    const fetched = wantsJson || req.path === '/__manifest' || (dest !== undefined && dest !== 'document')
    if (!token && (req.method !== 'GET' || fetched)) token = ''
    else if (!token) {
      token = crypto.randomBytes(24).toString('base64url')
      res.append('Set-Cookie', `${CSRF_COOKIE}=${token}.${mac(token, secret)}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`)
    }
    res.locals.csrfToken = token
    // Remix reads the body from this stream (server/web/remix-handler.ts), never from req itself.
    if (hasBody)
      res.locals.body = boundedBody(req, limit, () => {
        if (!res.headersSent) tooLarge()
        else req.destroy()
      })
    next()
  }
}

function reject(status: number, message: string): never {
  throw new Response(message, { status, statusText: message, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** Runs before every action: the form must parse whole, free of control bytes, carrying the token. */
export async function checkActionRequest(request: Request, secret: string) {
  let form: FormData
  try {
    // A clone: the action still reads (or streams) the body itself.
    form = await request.clone().formData()
  } catch {
    reject(400, MESSAGES.brokenForm)
  }
  for (const [name, value] of form.entries()) {
    const text = typeof value === 'string' ? value : value.name
    // Tabs and line breaks are normal in a textarea; NUL and the other controls are not.
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text) || name.includes('\u0000')) reject(400, MESSAGES.badChars)
  }
  const cookieToken = readCsrfCookie(request.headers.get('cookie'), secret)
  const formToken = form.get(CSRF_FIELD)
  if (!cookieToken || typeof formToken !== 'string' || !sameToken(cookieToken, formToken)) reject(403, MESSAGES.csrf)
}

/** The same build with every route action behind `checkActionRequest`. */
export function guardActions(build: ServerBuild, secret: string): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const action = route.module.action
      if (!action) return [id, route]
      const guarded: typeof action = async (args) => {
        await checkActionRequest(args.request, secret)
        return action(args)
      }
      return [id, { ...route, module: { ...route.module, action: guarded } }]
    }),
  )
  return { ...build, routes }
}
