import type { IncomingMessage } from 'node:http'
import { Transform } from 'node:stream'

import { MAX_DISCIPLINE_FILES, MAX_EXAM_FILES, MAX_FILE_BYTES } from '../domain/import/text-file'
import { carriesSession } from './session-cookie'

// How many bytes a page (non-API) request body may carry (issue 26: a 500 MB POST /login was
// read whole before its CSRF token was checked).
//
// The largest page forms hold one 5,000-character text (contact message, forum post, note):
// percent-encoded, a character of up to 3 UTF-8 bytes takes 9 bytes, so ≈ 45 KB at worst, plus a
// few short fields. 128 KB leaves room for that without letting anyone make us hold megabytes.
export const FORM_BODY_LIMIT = 128 * 1024

// The admin uploads: as many 5 MB files as the API takes at once, plus 1 MB for the part
// headers and the other fields (the API cuts each file at 5 MB while streaming).
const MULTIPART_SLACK = 1024 * 1024
const UPLOAD_BODY_LIMITS: Record<string, number> = {
  '/admin/provas': MAX_EXAM_FILES * MAX_FILE_BYTES + MULTIPART_SLACK,
  '/admin/disciplinas': MAX_DISCIPLINE_FILES * MAX_FILE_BYTES + MULTIPART_SLACK,
}

/**
 * The limit for this request: an admin upload route's own for multipart from a signed-in browser
 * (an anonymous one could only be refused after the upload was read), the form limit for
 * everything else.
 */
export function bodyLimitFor(req: IncomingMessage & { path?: string }) {
  const path = (req.path ?? req.url ?? '').replace(/\/+$/, '')
  const upload = UPLOAD_BODY_LIMITS[path]
  const multipart = /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')
  return upload !== undefined && multipart && carriesSession(req.headers.cookie) ? upload : FORM_BODY_LIMIT
}

/** Content-Length over the limit: refused before a byte of the body is read. */
export function declaredTooLarge(req: IncomingMessage, limit: number) {
  const declared = Number(req.headers['content-length'])
  return Number.isFinite(declared) && declared > limit
}

export class BodyTooLargeError extends Error {
  constructor() {
    super('request body over the limit')
  }
}

/**
 * The request body as a stream that stops at `limit` bytes (a chunked body declares no length):
 * past it, the request is no longer read, `onTooLarge` answers, and the stream errors, so a
 * reader (the action's formData) fails instead of holding more. Backpressure keeps what waits
 * in memory to a couple of 16 KB buffers.
 */
export function boundedBody(req: IncomingMessage, limit: number, onTooLarge: () => void) {
  let seen = 0
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen <= limit) return done(null, chunk)
      req.unpipe(body)
      req.pause()
      onTooLarge()
      done(new BodyTooLargeError())
    },
  })
  // Every stream here has an 'error' listener: an unhandled stream error ends the process
  // (an aborted upload, a body cut off above). The reader sees the error through its own.
  req.on('error', (error) => body.destroy(error))
  body.on('error', () => {})
  req.pipe(body)
  return body
}
