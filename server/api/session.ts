import crypto from 'node:crypto'

import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { NextFunction, Request, Response } from 'express'

import type { AppContext } from '../context'
import type { Db, OpenOptions } from '../db/index'
import { openDatabase } from '../db/index'
import { apiTokens, users } from '../db/schema'
import { planPeriodEnded, withCurrentPlan } from '../features/plans/index'
import { requestAccessor } from '../shared/request-accessor'
import { handler, HttpError } from './http'

// The API's session, whole: the bearer token (issued, looked up, revoked), the server's cache of
// the sessions it read in the last seconds (ADR 030), and the middleware that signs a request in
// and the guards that require a user, an administrator or a professor. The pages' session (the
// HttpOnly cookie that carries the token) is app/utils/session.server.ts.

/** Long when the user asked to be remembered, short otherwise; a password-change token lives an hour. */
export const TOKEN_TTL_MS = {
  remember: 30 * 24 * 60 * 60 * 1000,
  session: 12 * 60 * 60 * 1000,
  passwordChange: 60 * 60 * 1000,
} as const

/**
 * Tokens issued by a temporary-password login start with this (ADR 009): such a token may
 * only change the password. The prefix is part of what is hashed, so it cannot be added to or
 * taken off a token; base64url never contains '.', so no ordinary token starts with it.
 */
export const PASSWORD_CHANGE_PREFIX = 'troca.'

export function hashToken(token: string) {
  // One-shot: no Hash object per API call for the GC to finalise.
  return crypto.hash('sha256', token, 'hex')
}

/** An opaque random token; only its hash is stored. */
export async function createApiToken(
  db: Db,
  userId: string,
  now: Date,
  options: { remember?: boolean; passwordChangeOnly?: boolean } = {},
) {
  const body = crypto.randomBytes(32).toString('base64url')
  const token = options.passwordChangeOnly ? `${PASSWORD_CHANGE_PREFIX}${body}` : body
  const remember = options.passwordChangeOnly ? false : (options.remember ?? false)
  const ttl = options.passwordChangeOnly ? TOKEN_TTL_MS.passwordChange : remember ? TOKEN_TTL_MS.remember : TOKEN_TTL_MS.session
  const expiresAt = new Date(now.getTime() + ttl)
  await db.insert(apiTokens).values({ userId, tokenHash: hashToken(token), remember, expiresAt })
  return { token, expiresAt }
}

/**
 * The user behind a token. `requiresPasswordReset` here describes the token, not the
 * account: true only for a token from a temporary-password login that has not yet changed
 * the password (the users column of that name is no longer read).
 */
export type AuthUser = typeof users.$inferSelect

function prepareTokenLookup(db: Db) {
  return db
    .select({ user: users, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_user_by_token')
}
// Every API call with a token runs this: prepared once per database, planned once per connection.
const tokenLookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookup>>()

async function liveToken(db: Db, tokenHash: string, now: Date) {
  let lookup = tokenLookups.get(db)
  if (!lookup) tokenLookups.set(db, (lookup = prepareTokenLookup(db)))
  const rows = await lookup.execute({ tokenHash, now })
  return rows[0] ?? null
}

export type TokenSession = { user: AuthUser; tokenHash: string; passwordChangeOnly: boolean }

/**
 * The session this server read for a token in the last seconds (ADR 030), if it still holds one:
 * no promise, no database. `findUserByToken` answers the same for it; anything else goes there.
 */
export function cachedSession(db: Db, token: string, now: Date): TokenSession | undefined {
  return sessionCacheOf<TokenSession>(db)?.get(hashToken(token), now.getTime())
}

/** The user behind a live token, or null when it is unknown, expired or revoked. */
export async function findUserByToken(db: Db, token: string, now: Date): Promise<TokenSession | null> {
  const sentHash = hashToken(token)
  // The server reuses a session it read in the last seconds; any change to the account or its
  // tokens drops it first (ADR 030).
  const cache = sessionCacheOf<TokenSession>(db)
  const cached = cache?.get(sentHash, now.getTime())
  if (cached) return cached
  const began = cache?.begin() ?? 0
  const found = await readSession(db, token, sentHash, now)
  if (found && cache) cache.store(sentHash, found.session, found.session.user.id, found.expiresAt, began, now.getTime())
  return found?.session ?? null
}

async function readSession(db: Db, token: string, sentHash: string, now: Date) {
  const live = await liveToken(db, sentHash, now)
  if (live) {
    const passwordChangeOnly = token.startsWith(PASSWORD_CHANGE_PREFIX)
    const session = { user: { ...live.user, requiresPasswordReset: passwordChangeOnly }, tokenHash: sentHash, passwordChangeOnly }
    return { session, expiresAt: live.expiresAt }
  }
  // A password-change token that completed its change lives on as a full session under
  // the hash of its random part (see upgradePasswordChangeToken).
  if (token.startsWith(PASSWORD_CHANGE_PREFIX)) {
    const fullHash = hashToken(token.slice(PASSWORD_CHANGE_PREFIX.length))
    const upgraded = await liveToken(db, fullHash, now)
    if (upgraded) {
      const session = { user: { ...upgraded.user, requiresPasswordReset: false }, tokenHash: fullHash, passwordChangeOnly: false }
      return { session, expiresAt: upgraded.expiresAt }
    }
  }
  return null
}

/**
 * After the forced change, the same token becomes a full session: its random part is stored
 * as an ordinary token (a session's lifetime) and the change-only row is revoked. Returns the
 * hash that now identifies the session.
 */
export async function upgradePasswordChangeToken(db: Db, userId: string, token: string, now: Date) {
  if (!token.startsWith(PASSWORD_CHANGE_PREFIX)) throw new Error('não é um token de troca de senha')
  const fullHash = hashToken(token.slice(PASSWORD_CHANGE_PREFIX.length))
  await db.transaction(async (tx) => {
    await tx
      .insert(apiTokens)
      .values({ userId, tokenHash: fullHash, remember: false, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.session) })
    await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(eq(apiTokens.tokenHash, hashToken(token)))
  })
  return fullHash
}

export async function revokeToken(db: Db, tokenHash: string, now: Date) {
  await db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.tokenHash, tokenHash))
}

