import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { forgetPages, keepPage, KEPT_FOR_MS, keptOrLoad, keptOrReply, takePage } from './kept-pages'

// The pages the browser holds (ADR 093, 095): each taken once, none older than KEPT_FOR_MS; an
// answer's reply that is a page becomes a redirect the clientLoader answers without the server.

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

  it('turn a reply that is a page into a redirect to it, its page then taken without the server', async () => {
    const next = '/simulados/7?pos=3'
    const reply = keptOrReply({ page: { question: { position: 3 } }, href: next, hash: '' }) as Response
    expect(reply.status).toBe(302)
    expect(reply.headers.get('Location')).toBe(next)
    const serverLoader = vi.fn(async () => ({ fromServer: true }))
    expect((await keptOrLoad(new Request(`http://gabarita.test${next}`), serverLoader)).data).toEqual({ question: { position: 3 } })
    expect(serverLoader).not.toHaveBeenCalled()
    // Taken once: the same address again is the server's.
    expect((await keptOrLoad(new Request(`http://gabarita.test${next}`), serverLoader)).data).toEqual({ fromServer: true })
  })

  it('leave any other reply as it came (form errors, a saved choice)', () => {
    const errors = { result: { status: 'error' }, saved: false }
    expect(keptOrReply(errors)).toBe(errors)
    expect(keptOrReply(null)).toBeNull()
  })
})
