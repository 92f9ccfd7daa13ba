import crypto from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/** Header carrying `sha256=<hex>`: HMAC-SHA256 of the raw request body. */
export const SIGNATURE_HEADER = 'x-gabarita-signature'

export function signBody(secret: string, body: Buffer | string) {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`
}

/**
 * True when the header holds the HMAC of exactly these bytes. Compared in constant time
 * (both sides are hashed first, so unequal lengths leak nothing either).
 */
export function verifySignature(secret: string, body: Buffer, headers: IncomingHttpHeaders) {
  const header = headers[SIGNATURE_HEADER]
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false
  const expected = crypto.createHash('sha256').update(signBody(secret, body)).digest()
  const received = crypto.createHash('sha256').update(header.trim().toLowerCase()).digest()
  return crypto.timingSafeEqual(expected, received)
}
