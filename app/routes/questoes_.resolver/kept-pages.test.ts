import { beforeEach, describe, expect, it, vi } from 'vitest'

import { forgetPages, takePage } from '~/utils/kept-pages'

import { prefetchPage } from './kept-pages'

// Modo resolução's next question fetched ahead (ADR 093): a prefetch that fails or redirects keeps
// nothing, and it is marked as a prefetch.

const here = '/questoes/resolver?pos=2'

beforeEach(() => {
  forgetPages()
  vi.stubGlobal('window', { location: { href: 'http://gabarita.test/questoes/resolver?pos=1' } })
  return () => vi.unstubAllGlobals()
})

describe('the next question fetched ahead', () => {
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
