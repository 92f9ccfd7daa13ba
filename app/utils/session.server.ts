import crypto from 'node:crypto'

import type { AppLoadContext } from '@remix-run/node'
import { createCookieSessionStorage, json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { ApiError } from '#server/client/core'
import type { UserJson } from '#server/features/auth/contract'
import { authApi } from '#server/features/auth/contract'
import { billingApi } from '#server/features/plans/contract'
import { SESSION_COOKIE } from '#server/web/session-cookie'

import { apiFor, formError, oncePerRequest } from './api.server'
import { LoginFormSchema } from './auth-schemas'
import { webConfig } from './env.server'
import { parseForm } from './form-schema.server'
import type { ToastInput } from './toast.server'
import { createToastHeaders, redirectWithToast } from './toast.server'

type SessionData = {
  /** The API bearer token, encrypted (sealToken): lives only in this HttpOnly cookie. */
  token: string
  remember: boolean
  /** Seed of the visitor's stable random order on /questoes. */
  searchSeed: string
}

// The pages' session: the HttpOnly cookie that carries the API's token (sealed), the login and
// logout, and the guards a loader or action calls (requireUser, requireAdmin…). The token's own
// life (issue, lookup, cache, revocation) is the API's: server/api/session.ts; the cookie's name is
// server/web/session-cookie.ts's, which the page handler reads before Remix runs.

/** Remembered logins keep the cookie this long; others end with the browser session. */
export const REMEMBER_MAX_AGE = 60 * 60 * 24 * 30

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined
export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: webConfig().isProduction,
      secrets: [webConfig().sessionSecret],
    },
  })
  return storage
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('cookie'))
}

export async function commitSession(session: Awaited<ReturnType<typeof getSession>>) {
  const remember = session.get('remember') === true
  return sessionStorage().commitSession(session, remember ? { maxAge: REMEMBER_MAX_AGE } : {})
}

export async function destroySession(session: Awaited<ReturnType<typeof getSession>>) {
  return sessionStorage().destroySession(session)
}

// The cookie is signed, not secret: its JSON is readable by whoever holds it (a shared
// computer, a log, a proxy). The token inside is sealed with AES-256-GCM under a key
// derived from SESSION_SECRET, so the cookie alone never reveals a usable API token.
let sealKey: { secret: string; key: Buffer } | undefined
function tokenKey() {
  const secret = webConfig().sessionSecret
  if (sealKey?.secret !== secret) sealKey = { secret, key: crypto.createHash('sha256').update(`session-token:${secret}`).digest() }
  return sealKey.key
}

