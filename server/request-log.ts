import crypto from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { IncomingMessage } from 'node:http'

import type { RequestHandler } from 'express'
import type { Level, Logger } from 'pino'

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

// What a logged request carries, under symbols of this module: the logger its `log` is made
// from, that child once made, and when the request began.
const LOGGER = Symbol('gabarita.requestLogger')
const CHILD = Symbol('gabarita.requestLog')
const STARTED = Symbol('gabarita.requestStarted')
const DONE = Symbol('gabarita.requestLogged')
type LoggedRequest = IncomingMessage & { [LOGGER]?: Logger; [CHILD]?: Logger }
type LoggedResponse = ServerResponse & { req: LoggedRequest; [STARTED]?: number; [DONE]?: true }

// `req.log`, made the first time something reads it: one getter on the prototype for every
// request, instead of a property and a closure defined on each (ADR 061). A request this module
// never saw has no logger (undefined), as before; a value assigned to `req.log` is kept as is.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: LoggedRequest) {
    const logger = this[LOGGER]
    if (!logger) return undefined
    return (this[CHILD] ??= logger.child({ req: requestFields(this) }))
  },
  set(this: LoggedRequest, value: Logger) {
    Object.defineProperty(this, 'log', { value, writable: true, configurable: true, enumerable: true })
  },
})

/**
 * The request's line, once: on 'finish' (the answer was handed over), 'close' (the connection
 * went first) or 'error'. One function for every response, called with the response as `this`.
 */
function requestDone(this: LoggedResponse, error?: unknown) {
  if (this[DONE]) return
  this[DONE] = true
  const req = this.req
  const logger = req[LOGGER]!
  // A client that went away before the answer was sent is not a server error.
  const failed = error !== undefined || (this.statusCode >= 500 && !DOCUMENTED.has(this))
  const level: Level = failed ? 'error' : 'info'
  if (!logger.isLevelEnabled(level)) return
  const fields = {
    res: { statusCode: this.statusCode, headers: this.getHeaders() },
    responseTime: Math.round(performance.now() - this[STARTED]!),
    ...(failed ? { err: error ?? new Error(`failed with status code ${this.statusCode}`) } : {}),
  }
  req.log[level](fields, failed ? 'request errored' : 'request completed')
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
    req.id = id
    res.setHeader('x-request-id', id)
    ;(req as LoggedRequest)[LOGGER] = logger
    if (ignore(req)) return next()
    ;(res as unknown as LoggedResponse)[STARTED] = performance.now()
    res.on('finish', requestDone)
    res.on('close', requestDone)
    res.on('error', requestDone)
    next()
  }
}
