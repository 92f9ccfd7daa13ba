import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { RequestHandler } from 'express'
import type { Level, Logger } from 'pino'

import { requestAccessor } from './shared/request-accessor'

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: a sane incoming `x-request-id`, or a new UUID; echoed in the answer. */
    id: string
    /** A logger bound to this request (its id, method, URL and redacted headers). */
    log: Logger
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/

const DOCUMENTED = new WeakSet<object>()

/**
 * This answer's 5xx is one its contract documents for how this server is set up (Google login
 * not configured: 503), not a failure: its request line stays at info instead of an error on
 * every call.
 */
export function documentedUnavailable(res: object) {
  DOCUMENTED.add(res)
}

/** The request as a log line shows it; the logger's redact paths hide its credentials. */
function requestFields(req: IncomingMessage & { originalUrl?: string }) {
  return {
    id: req.id,
    method: req.method,
    url: req.originalUrl ?? req.url,
    headers: req.headers,
    remoteAddress: req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  }
}

export type RequestLogOptions = {
  /** Requests that get no line of their own (health probes). */
  ignore: (req: IncomingMessage) => boolean
}

// What a logged request carries: one object under one symbol (the logger its `log` is made from,
// its id, when it began, whether its line was written, the child logger once made), not the four
// properties it was (ADR 065).
const STATE = Symbol('gabarita.requestLog')
type RequestState = { logger: Logger; id: string; started: number; done: boolean; child?: Logger }
type LoggedRequest = IncomingMessage & { [STATE]?: RequestState }
type LoggedResponse = ServerResponse & { req: LoggedRequest }

const stateOf = (req: IncomingMessage) => (req as LoggedRequest)[STATE]

// `req.log` is made the first time something reads it (ADR 061); a request this module never saw
// has no logger and no id (undefined), as before.
requestAccessor('id', (req) => stateOf(req)?.id)
requestAccessor('log', (req) => {
  const state = stateOf(req)
  return state && (state.child ??= state.logger.child({ req: requestFields(req) }))
})

/**
 * The request's line, once: on 'close' (the answer was handed over, or the connection went
 * first) or 'error'. One function for every response, called with the response as `this`.
 */
function requestDone(this: LoggedResponse, error?: unknown) {
  const state = this.req[STATE]!
  if (state.done) return
  state.done = true
  // A client that went away before the answer was sent is not a server error.
  const failed = error !== undefined || (this.statusCode >= 500 && !DOCUMENTED.has(this))
  const level: Level = failed ? 'error' : 'info'
  if (!state.logger.isLevelEnabled(level)) return
  const fields = {
    res: { statusCode: this.statusCode, headers: this.getHeaders() },
    responseTime: Math.round(performance.now() - state.started),
    ...(failed ? { err: error ?? new Error(`failed with status code ${this.statusCode}`) } : {}),
  }
  this.req.log[level](fields, failed ? 'request errored' : 'request completed')
}

/**
 * One line per finished request: 'info', or 'error' with a 5xx (not one marked
 * documentedUnavailable). It replaced pino-http, which serialised and redacted every request
 * into a child logger up front, even at a level that writes nothing (part of the API tax,
 * ADR 030): here the request's logger is made the first time something logs with it, and
 * nothing is allocated per request but the id (ADR 061).
 */
export function requestLogger(logger: Logger, { ignore }: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id']
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
    ;(req as LoggedRequest)[STATE] = { logger, id, started: performance.now(), done: false }
    res.setHeader('x-request-id', id)
    if (ignore(req)) return next()
    // A response always ends in 'close', after 'finish' when it was sent.
    res.on('close', requestDone)
    res.on('error', requestDone)
    next()
  }
}
