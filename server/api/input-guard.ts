import type { NextFunction, Request, Response } from 'express'

import { HttpError } from './http'

/** PostgreSQL refuses U+0000 in text: without this check such a value became a 500. */
export const INVALID_CHARACTERS = 'Caracteres inválidos na requisição.'

/** True when any string (value or key) anywhere in `value` holds a NUL. Iterative: bodies may nest deeply. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        stack.push(child)
      }
    }
  }
  return false
}

/**
 * Refuses a NUL anywhere in the address (path or query, encoded or not) or the parsed JSON
 * body, once for every route, before any handler can pass it to the database.
 */
export function rejectNulBytes(req: Request, _res: Response, next: NextFunction) {
  // The query is read from the address, so the address's check covers it.
  if (/%00|\u0000/i.test(req.originalUrl) || containsNul(req.body)) {
    return next(new HttpError(400, INVALID_CHARACTERS))
  }
  next()
}

/** Body-parser failures by type, in Portuguese (anything else in 4xx falls back to a generic message). */
export const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  'entity.too.large': { status: 413, message: 'Requisição muito grande' },
  'entity.parse.failed': { status: 400, message: 'JSON inválido no corpo da requisição' },
  'entity.verify.failed': { status: 400, message: 'Corpo da requisição inválido' },
  'encoding.unsupported': { status: 415, message: 'Codificação do corpo não suportada.' },
  'charset.unsupported': { status: 415, message: 'Conjunto de caracteres não suportado: envie UTF-8.' },
  'request.aborted': { status: 400, message: 'Requisição interrompida.' },
  'request.size.invalid': { status: 400, message: 'O corpo da requisição não tem o tamanho anunciado.' },
  'stream.encoding.set': { status: 400, message: 'Corpo da requisição inválido' },
}