export function sealToken(token: string) {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', tokenKey(), iv)
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return ['v1', iv, data, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
}

export function unsealToken(sealed: string | undefined): string | null {
  const [version, iv, data, tag] = (sealed ?? '').split('.')
  if (version !== 'v1' || !iv || !data || !tag) return null
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', tokenKey(), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** The visitor's API token, or null (no session, or a cookie that does not decrypt). */
export function tokenOf(session: Awaited<ReturnType<typeof getSession>>) {
  return unsealToken(session.get('token'))
}

export async function getToken(request: Request) {
  return tokenOf(await getSession(request))
}

/** The signed-in visitor's plan policy (features, limits), read once per page load. */
export async function policyOf(request: Request, context: AppLoadContext) {
  const token = await getToken(request)
  // Signed in: the policy came with /auth/me, which the root loader reads on every page.
  if (token) return (await sessionOf(context, token)).policy
  return oncePerRequest(context, 'policy', async () => call(apiFor(context, token), billingApi.policy))
}

/**
 * The API's time for a signed-in visitor (the clock that stamps their answers), read with
 * /auth/me: a page compares it with the API's stamps, never its own machine's clock. Null for a
 * visitor.
 */
export async function apiNow(request: Request, context: AppLoadContext): Promise<Date | null> {
  const token = await getToken(request)
  return token ? new Date((await sessionOf(context, token)).now) : null
}

/** Who is signed in and what their plan allows: one /auth/me per page load, shared by its loaders. */
function sessionOf(context: AppLoadContext, token: string) {
  return oncePerRequest(context, 'me', () => call(apiFor(context, token), authApi.me))
}

/** An API client for this visitor, with their token when signed in. */
export async function apiForRequest(request: Request, context: AppLoadContext) {
  return apiFor(context, await getToken(request))
}

// Backslashes (read as `/`) and control characters never belong in a target's path, even
// percent-decoded: a later decode (a proxy, another redirect) must not turn them into `//`.
const UNSAFE_PATH = /[\u0000-\u001F\u007F\\]/
const ORIGIN = 'https://gabarita.invalid'

/**
 * The app's one check of a return address (login, logout, theme, cadastrar, the question
 * tools' `voltar`/`redirectTo`). It judges what the browser will follow, not the raw text:
 * the WHATWG URL parser drops tabs and newlines and resolves dot segments (`%2e%2e` too), so
 * `/questoes/..//evil.example` is `//evil.example`. The result must stay on our origin, its
 * path must not start with `//` or `/\`, and what is returned is that normalized
 * path+search+hash (which parses back to itself); anything else gives `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard') {
  if (!to || typeof to !== 'string' || to.length > 2000) return fallback
  // NUL and the other controls a browser keeps (it drops tabs and newlines) are no address.
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(to)) return fallback
  // Only absolute paths: the browser would resolve anything else against the current page.
  if (
    !to
      .replace(/^[\u0000-\u0020]+/, '')
      .replace(/[\t\n\r]/g, '')
      .startsWith('/')
  )
    return fallback
  let url: URL
  let path: string
  try {
    url = new URL(to, ORIGIN)
    path = decodeURIComponent(url.pathname)
  } catch {
    return fallback
  }
  if (url.origin !== ORIGIN) return fallback
  if (/^\/[/\\]/.test(url.pathname) || /^\/[/\\]/.test(path) || UNSAFE_PATH.test(path)) return fallback
  const target = `${url.pathname}${url.search}${url.hash}`
  // What we send must be what we checked: parsed again, it lands on the same URL.
  if (new URL(target, ORIGIN).href !== url.href) return fallback
  return target
}

function currentPath(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/**
 * Any 401 from the API on a page: clear the session and send the visitor to
 * /login with 'Sessão expirada', coming back here afterwards.
 */
export async function logoutExpired(request: Request, redirectTo = currentPath(request)): Promise<never> {
  const session = await getSession(request)
  const headers = new Headers()
  headers.append('Set-Cookie', await destroySession(session))
  await createToastHeaders(request, { type: 'error', title: 'Sessão expirada' }, headers)
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`, { headers })
}

/** The forced password-change step, and what stays reachable while it is pending. */
export const CHANGE_PASSWORD_PATH = '/alterar-senha'
const RESET_ALLOWED_PATHS = new Set([CHANGE_PASSWORD_PATH, '/logout', '/admin/login'])

/**
 * The signed-in user, or null for a visitor (an expired token logs them out).
 * While a temporary password is pending, every other page redirects to the change step.
 */
export async function getOptionalUser(request: Request, context: AppLoadContext): Promise<UserJson | null> {
  const token = await getToken(request)
  if (!token) return null
  let user: UserJson
  try {
    user = (await sessionOf(context, token)).data
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return logoutExpired(request)
    throw error
  }
  const { pathname } = new URL(request.url)
  if (user.requires_password_reset && !RESET_ALLOWED_PATHS.has(pathname) && !pathname.startsWith('/resources/')) {
    throw redirect(CHANGE_PASSWORD_PATH)
  }
  return user
}

/** Stores the API token in the cookie session and redirects (with a toast when given). */
export async function createUserSession(
  request: Request,
  options: { token: string; remember: boolean; redirectTo: string; toast?: ToastInput },
) {
  const session = await getSession(request)
  session.set('token', sealToken(options.token))
  session.set('remember', options.remember)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(session))
  if (options.toast) await createToastHeaders(request, options.toast, headers)
  return redirect(options.redirectTo, { headers })
}

/** Pages for visitors only (/login, /cadastrar): a signed-in user goes on to the dashboard. */
export async function requireAnonymous(request: Request, context: AppLoadContext) {
  const user = await getOptionalUser(request, context)
  if (user) throw redirect(user.is_admin && new URL(request.url).pathname.startsWith('/admin') ? '/admin' : '/dashboard')
}

/**
 * Guards a form only a signed-in visitor may send (answer, notes, notebooks, forum, …): a visitor
 * is sent to /login with 'Login necessário' and `why`, and comes back to `back` after signing in.
 * Throws that redirect; returns nothing when there is a session.
 */
export async function requireLoginToAct(request: Request, back: string, why: string) {
  if (await getToken(request)) return
  throw await redirectWithToast(
    `/login?${new URLSearchParams({ redirectTo: back })}`,
    { type: 'error', title: 'Login necessário', description: why },
    { request },
  )
}

/** Guards a page: visitors go to /login and come back here after signing in. */
export async function requireUser(request: Request, context: AppLoadContext) {
  const user = await getOptionalUser(request, context)
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: currentPath(request) })}`)
  return user
}

/** Guards /admin/*: visitors go to /admin/login, students get a 403 page. */
export async function requireAdmin(request: Request, context: AppLoadContext) {
  const user = await getOptionalUser(request, context)
  if (!user) throw redirect(`/admin/login?${new URLSearchParams({ redirectTo: currentPath(request) })}`)
  if (!user.is_admin) throw new Response('Acesso restrito a administradores', { status: 403 })
  return user
}

/** Guards the analysis desk (/professor): visitors go to /login, a student gets a 403 page. */
export async function requireProfessor(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context)
  if (!user.is_professor) throw new Response('Acesso restrito a professores', { status: 403 })
  return user
}

