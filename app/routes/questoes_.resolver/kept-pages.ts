import { useSyncExternalStore } from 'react'

import { dataUrl, hasPage, putPage } from '~/utils/kept-pages'

// Modo resolução's side of the kept pages (app/utils/kept-pages.ts, ADR 093): the next question
// fetched while the student reads the verdict, and the rating sent in the background meanwhile.

/** The route's id, as Remix's data requests name it. */
const ROUTE_ID = 'routes/questoes_.resolver'

/**
 * Fetches `href`'s page ahead, once: its loader's data as Remix asks for it, marked as a prefetch
 * (the loader then saves no 'Continuar estudando'). A redirect, an error or a dropped connection
 * keeps nothing: the tap then loads as before.
 */
export function prefetchPage(href: string) {
  if (hasPage(href)) return
  putPage(
    href,
    fetch(dataUrl(href, ROUTE_ID), { headers: { Purpose: 'prefetch' }, credentials: 'same-origin' })
      .then(async (res) => {
        if (res.status !== 200 || res.headers.get('X-Remix-Response') !== 'yes') return null
        return { data: await res.json(), at: Date.now() }
      })
      .catch(() => null),
  )
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
  fetch(dataUrl(here, ROUTE_ID), { method: 'POST', body: data, credentials: 'same-origin' })
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
