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
const SIGNATURE_BYTES = 12

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

function sign(secret: string, userId: string, questionId: number, seconds: number) {
  return crypto
    .createHmac('sha256', keyFor(secret))
    .update(`${userId}:${questionId}:${seconds}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url')
}

/** `<unix seconds, base 36>.<truncated HMAC>`: about 23 characters, sent once per card. */
export function issueShownToken(secret: string, userId: string, questionId: number, at: Date = new Date()) {
  const seconds = Math.floor(at.getTime() / 1000)
  return `${seconds.toString(36)}.${sign(secret, userId, questionId, seconds)}`
}

/**
 * Seconds between the token's time and `now`, capped at MAX_ELAPSED_SECONDS; null when the
 * token is missing, malformed, signed for another user or question, from the future or
 * older than SHOWN_TOKEN_TTL_SECONDS.
 */
export function elapsedFromToken(
  secret: string,
  token: string | null | undefined,
  userId: string,
  questionId: number,
  now: Date = new Date(),
): number | null {
  const match = /^([0-9a-z]{1,9})\.([A-Za-z0-9_-]{16})$/.exec(token ?? '')
  if (!match) return null
  const seconds = parseInt(match[1], 36)
  const expected = Buffer.from(sign(secret, userId, questionId, seconds))
  const given = Buffer.from(match[2])
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  const elapsed = Math.floor(now.getTime() / 1000) - seconds
  if (elapsed < -CLOCK_SKEW_SECONDS || elapsed > SHOWN_TOKEN_TTL_SECONDS) return null
  return Math.min(Math.max(elapsed, 0), MAX_ELAPSED_SECONDS)
}

/** The cards as the API sends them to a signed-in caller: each with its shown-at token. */
export function withShownTokens<T extends { id: number }>(
  secret: string,
  userId: string | undefined,
  cards: T[],
  at: Date = new Date(),
): (T & { shown_token?: string })[] {
  if (!userId) return cards
  return cards.map((card) => ({ ...card, shown_token: issueShownToken(secret, userId, card.id, at) }))
}
