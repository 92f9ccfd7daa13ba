import { Transform } from 'node:stream'

import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'

import { CardTextsContext } from './routes/questoes/card-texts'
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
  // Bots and no-JS clients get the whole document at once; browsers stream from the shell.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
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
        [readyEvent]() {
          const body = withoutNulBytes()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
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
          console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY + 1000)
  })
}
