// Gabarita's service worker (issue 39, ADR 056; ADR 079). Pages always come from the network when
// there is one (they hold the student's data); only when it fails does this answer: with the kept
// copy of /estudar-offline, else with our offline page (a static one: a page of the app served
// under another address would not match it once its script runs). The build's files are named by
// their content, so a cached copy is always right.
// Nothing personal is cached (issue 61: a shared phone kept the last student's name and email):
// the /estudar-offline copy is fetched without cookies (and marked by a header), a page that names nobody; the
// page's script reads the device's own records to know whose downloads to show.
const CACHE = 'gabarita-v2'
const FALLBACK = '/offline.html'
const SHELL = ['/estudar-offline']

/** Caches a page as a visitor sees it, and the build files its HTML names (its scripts and styles). */
async function keep(cache, url) {
  const res = await fetch(url, { credentials: 'omit', headers: { 'X-Gabarita-Casca': '1' } })
  if (!res.ok) return
  await cache.put(url, res.clone())
  const html = await res.text()
  const assets = [...new Set(html.match(/\/build\/[^"'\s)]+/g) ?? [])]
  await Promise.all(assets.map((a) => cache.add(a).catch(() => undefined)))
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all([cache.add(FALLBACK), ...SHELL.map((url) => keep(cache, url))]).catch(() => undefined))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin) return
  if (url.pathname.startsWith('/build/')) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(request)
        if (hit) return hit
        const res = await fetch(request)
        if (res.ok) cache.put(request, res.clone()).catch(() => undefined)
        return res
      }),
    )
    return
  }
  if (request.mode !== 'navigate') return
  event.respondWith(
    fetch(request)
      .then((res) => {
        // The offline page's copy stays fresh (a new build's scripts) each time it is opened
        // online: fetched again as a visitor, never the signed-in response itself.
        if (res.ok && SHELL.includes(url.pathname)) {
          caches
            .open(CACHE)
            .then((cache) => keep(cache, url.pathname))
            .catch(() => undefined)
        }
        return res
      })
      .catch(async () => {
        const cache = await caches.open(CACHE)
        return (
          (SHELL.includes(url.pathname) && (await cache.match(url.pathname))) ||
          (await cache.match(FALLBACK)) ||
          new Response('<!doctype html><meta charset="utf-8"><title>Sem conexão — Gabarita</title><h1>Sem conexão</h1>', {
            headers: { 'Content-Type': 'text/html; charset=utf-8' },
          })
        )
      }),
  )
})
