import crypto from 'node:crypto'

import { and, eq, gt, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { apiTokens, users } from '../../db/schema'
import { sessionCacheOf } from '../../db/session-cache'

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
