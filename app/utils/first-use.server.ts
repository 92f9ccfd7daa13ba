import { Transform } from 'node:stream'

import type { EntryContext } from '@remix-run/node'

import { LEGACY_QUEUE_FLAG, OWNER_COOKIE, OWNER_KEY } from '../offline/owner'
import { FIRST_USE_TYPE, startOnFirstUse, VISITOR_FIRST_USE } from './first-use'

/**
 * Whether this document leaves its scripts until first use (ADR 098): its page asks for it in its
 * handle, and nobody is signed in (a student's page hydrates at once: it sends their offline
 * answers, and their tools are the page's).
 */
export function scriptsOnFirstUse({ staticHandlerContext: { matches, loaderData, errors } }: EntryContext): boolean {
  const leaf = matches.at(-1)?.route as { handle?: unknown } | undefined
  const root = loaderData.root as { user?: unknown } | undefined
  return (
    !errors &&
    (leaf?.handle as typeof VISITOR_FIRST_USE | undefined)?.scriptsOnFirstUse === VISITOR_FIRST_USE.scriptsOnFirstUse &&
    root !== undefined &&
    root.user === null
  )
}

// Remix's <Scripts> writes one module script: the page's route modules, then its client entry.
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/
// Fetched and compiled ahead for a hydration that now waits (measured: a `prefetch` in their place
// still cost the load ≈ 170 ms of blocking at 8×). The elements stay, as React hydrates them; their
// relation becomes one the browser ignores, and the first use fetches the files.
const MODULE_PRELOAD = /<link rel="modulepreload" /g
const PRELOAD_LATER = '<link rel="gabarita-first-use" '

/**
 * The document with its module script inert and the starter after it. A document whose script is
 * not where Remix writes it is left as it is (it then hydrates at once).
 */
export function withScriptsOnFirstUse(html: string): string {
  const found = MODULE_SCRIPT.exec(html)
  if (!found) return html
  const end = html.indexOf('</script>', found.index) + '</script>'.length
  const args = [FIRST_USE_TYPE, [OWNER_KEY, LEGACY_QUEUE_FLAG], OWNER_COOKIE].map((arg) => JSON.stringify(arg)).join(',')
  const starter = `<script nonce="${found[1]}">(${startOnFirstUse.toString()})(${args})</script>`
  const inert = `<script nonce="${found[1]}" type="${FIRST_USE_TYPE}">`
  return (
    html.slice(0, found.index).replace(MODULE_PRELOAD, PRELOAD_LATER) +
    inert +
    html.slice(found.index + found[0].length, end) +
    starter +
    html.slice(end)
  )
}

/** A stream that holds the document (it is written whole: entry.server waits for all of it) and rewrites it at its end. */
export function scriptsOnFirstUseStream() {
  const chunks: Buffer[] = []
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
    flush(done) {
      done(null, Buffer.from(withScriptsOnFirstUse(Buffer.concat(chunks).toString('utf8'))))
    },
  })
}
