import type { Readable } from 'node:stream'

import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable } from '@remix-run/node'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'

import { carriesSession } from './session-cookie'

// @remix-run/express's createRequestHandler, with three changes (issue 26):
// - the body comes from the page guard's bounded stream (res.locals.body), never from `req`,
//   so nothing reads past the size limit;
// - an answer the guard already gave (413 mid-stream) is not overwritten;
// - a page answered to a signed-in visitor is `Cache-Control: private, no-store`.

export type RemixHandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}

export const SIGNED_IN_CACHE_CONTROL = 'private, no-store'

function headersOf(req: ExpressRequest) {
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else if (values) headers.set(key, values)
  }
  return headers
}

function remixRequest(req: ExpressRequest, res: ExpressResponse) {
  // As the adapter does: the port from X-Forwarded-Host or Host, the host from req.hostname
  // (which follows 'trust proxy').
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(':')[1] ?? '', 10)
  const port = [portOf(req.get('X-Forwarded-Host')), portOf(req.get('host'))].find(Number.isSafeInteger)
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
  let controller: AbortController | null = new AbortController()
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: headersOf(req), signal: controller.signal }
  const body = res.locals.body as Readable | undefined
  if (req.method !== 'GET' && req.method !== 'HEAD' && body) {
    init.body = createReadableStreamFromReadable(body)
    init.duplex = 'half'
  }
  // Abort the loaders and actions once the answer can no longer be written.
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  return new Request(url.href, init)
}

export function remixHandler({ build, mode, getLoadContext }: RemixHandlerOptions): RequestHandler {
  const handle = createRequestHandler(build, mode)
  return async (req, res, next) => {
    try {
      const response = await handle(remixRequest(req, res), getLoadContext(req, res))
      if (res.headersSent) {
        await response.body?.cancel().catch(() => {})
        return
      }
      res.statusMessage = response.statusText
      res.status(response.status)
      const signedIn = carriesSession(req.headers.cookie)
      for (const [key, value] of response.headers.entries()) {
        if (signedIn && key === 'cache-control') continue
        res.append(key, value)
      }
      // What a signed-in visitor sees is theirs alone: kept by no shared cache, nor by the browser's.
      if (signedIn) res.setHeader('Cache-Control', SIGNED_IN_CACHE_CONTROL)
      if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
      if (response.body) await writeReadableStreamToWritable(response.body, res)
      else res.end()
    } catch (error) {
      next(error)
    }
  }
}
