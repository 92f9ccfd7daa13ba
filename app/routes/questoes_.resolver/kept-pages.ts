import { useSyncExternalStore } from 'react'

// Modo resolução's pages the browser already holds (issue 66, ADR 093): the answered question
// that came with Responder's response, and the next question fetched while the student reads the
// verdict. The route's clientLoader takes a page from here instead of asking the server; anything
// missing, failed or old is a normal load. And the rating sent in the background meanwhile.

/** The route's id, as Remix's data requests name it. */
const ROUTE_ID = 'routes/questoes_.resolver'
/** A page older than this is loaded again: the question may have changed meanwhile. */
export const KEPT_FOR_MS = 10 * 60_000
/** The answered page and the next one or two: nothing grows over a long run. */
const MAX_KEPT = 4

/** `href`'s loader data as Remix asks for it. */
function dataUrl(href: string) {
  const url = new URL(href, window.location.href)
  url.searchParams.set('_data', ROUTE_ID)
  return url
}

export type Kept = { data: unknown; at: number }
const pages = new Map<string, { page: Promise<Kept | null>; at: number }>()

function put(href: string, page: Promise<Kept | null>) {
  pages.delete(href)
  pages.set(href, { page, at: Date.now() })
  for (const old of pages.keys()) if (pages.size > MAX_KEPT) pages.delete(old)
}

/** A page the server already sent (the answer's own response). */
export function keepPage(href: string, data: unknown) {
  put(href, Promise.resolve({ data, at: Date.now() }))
}

/**
 * Fetches `href`'s page ahead, once: its loader's data as Remix asks for it, marked as a prefetch
 * (the loader then saves no 'Continuar estudando'). A redirect, an error or a dropped connection
 * keeps nothing: the tap then loads as before.
 */
export function prefetchPage(href: string) {
  if (pages.has(href)) return
  put(
    href,
    fetch(dataUrl(href), { headers: { Purpose: 'prefetch' }, credentials: 'same-origin' })
      .then(async (res) => {
        if (res.status !== 200 || res.headers.get('X-Remix-Response') !== 'yes') return null
        return { data: await res.json(), at: Date.now() }
      })
      .catch(() => null),
  )
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

/** What the next question says when the rating of the one before did not go through. */
export const RATING_FAILED = 'Não foi possível salvar a nota da questão anterior (sem conexão?).'
let ratingFailed: string | null = null
const listeners = new Set<() => void>()
function setRatingFailed(message: string | null) {
  ratingFailed = message
  for (const listener of listeners) listener()
}

/**
 * Difícil / Bom / Fácil with JS: the same POST as the form's, sent by itself while the page already
 * shows the next question. Not a Remix fetcher: a fetcher's revalidation, ending while that
 * navigation still loads, would complete it with the old question's data. A redirect (the
 * session expired) is followed as the document would; a failure is said on the next question.
 */
export function sendRating(here: string, data: FormData) {
  setRatingFailed(null)
  fetch(dataUrl(here), { method: 'POST', body: data, credentials: 'same-origin' })
    .then(async (res) => {
      const to = res.headers.get('X-Remix-Redirect')
      if (to) return window.location.assign(to)
      const body = (await res.json().catch(() => null)) as { rated?: number; ratingFailed?: string } | null
      if (!res.ok || !body?.rated) setRatingFailed(body?.ratingFailed ?? RATING_FAILED)
    })
    .catch(() => setRatingFailed(RATING_FAILED))
}

/** The failure is said until the student answers again. */
export const clearRatingFailed = () => ratingFailed && setRatingFailed(null)

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The last background rating's failure, if it failed. */
export const useRatingFailed = () =>
  useSyncExternalStore(
    subscribe,
    () => ratingFailed,
    () => null,
  )
