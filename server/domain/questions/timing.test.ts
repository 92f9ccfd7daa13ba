import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { elapsedFromToken, issueShownToken } from './timing'

const SECRET = 'timing-test-secret-0123456789abcdef'

/** The token as ADR 018 and 030 define it, from Node's own HMAC: tokens already handed out keep verifying. */
function referenceToken(secret: string, userId: string, questionId: number, at: Date) {
  const seconds = Math.floor(at.getTime() / 1000)
  const key = crypto.createHmac('sha256', secret).update('gabarita-shown-at-v1').digest()
  const pageKey = crypto.createHmac('sha256', key).update(`${userId}:${seconds}`).digest('base64url')
  return `${seconds.toString(36)}.${crypto.createHash('sha256').update(`${pageKey}:${questionId}`).digest('base64url').slice(0, 16)}`
}

describe('shown-at tokens', () => {
  const at = new Date('2026-11-30T12:00:00Z')

  it('are the HMAC construction they always were, for any user, question and secret', () => {
    for (const [secret, user, question] of [
      [SECRET, 'd3b07384-d9a7-4f3b-8a1e-1c2b3d4e5f60', 1],
      [SECRET, 'usuário-ç', 987654321],
      ['s'.repeat(200), 'u', 42],
    ] as const)
      expect(issueShownToken(secret, user, question, at)).toBe(referenceToken(secret, user, question, at))
  })

  it('verify for their own user and question only', () => {
    const token = issueShownToken(SECRET, 'user-a', 7, at)
    const later = new Date(at.getTime() + 95_000)
    expect(elapsedFromToken(SECRET, token, 'user-a', 7, later)).toBe(95)
    expect(elapsedFromToken(SECRET, token, 'user-b', 7, later)).toBeNull()
    expect(elapsedFromToken(SECRET, token, 'user-a', 8, later)).toBeNull()
    expect(elapsedFromToken('another-secret-0123456789abcdef', token, 'user-a', 7, later)).toBeNull()
  })
})

describe('a card held before it was shown (a page fetched ahead, ADR 093)', () => {
  const at = new Date('2026-11-30T12:00:00Z')
  const token = issueShownToken(SECRET, 'user-a', 7, at)
  const later = (s: number) => new Date(at.getTime() + s * 1000)

  it('counts from when the card was on screen: the held seconds are taken off', () => {
    // Fetched at 12:00:00, on screen 40 s later, answered 25 s after that.
    expect(elapsedFromToken(SECRET, token, 'user-a', 7, later(65), 40)).toBe(25)
    // Past the 30-minute cap only what the student spent counts against it.
    expect(elapsedFromToken(SECRET, token, 'user-a', 7, later(2000), 1000)).toBe(1000)
  })

  it('can only shorten the time, never lengthen it or make it negative', () => {
    expect(elapsedFromToken(SECRET, token, 'user-a', 7, later(30), 500)).toBe(0)
    expect(elapsedFromToken(SECRET, token, 'user-a', 7, later(30), -100)).toBe(30)
    expect(elapsedFromToken(SECRET, token, 'user-b', 7, later(30), 10)).toBeNull()
  })
})
