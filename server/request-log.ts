import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'

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

/**
 * One line per finished request: 'info', or 'error' with a 5xx (not one marked
 * documentedUnavailable). It replaced pino-http, which serialised and redacted every request
 * into a child logger up front, even at a level that writes nothing (part of the API tax,
 * ADR 030): here the request's logger is made the first time something logs with it.
 */
export function requestLogger(logger: Logger, { ignore }: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id']
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
    req.id = id
    res.setHeader('x-request-id', id)
    let child: Logger | undefined
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ req: requestFields(req) })),
    })
    if (ignore(req)) return next()
    const started = performance.now()
    const finished = (error?: Error) => {
      res.off('finish', finished)
      res.off('close', finished)
      res.off('error', finished)
      // A client that went away before the answer was sent is not a server error.
      const failed = error !== undefined || (res.statusCode >= 500 && !DOCUMENTED.has(res))
      const level: Level = failed ? 'error' : 'info'
      if (!logger.isLevelEnabled(level)) return
      const fields = {
        res: { statusCode: res.statusCode, headers: res.getHeaders() },
        responseTime: Math.round(performance.now() - started),
        ...(failed ? { err: error ?? new Error(`failed with status code ${res.statusCode}`) } : {}),
      }
      req.log[level](fields, failed ? 'request errored' : 'request completed')
    }
    res.on('finish', finished)
    res.on('close', finished)
    res.on('error', finished)
    next()
  }
}