/** Runs an API call for a page; a 401 becomes the 'Sessão expirada' path. */
export async function withSession<T>(request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return logoutExpired(request)
    throw error
  }
}

/**
 * The login form's action, shared by /login and /admin/login. Errors come back
 * next to the form (the password is never echoed back).
 */
export async function handleLogin(request: Request, context: AppLoadContext, options: { adminOnly?: boolean } = {}) {
  const formData = await request.formData()
  const submission = await parseForm(formData, LoginFormSchema)
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const { email, password, remember = false, redirectTo } = submission.value
  // Wrong credentials mark the password field (invalid, described by the message); other
  // failures (rate limit, server down, not an admin) stay the form's.
  const fail = (message: string, status: number) =>
    json(
      {
        result: submission.reply(
          status === 401
            ? { fieldErrors: { password: [message] }, hideFields: ['password'] }
            : { formErrors: [message], hideFields: ['password'] },
        ),
      },
      { status },
    )
  let result
  try {
    result = await call(apiFor(context), authApi.login, { body: { email, password, remember } })
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao fazer login')
    return fail(message, status)
  }
  if (options.adminOnly && !result.user.is_admin) {
    // Not an administrator: the token is not kept.
    await call(apiFor(context, result.token), authApi.logout).catch(() => {})
    return fail('Acesso restrito a administradores', 403)
  }
  if (result.requires_password_reset) {
    return createUserSession(request, {
      token: result.token,
      remember: false,
      redirectTo: CHANGE_PASSWORD_PATH,
      toast: { type: 'warning', title: result.message || 'É necessário alterar sua senha para continuar.' },
    })
  }
  return createUserSession(request, {
    token: result.token,
    remember,
    redirectTo: safeRedirect(redirectTo, options.adminOnly ? '/admin' : '/dashboard'),
    toast: { type: 'success', title: 'Login realizado com sucesso!' },
  })
}
