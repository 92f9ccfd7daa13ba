import type { DestinationStream, Level, LoggerOptions } from 'pino'
import pino from 'pino'

import { dbErrorSummary } from './db/errors'

const CENSOR = '[oculto]'

// Credentials in requests and answers, and password fields wherever a body is logged.
const PASSWORD_FIELDS = ['password', 'new_password', 'current_password', 'confirm_password', 'newPassword', 'confirmPassword']
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  // The payment provider's webhook signature (server/domain/billing/signature.ts): never written down.
  'req.headers["x-gabarita-signature"]',
  'res.headers["set-cookie"]',
  'token',
  '*.token',
  ...PASSWORD_FIELDS.flatMap((field) => [field, `*.${field}`, `req.body.${field}`, `*.body.${field}`]),
]

/** Errors as logged: a database error only by code, message and constraint (never its values). */
export function errorForLog(input: unknown): unknown {
  // Some callers hand over a serialised error, the original kept under `raw`.
  const raw =
    input && typeof input === 'object' && 'raw' in input && (input as { raw?: unknown }).raw ? (input as { raw: unknown }).raw : input
  const db = dbErrorSummary(raw)
  if (db) return db
  return raw instanceof Error ? pino.stdSerializers.err(raw) : input
}

/** Shared by every logger of the process, the request loggers (server/request-log.ts) included. */
export const LOG_OPTIONS = {
  redact: { paths: REDACT_PATHS, censor: CENSOR },
  serializers: { err: errorForLog },
} satisfies LoggerOptions

export function createLogger(level: Level | 'silent', destination?: DestinationStream) {
  return destination ? pino({ level, ...LOG_OPTIONS }, destination) : pino({ level, ...LOG_OPTIONS })
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`, anywhere in a text. */
export function withoutUrlPasswords(text: string) {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]*@/gi, '$1***@')
}
