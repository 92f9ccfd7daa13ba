import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { COUNT_CAP, TEXT_COUNT_CAP } from '#server/domain/questions/search'

import { generateBank } from '../../../bench/generate'
import { createTestContext } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

// Search past the bounded count, on the benchmark's own synthetic bank (2,600 questions):
// 'direito' is in ~70% of them (beyond both caps), 'usucapião extraordinária' in 6.
let t: Awaited<ReturnType<typeof createTestContext>>
const SIZE = 2_600

beforeAll(async () => {
  t = await createTestContext()
  await generateBank(t.db, SIZE)
}, 60_000)
afterAll(() => t.close())

const search = (query: string) => contractRequest(t.app).get(`/api/v1/questions/search?${query}`)
const idsOf = (res: { body: { data?: unknown } }) => (res.body.data as { id: number }[]).map((q) => q.id)

describe('bounded totals and ranked pools', () => {
  it('counts a narrow text search exactly and a broad one as "more than" the cap', async () => {
    const narrow = await search('search_term=usucapiao extraordinaria&per_page=100')
    expect(narrow.status).toBe(200)
    expect(narrow.body).toMatchObject({ total: 6, total_exact: true })
    expect(narrow.body.data).toHaveLength(6)

    const broad = await search('search_term=direito')
    expect(broad.body).toMatchObject({ total: TEXT_COUNT_CAP, total_exact: false })
    expect(broad.body.data).toHaveLength(20)
  })

  it('pages a broad text search through its ranked pool without repeating questions', async () => {
    const last = TEXT_COUNT_CAP / 20
    const pages = await Promise.all([1, 2, 3, last - 1, last].map((page) => search(`search_term=direito&page=${page}`)))
    for (const page of pages) expect(page.body.data).toHaveLength(20)
    expect(new Set(pages.flatMap(idsOf)).size).toBe(100)
    // The ranked pool holds the TEXT_COUNT_CAP best of the newest matches: past it, an empty page.
    const past = await search(`search_term=direito&page=${last + 1}`)
    expect(past.status).toBe(200)
    expect(past.body).toMatchObject({ data: [], page: last + 1, total: TEXT_COUNT_CAP, total_exact: false })
  })

  it("ranks a broad word's newest matches, whatever order the table holds them in", async () => {
    // What a student paging through "direito" can be shown: its TEXT_COUNT_CAP + 1 newest matches.
    const newest = await t.db.execute(sql`SELECT id FROM questions
      WHERE removed_at IS NULL AND search_vector @@ websearch_to_tsquery('portuguese', gabarita_fold('direito'))
      ORDER BY id DESC LIMIT ${TEXT_COUNT_CAP + 1}`)
    const pool = new Set((newest as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)))
    const pages = await Promise.all(Array.from({ length: TEXT_COUNT_CAP / 20 }, (_, i) => search(`search_term=direito&page=${i + 1}`)))
    const shown = pages.flatMap(idsOf)
    expect(new Set(shown).size).toBe(TEXT_COUNT_CAP)
    expect(shown.filter((id) => !pool.has(id))).toEqual([])
  })

  it('counts filters exactly under the cap and caps the unfiltered list', async () => {
    const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM questions WHERE discipline_id IN (1, 2) AND difficulty = 'MEDIO'`)
    const expected = Number((result as unknown as { rows: { n: number }[] }).rows[0].n)
    expect(expected).toBeGreaterThan(100)
    expect(expected).toBeLessThan(COUNT_CAP)
    for (const query of ['discipline_ids=1&discipline_ids=2&difficulty=medio', 'discipline_ids=2,1&difficulty=medio']) {
      const res = await search(query)
      expect(res.body).toMatchObject({ total: expected, total_exact: true })
    }
    expect((await search('discipline_ids=1&difficulty=medio')).body.total).toBeLessThan(expected)
    expect((await search('random=true&seed=abc')).body).toMatchObject({ total: COUNT_CAP, total_exact: false })
  })

  it('answers an empty page with the total still counted', async () => {
    const res = await search('search_term=usucapiao extraordinaria&page=2')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ data: [], total: 6, total_exact: true, page: 2 })
  })
})
