import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { generateBank } from '../../bench/generate'
import { openDatabase, queryRows } from '../../server/db/index'
import { CITATIONS_VERSION, readCitations } from '../../server/domain/citations/store'
import { withEmptyPostgres } from '../support/empty-postgres'

// Replicas of one deploy start together, and each runs the start-up pass over the questions whose
// citations are unread (ADR 055): they share it, each question read by one of them.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the citations pass on PostgreSQL', () => {
  it('splits the unread questions between two servers reading at once: each is read once', async () => {
    await withEmptyPostgres(async (url) => {
      const one = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      const two = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      try {
        await generateBank(one.db, 3_000)
        const [a, b] = await Promise.all([readCitations(one.db), readCitations(two.db)])
        expect(a + b).toBe(3_000)
        expect(a).toBeGreaterThan(0)
        expect(b).toBeGreaterThan(0)
        const unread = await queryRows<{ n: number }>(
          one.db,
          sql`SELECT count(*)::int AS n FROM questions WHERE citations_version IS DISTINCT FROM ${CITATIONS_VERSION}`,
        )
        expect(unread[0]!.n).toBe(0)
      } finally {
        await one.close()
        await two.close()
      }
    })
  }, 120_000)
})
