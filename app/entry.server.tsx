import { Transform } from 'node:stream'

import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node'
import { createReadableStreamFromReadable, json } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

import { CardTextsContext } from './question/card-texts'
import { scriptsOnFirstUse, scriptsOnFirstUseStream } from './utils/first-use.server'
import { NonceProvider } from './utils/nonce'

const ABORT_DELAY = 5_000

/**
 * React 18.3's Node stream writer can flush its 2,048-byte buffer one byte short when a
 * multi-byte character falls on the boundary, leaving a NUL byte in the HTML (seen as
 * 'Notifica\0ções' in an aria-label, which broke the accessible name). Our HTML never carries a
 * real NUL (the API refuses them and PostgreSQL cannot store them in text), so they are dropped.
 */
export function withoutNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk)
    },
  })
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  // The whole document at once, for everyone: the loaders have already run, so the shell is all of
  // it except the parts whose code a page fetches on demand (React.lazy, issue 41), which a page
  // without JavaScript must get in place, not streamed behind a script.
  return new Promise((resolve, reject) => {
    let didError = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CardTextsContext.Provider value={loadContext.cardTexts}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
        </CardTextsContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = withoutNulBytes()
          const out = scriptsOnFirstUse(remixContext) ? body.pipe(scriptsOnFirstUseStream()) : body
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(out), {
              headers: responseHeaders,
              status: didError ? 500 : responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          didError = true
          loadContext.log?.error({ err: error }, 'erro ao desenhar a página')
        },
      },
    )
    setTimeout(abort, ABORT_DELAY + 1000)
  })
}

/**
 * Every error Remix catches, through the request's logger at its level, one line each (Remix's
 * default prints the stack with console.error whatever LOG_LEVEL says, issue 26). A 4xx that the
 * router raises (an unknown `?_data=` route, a POST to a route without an action) is the
 * visitor's mistake: a warning without a stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.log?.warn({ status: error.status, reason: error.statusText }, 'requisição de página recusada')
    return
  }
  context.log?.error({ err: isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error }, 'erro na página')
}

/**
 * A `?_data=` request the router refuses (a route id that is not on this URL, a POST to a route
 * without an action) already gets its 4xx; its body said so in English with Remix's message.
 */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (!response.headers.has('X-Remix-Error') || response.status >= 500) return response
  return json({ message: 'Requisição inválida.' }, { status: response.status, headers: { 'X-Remix-Error': 'yes' } })
}
