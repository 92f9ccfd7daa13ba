import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'

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
