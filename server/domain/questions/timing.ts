import crypto from 'node:crypto'

// How long an answer took (issue 12, ADR 018). The API hands every card it shows a signed
// "shown at" token bound to the user and the question; the answer brings it back and the
// server stores the seconds in between. The key never leaves the server, so a client cannot
// make a token for another time, user or question: a token that does not verify is no time
// (null), never an error, because the answer itself still counts.

/** Times above this are stored as this: a card left open for an hour was not read for an hour. */
export const MAX_ELAPSED_SECONDS = 1800
/** Older tokens are expired (null): the card was shown in another study session. */
export const SHOWN_TOKEN_TTL_SECONDS = 12 * 3600
/** A token a little in the future (clock steps between processes) still counts as now. */
const CLOCK_SKEW_SECONDS = 5
/** 96 bits in base64url. */
const SIGNATURE_CHARS = 16

const keys = new Map<string, Buffer>()
/** A key of its own, derived from the session secret (nothing else is signed with it). */
function keyFor(secret: string) {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.createHmac('sha256', secret).update('gabarita-shown-at-v1').digest()
    keys.set(secret, key)
  }
  return key
}

/**
 * The MAC of `userId:seconds` for one question: an HMAC per response (user and time are the
 * same for every card of a page), then, per card, SHA-256 over that secret and the question id,
 * truncated to 96 bits. The truncation leaves nothing to extend (a keyed SHA-256 is unfit as a
 * MAC only through length extension, which needs the whole digest). Twenty createHmac objects
 * per page were ≈ 9% of a signed-in search's throughput (ADR 030).
 */
function pageKey(secret: string, userId: string, seconds: number) {
  return crypto.createHmac('sha256', keyFor(secret)).update(`${userId}:${seconds}`).digest('base64url')
}

function sign(key: string, questionId: number) {
  return crypto.hash('sha256', `${key}:${questionId}`, 'base64url').slice(0, SIGNATURE_CHARS)
}

/** `<unix seconds, base 36>.<truncated MAC>`: about 23 characters, sent once per card. */
export function issueShownToken(secret: string, userId: string, questionId: number, at: Date) {
  return shownTokens(secret, userId, at)(questionId)
}

function shownTokens(secret: string, userId: string, at: Date) {
  const seconds = Math.floor(at.getTime() / 1000)
  const prefix = `${seconds.toString(36)}.`
  const key = pageKey(secret, userId, seconds)
  return (questionId: number) => prefix + sign(key, questionId)
}

/**
 * The second the card was shown, from its token: null when the token is missing, malformed or
 * signed for another user or question.
 */
export function shownAtFromToken(secret: string, token: string | null | undefined, userId: string, questionId: number): number | null {
  const match = /^([0-9a-z]{1,9})\.([A-Za-z0-9_-]{16})$/.exec(token ?? '')
  if (!match) return null
  const seconds = parseInt(match[1], 36)
  const expected = Buffer.from(sign(pageKey(secret, userId, seconds), questionId))
  const given = Buffer.from(match[2])
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? seconds : null
}

/**
 * Seconds between the token's time and `now`, capped at MAX_ELAPSED_SECONDS; null when the
 * token does not verify (shownAtFromToken), is from the future or older than SHOWN_TOKEN_TTL_SECONDS.
 */
export function elapsedFromToken(
  secret: string,
  token: string | null | undefined,
  userId: string,
  questionId: number,
  now: Date,
  /** Seconds the client held the card before showing it (a page fetched ahead): taken off, never more than the whole. */
  shownAfter = 0,
): number | null {
  return elapsedSince(shownAtFromToken(secret, token, userId, questionId), now, shownAfter)
}

/** elapsedFromToken's figure from a second already read off a verified token (null: none). */
export function elapsedSince(shownAtSeconds: number | null, now: Date, shownAfter = 0): number | null {
  if (shownAtSeconds === null) return null
  const elapsed = Math.floor(now.getTime() / 1000) - shownAtSeconds
  if (elapsed < -CLOCK_SKEW_SECONDS || elapsed > SHOWN_TOKEN_TTL_SECONDS) return null
  // The client may only shorten the time (as reloading the card would), down to nothing.
  const held = Math.min(Math.max(shownAfter, 0), Math.max(elapsed, 0))
  return Math.min(Math.max(elapsed - held, 0), MAX_ELAPSED_SECONDS)
}

/** The cards as the API sends them to a signed-in caller: each given its shown-at token (in place). */
export function withShownTokens<T extends { id: number }>(
  secret: string,
  userId: string | undefined,
  cards: T[],
  at: Date,
): (T & { shown_token?: string })[] {
  if (!userId) return cards
  const tokenFor = shownTokens(secret, userId, at)
  for (const card of cards as (T & { shown_token?: string })[]) card.shown_token = tokenFor(card.id)
  return cards
}
