// Pages the browser already holds (issue 66, ADR 093 and 095): a page that came with an answer's
// own response (modo resolução's Responder, a simulado's 'Salvar e próxima') and, in modo
// resolução, the next question fetched while the student reads the verdict. A route's
// clientLoader takes a page from here instead of asking the server; anything missing, failed or
// old is a normal load. One store for every route: addresses do not collide.

/** A page older than this is loaded again (its week's line, its tally); a question changed meanwhile is refused at the answer (ADR 097). */
export const KEPT_FOR_MS = 10 * 60_000
/** The answered page and the next one or two: nothing grows over a long run. */
const MAX_KEPT = 4

/** `href`'s loader data as Remix asks for it, for the route `routeId` ('routes/…'). */
export function dataUrl(href: string, routeId: string) {
  const url = new URL(href, window.location.href)
  url.searchParams.set('_data', routeId)
  return url
}

export type Kept = { data: unknown; at: number }
const pages = new Map<string, { page: Promise<Kept | null>; at: number }>()

/** Keeps `page` for `href` (a page on its way, or null when it failed). */
export function putPage(href: string, page: Promise<Kept | null>) {
  pages.delete(href)
  pages.set(href, { page, at: Date.now() })
  for (const old of pages.keys()) if (pages.size > MAX_KEPT) pages.delete(old)
}

export const hasPage = (href: string) => pages.has(href)

/** A page the server already sent (the answer's own response). */
export function keepPage(href: string, data: unknown) {
  putPage(href, Promise.resolve({ data, at: Date.now() }))
}

/** The page kept for `href` (awaiting a prefetch still on its way), once; null when there is none to use. */
export async function takePage(href: string): Promise<Kept | null> {
  const kept = pages.get(href)
  pages.delete(href)
  if (!kept || Date.now() - kept.at > KEPT_FOR_MS) return null
  return kept.page
}

/** Forgets every kept page (after an answer kept offline: what was fetched may no longer be the next). */
export function forgetPages() {
  pages.clear()
}

/**
 * A clientAction's server reply: when it is the page to show (`{ page, href, hash }`, from
 * `answeredInPlace`), the page is kept and the reply becomes a redirect to its address that asks
 * the server nothing (the clientLoader takes it); anything else is returned as it came.
 */
export function keptOrReply<T>(reply: T) {
  if (reply && typeof reply === 'object' && 'page' in reply && 'href' in reply) {
    const { page, href, hash } = reply as { page: unknown; href: string; hash?: string }
    keepPage(href, page)
    return new Response(null, { status: 302, headers: { Location: `${href}${hash ?? ''}` } })
  }
  return reply
}

/** The clientLoader's page: the one kept for this address, else the server's. */
export async function keptOrLoad<T>(request: Request, serverLoader: () => Promise<T>) {
  const url = new URL(request.url)
  const kept = await takePage(`${url.pathname}${url.search}`)
  return kept ? { data: kept.data as T, at: kept.at } : { data: await serverLoader(), at: null }
}
