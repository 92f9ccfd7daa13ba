import type { NextFunction, Request, Response } from 'express'

import type { AppContext } from '../context'
import type { AuthUser, TokenSession } from '../domain/auth/tokens'
import { cachedSession, findUserByToken } from '../domain/auth/tokens'
import { billingDeps } from '../features/billing/registry'
import { planPeriodEnded, refreshUserPlan } from '../features/billing/subscriptions'
import { requestAccessor } from '../shared/request-accessor'
import { handler, HttpError } from './http'

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser
    tokenHash?: string
    /** The bearer token as sent (the forced password change turns it into a full session). */
    sessionToken?: string
    /** A token from a temporary-password login: it may only change the password. */
    passwordChangeOnly?: boolean
  }
}

// A signed-in request's session: one object under one symbol, which `req.user` and its three
// companions read (four properties added to each request were a measurable part of the search
// API's tax, ADR 065).
const SIGNED_IN = Symbol('gabarita.signedIn')
type SignedIn = Pick<Request, 'user' | 'tokenHash' | 'sessionToken' | 'passwordChangeOnly'>
for (const key of ['user', 'tokenHash', 'sessionToken', 'passwordChangeOnly'] as const)
  requestAccessor(key, (req) => (req as { [SIGNED_IN]?: SignedIn })[SIGNED_IN]?.[key])

function bearer(req: Request) {
  const header = req.get('authorization')
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : ''
}

const RESET_ALLOWED = new Set(['/auth/me', '/auth/logout', '/auth/change-temporary-password'])

/**
 * Resolves the bearer token when one is sent. A token that is sent but unknown,
 * expired or revoked is a 401 even on public routes, so clients drop it at once.
 */
export function loadUser(ctx: AppContext) {
  const lookup = handler(async (req, _res, next) => {
    const token = bearer(req)!
    const found = token ? await findUserByToken(ctx.db, token, ctx.clock()) : null
    if (!found) throw new HttpError(401, 'Sessão expirada')
    checkScope(req, found)
    // A subscription period that has ended is applied now (a no-op unless one has).
    signIn(req, token, found, await refreshUserPlan(billingDeps(ctx), found.user))
    next()
  })
  return (req: Request, res: Response, next: NextFunction) => {
    const token = bearer(req)
    if (token === null) return next()
    // A session this server read in the last seconds, on a plan whose period has not ended: the
    // same answer as the lookup below, without its promises (ADR 061).
    if (token) {
      const now = ctx.clock()
      const cached = cachedSession(ctx.db, token, now)
      if (cached && !planPeriodEnded(cached.user, now)) {
        try {
          checkScope(req, cached)
        } catch (error) {
          return next(error)
        }
        signIn(req, token, cached, cached.user)
        return next()
      }
    }
    lookup(req, res, next)
  }
}

/**
 * A temporary-password login opens only the change step (and me/logout). This is a property of
 * the token: a reset request never changes what other sessions may do.
 */
function checkScope(req: Request, found: TokenSession) {
  if (found.passwordChangeOnly && !RESET_ALLOWED.has(req.path)) {
    throw new HttpError(403, 'É necessário alterar sua senha para continuar.')
  }
}

function signIn(req: Request, token: string, found: TokenSession, user: AuthUser) {
  ;(req as { [SIGNED_IN]?: SignedIn })[SIGNED_IN] = {
    user,
    tokenHash: found.tokenHash,
    sessionToken: token,
    passwordChangeOnly: found.passwordChangeOnly,
  }
}

export function isAdmin(user: AuthUser | undefined) {
  return user?.planName === 'ADMIN'
}

/** A signed-in account, or 401 with `message` (a feature may say it in its own words). */
export function requireUser(message = 'Token não encontrado') {
  return (req: Request, _res: Response, next: NextFunction) => next(req.user ? undefined : new HttpError(401, message))
}

/** An administrator: a visitor gets 401 with `message`, anyone else 403. */
export function requireAdmin(message = 'Token de autenticação não encontrado') {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.user) return next(new HttpError(401, message))
    if (!isAdmin(req.user)) return next(new HttpError(403, 'Acesso restrito a administradores'))
    next()
  }
}

/** Who writes analyses (issue 40): a professor, or an administrator. */
export function isProfessor(user: AuthUser | undefined) {
  return Boolean(user?.isProfessor) || isAdmin(user)
}

/** The analysis desk: a visitor gets 401 with `message`, a student 403. */
export function requireProfessor(message = 'Token de autenticação não encontrado') {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.user) return next(new HttpError(401, message))
    if (!isProfessor(req.user)) return next(new HttpError(403, 'Acesso restrito a professores'))
    next()
  }
}

/** The authenticated user; only call after requireUser/requireAdmin. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw new HttpError(401, 'Token não encontrado')
  return req.user
}
