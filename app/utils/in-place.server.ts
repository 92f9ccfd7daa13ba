import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

// An answer's reply that is the page it leads to (issue 66, ADR 093 and 095): with JS, rather than
// a redirect whose GET then reloads every loader, the action runs the target's loader itself and
// replies `{ page, href, hash }`, which the route's clientAction keeps (app/utils/kept-pages.ts).

/**
 * A submission from the page's script (fetch: `Sec-Fetch-Dest: empty`), answered with what it
 * renders rather than a redirect; a document's POST, or a browser that does not say, gets the
 * redirect as without JS.
 */
export const fromScript = (request: Request) => request.headers.get('sec-fetch-dest') === 'empty'

/**
 * `load` (a route's loader) on `href` as the redirect's GET would run it: the same cookies, and a
 * fresh per-request memo, so what the answer changed is read after it. Resolves to the loader's
 * Response, or to what it threw (a redirect, a 404, an error).
 */
export function loadInPlace(
  request: Request,
  context: AppLoadContext,
  href: string,
  load: (request: Request, context: AppLoadContext) => Promise<Response>,
): Promise<unknown> {
  const headers = new Headers(request.headers)
  headers.delete('content-type')
  headers.delete('content-length')
  return load(new Request(new URL(href, request.url), { headers }), { ...context, perRequest: new Map() }).catch((error: unknown) => error)
}

/** The reply that carries the loader's page (`page`, a 200), with `extra` over its data and its cookies. */
export async function pageReply<T extends object>(page: Response, href: string, hash: string, extra?: Partial<T>) {
  const data = (await page.json()) as T
  const out = new Headers()
  for (const cookie of page.headers.getSetCookie()) out.append('Set-Cookie', cookie)
  return json({ page: { ...data, ...extra } as T, href, hash }, { headers: out })
}
