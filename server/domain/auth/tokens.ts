import crypto from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/index'
import { apiTokens, users } from '../../db/schema'

/** Long when the user asked to be remembered, short otherwise. */
export const TOKEN_TTL_MS = {
  remember: 30 * 24 * 60 * 60 * 1000,
  session: 12 * 60 * 60 * 1000,
} as const

export function hashToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** An opaque random token; only its hash is stored. */
export async function createApiToken(db: Db, userId: string, options: { remember?: boolean } = {}) {
  const token = crypto.randomBytes(32).toString('base64url')
  const remember = options.remember ?? false
  const expiresAt = new Date(Date.now() + (remember ? TOKEN_TTL_MS.remember : TOKEN_TTL_MS.session))
  await db.insert(apiTokens).values({ userId, tokenHash: hashToken(token), remember, expiresAt })
  return { token, expiresAt }
}

export type AuthUser = typeof users.$inferSelect

function prepareTokenLookup(db: Db) {
  return db
    .select({ user: users })
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

/** The user behind a live token, or null when it is unknown, expired or revoked. */
export async function findUserByToken(db: Db, token: string) {
  const tokenHash = hashToken(token)
  let lookup = tokenLookups.get(db)
  if (!lookup) tokenLookups.set(db, (lookup = prepareTokenLookup(db)))
  const rows = await lookup.execute({ tokenHash, now: new Date() })
  const row = rows[0]
  return row ? { user: row.user, tokenHash } : null
}

export async function revokeToken(db: Db, tokenHash: string) {
  await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.tokenHash, tokenHash))
}

export async function revokeAllTokens(db: Db, userId: string) {
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
}
