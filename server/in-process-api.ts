import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'

import type { Express } from 'express'

import { readsBodyAsText } from './api/http'
import type { InProcessCall, InProcessDispatch } from './client/core'

/**
 * The API called from this same process (ADR 036): the loaders' request is handed to the Express
 * app as an IncomingMessage with the body already in it, and the answer is read back from the
 * ServerResponse's own write/end. No socket, no HTTP parse either way, but every middleware,
 * auth check, validation and log line of a request from outside. Only JSON or empty bodies
 * come this way: an upload (multipart) still goes over HTTP.
 */
export function inProcessDispatch(app: Express, mount = '/api/v1'): InProcessDispatch {
  return (call: InProcessCall) =>
    new Promise((resolve, reject) => {
      const socket = new Socket()
      // Loopback, as a request from our own loaders over HTTP: `trust proxy` then honours the
      // visitor's address the client forwards, so per-IP limits stay per visitor.
      Object.defineProperties(socket, {
        remoteAddress: { value: '127.0.0.1' },
        remotePort: { value: 0 },
        encrypted: { value: false },
      })
      const req = new IncomingMessage(socket)
      req.method = call.method
      req.url = `${mount}${call.path}`
      req.httpVersionMajor = 1
      req.httpVersionMinor = 1
      req.httpVersion = '1.1'
      const headers: Record<string, string> = { host: 'localhost', ...call.headers }
      if (call.body !== undefined) headers['content-length'] = String(Buffer.byteLength(call.body))
      req.headers = headers
      req.rawHeaders = Object.entries(headers).flat()
      if (call.body !== undefined) req.push(call.body)
      req.push(null)

      const res = new ServerResponse(req)
      readsBodyAsText(res)
      const chunks: (Buffer | string)[] = []
      const collect = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return
        const utf8 = typeof encoding !== 'string' || encoding === 'utf8' || encoding === 'utf-8'
        // A text in UTF-8 stays text: the API's JSON is one string, read back as it was written.
        if (typeof chunk === 'string' && utf8) chunks.push(chunk)
        else chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), utf8 ? 'utf8' : (encoding as BufferEncoding)))
      }
      const body = () =>
        chunks.every((chunk) => typeof chunk === 'string')
          ? chunks.join('')
          : Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))).toString('utf8')
      // Own properties: Express swaps the response's prototype for its own, these stay.
      res.write = ((chunk: unknown, encoding?: unknown) => {
        collect(chunk, encoding)
        return true
      }) as ServerResponse['write']
      res.end = ((chunk?: unknown, encoding?: unknown) => {
        collect(chunk, encoding)
        resolve({ status: res.statusCode, body: body() })
        // What the request log and anything else waiting for the answer listens to: as a socket's
        // response does, 'finish' and then 'close'.
        queueMicrotask(() => {
          res.emit('finish')
          res.emit('close')
        })
        return res
      }) as ServerResponse['end']
      try {
        app(req as never, res as never)
      } catch (error) {
        reject(error)
      }
    })
}
