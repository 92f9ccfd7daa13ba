import type { NextFunction, Request, RequestHandler, Response } from 'express'
import * as z from 'zod'

/** An error the API answers as `{ error: message }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** Express 4 does not catch rejected promises: every async handler goes through this. */
export function handler<Req extends Request = Request>(
  fn: (req: Req, res: Response, next: NextFunction) => Promise<unknown> | unknown,
): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => fn(req as Req, res, next))
      .catch(next)
  }
}

// Answers whose body the in-process API (ADR 036) reads back as written: no socket encodes them.
const readAsText = new WeakSet<object>()

/** This response's body is read back as text in this process (server/in-process-api.ts), not sent. */
export function readsBodyAsText(res: object) {
  readAsText.add(res)
}

/**
 * A success body as JSON: what `res.json` sends (the same bytes and headers), without Express's
 * parse of the content type it has just set (ADR 073). To a socket it goes as bytes: a text would
 * be joined to the header block and copied once more before the socket encodes it, ≈ 23 KB a
 * search of young garbage (ADR 075). The in-process API keeps the text.
 */
export function sendJson(res: Response, status: number, body: unknown) {
  const text = JSON.stringify(body)
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  const payload = readAsText.has(res) ? text : Buffer.from(text)
  res.setHeader('Content-Length', Buffer.byteLength(payload))
  res.end(payload)
}

/** Parse with zod; the first issue becomes a 400 `{ error }` in Portuguese. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    const message = issue?.message && !/^Invalid|^Expected/i.test(issue.message) ? issue.message : 'valor inválido'
    throw new HttpError(400, issue?.path.length && message === 'valor inválido' ? `${field}${message}` : message)
  }
  return result.data
}

/**
 * A whole number in a query string: its digits are read as the number, and anything else (an empty
 * value, a sign, a point, an exponent, a word, a repeated key) reaches `schema` as it came and is
 * refused with its message. The document publishes `schema` (an integer and its bounds); a body is
 * JSON and reads numbers as they are, never through this (ADR 049).
 */
export const queryInt = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), schema)

const PAGE_MESSAGE = 'Página inválida.'

/** `?page=`: a page number from 1 to 10,000, 1 when absent; `page=` with no value is refused. */
export const pageParam = queryInt(
  z.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(10_000, PAGE_MESSAGE).default(1),
).meta({ description: 'Página, de 1 a 10000 (padrão 1).' })

/** A path id; anything that is not a positive integer is simply "not found". */
export function pathId(req: Request, key: string, message: string) {
  const raw = String(req.params[key] ?? '')
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new HttpError(404, message)
  return Number(raw)
}

/** What the per-user domain functions answer: the value, or why not (another user's row is "not found"). */
export type DomainOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-found'; message: string }
  | { kind: 'forbidden'; message: string; code?: string; extra?: Record<string, unknown> }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'unprocessable'; message: string; extra?: Record<string, unknown> }

/** The outcome's value, or the HttpError that says why not (404, 403 with its code, 409, 400, 422 with its fields). */
export function unwrap<T>(outcome: DomainOutcome<T>): T {
  if (outcome.kind === 'not-found') throw new HttpError(404, outcome.message)
  if (outcome.kind === 'forbidden')
    throw new HttpError(403, outcome.message, outcome.code || outcome.extra ? { code: outcome.code, ...outcome.extra } : undefined)
  if (outcome.kind === 'conflict') throw new HttpError(409, outcome.message)
  if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message)
  if (outcome.kind === 'unprocessable') throw new HttpError(422, outcome.message, outcome.extra)
  return outcome.value
}