export async function revokeAllTokens(db: Db, userId: string, now: Date) {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
}

// ─── The sessions this server read in the last seconds (ADR 030) ───

/** Where the database announces a changed account or token (server/db/sql/005-session-changes.sql). */
export const SESSIONS_CHANNEL = 'gabarita_sessions'
/** How long a session is reused without asking the database: the limit if a notice is ever lost. */
export const SESSION_CACHE_TTL_MS = 10_000
const MAX_SESSIONS = 10_000

type Entry<S> = { session: S; userId: string; until: number }

/**
 * The sessions behind the tokens this server saw in the last seconds (ADR 030): an API call
 * then costs no token lookup. Only the server process keeps one (`openDatabase` with
 * `sessionCache`), and only while it hears the database's notices: every connection of its pool
 * LISTENs, so a change this process commits is heard before its own query returns, and one
 * another server commits a moment later. With no connection open nothing is reused.
 */
export class SessionCache<S = unknown> {
  private readonly entries = new Map<string, Entry<S>>()
  /** Bumped by every change heard: a lookup that began before one must not store what it read. */
  private generation = 0
  private listening = false

  constructor(readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** The moment a lookup begins; `store` compares it. */
  begin() {
    return this.generation
  }

  get(tokenHash: string, now: number): S | undefined {
    if (!this.listening) return undefined
    const entry = this.entries.get(tokenHash)
    if (!entry) return undefined
    if (entry.until > now) return entry.session
    this.entries.delete(tokenHash)
    return undefined
  }

  /** Keeps a live token's session until the TTL or the token's own expiry, whichever is first. */
  store(tokenHash: string, session: S, userId: string, expiresAt: Date, began: number, now: number) {
    if (!this.listening || began !== this.generation) return
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size >= MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(tokenHash, { session, userId, until: Math.min(now + this.ttlMs, expiresAt.getTime()) })
  }

  /** An account or one of its tokens changed: its sessions are read afresh. */
  forgetUser(userId: string) {
    this.generation++
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash)
  }

  /** The notices are heard (true) or may be missed (false): either way, start from nothing. */
  setListening(listening: boolean) {
    this.generation++
    this.entries.clear()
    this.listening = listening
  }

  /** The database's notices start (true: once is enough) or may be missed from now on (false). */
  hearing(on: boolean) {
    if (!on || !this.listening) this.setListening(on)
  }

  get isListening() {
    return this.listening
  }
}

const caches = new WeakMap<Db, SessionCache>()

function sessionCacheOf<S>(db: Db) {
  return caches.get(db) as SessionCache<S> | undefined
}

/**
 * Opens the database for the server process with its session cache: every connection LISTENs on
 * SESSIONS_CHANNEL (server/db/sql/005-session-changes.sql) and a change heard drops the account's
 * sessions; while nothing is heard nothing is reused.
 */
export async function openDatabaseWithSessions(options: OpenOptions, cache = new SessionCache()) {
  const database = await openDatabase({
    ...options,
    listen: { channel: SESSIONS_CHANNEL, heard: (userId) => cache.forgetUser(userId), hearing: (on) => cache.hearing(on) },
  })
  caches.set(database.db, cache)
  return database
}

// ─── Signing a request in, and the guards ───

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
    signIn(req, token, found, await withCurrentPlan(ctx, found.user))
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
