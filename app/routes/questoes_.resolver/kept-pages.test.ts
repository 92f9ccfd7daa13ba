import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { forgetPages, keepPage, KEPT_FOR_MS, prefetchPage, takePage } from './kept-pages'

// The pages modo resolução holds (ADR 093): each taken once, none older than KEPT_FOR_MS, a
// prefetch that fails or redirects keeps nothing, and it is marked as a prefetch.

const here = '/questoes/resolver?pos=2&desde=2026-12-06T10%3A00%3A00.000Z'

beforeEach(() => {
  forgetPages()
  vi.stubGlobal('window', { location: { href: 'http://gabarita.test/questoes/resolver?pos=1' } })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('kept pages', () => {
  it('give a page once, then nothing (the next visit loads it again)', async () => {
    keepPage(here, { mode: 'question', n: 1 })
    expect((await takePage(here))?.data).toEqual({ mode: 'question', n: 1 })
    expect(await takePage(here)).toBeNull()
    expect(await takePage('/questoes/resolver?pos=3')).toBeNull()
  })

  it('give nothing once the page is older than the limit: the question may have changed', async () => {
    vi.useFakeTimers()
    keepPage(here, { n: 1 })
    vi.advanceTimersByTime(KEPT_FOR_MS + 1)
    expect(await takePage(here)).toBeNull()
  })

  it('hold a few pages at most, the oldest dropped first', async () => {
    for (let pos = 1; pos <= 6; pos++) keepPage(`/questoes/resolver?pos=${pos}`, { pos })
    expect(await takePage('/questoes/resolver?pos=1')).toBeNull()
    expect((await takePage('/questoes/resolver?pos=6'))?.data).toEqual({ pos: 6 })
  })

  it('fetch ahead as a prefetch, keeping only a page the loader answered', async () => {
    const fetch = vi.fn(async (url: URL, init: RequestInit) => {
      expect(url.searchParams.get('_data')).toBe('routes/questoes_.resolver')
      expect(init.headers).toEqual({ Purpose: 'prefetch' })
      if (url.searchParams.get('pos') === '2')
        return new Response(JSON.stringify({ mode: 'question' }), { headers: { 'X-Remix-Response': 'yes' } })
      if (url.searchParams.get('pos') === '3')
        return new Response(null, { status: 204, headers: { 'X-Remix-Redirect': '/login', 'X-Remix-Response': 'yes' } })
      throw new TypeError('Failed to fetch')
    })
    vi.stubGlobal('fetch', fetch)
    prefetchPage(here)
    prefetchPage(here) // once
    prefetchPage('/questoes/resolver?pos=3')
    prefetchPage('/questoes/resolver?pos=4')
    expect(fetch).toHaveBeenCalledTimes(3)
    expect((await takePage(here))?.data).toEqual({ mode: 'question' })
    expect(await takePage('/questoes/resolver?pos=3')).toBeNull()
    expect(await takePage('/questoes/resolver?pos=4')).toBeNull()
  })
})
