import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { openDatabase } from '../../server/db/index'
import { withEmptyPostgres } from '../support/empty-postgres'

// Servers started together on one new PostgreSQL database (replicas of one deploy) each migrate
// it at start: one applies the migrations, the others wait for it and find nothing left to do.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL migrations at start', () => {
  it('lets three servers starting at once on an empty database all open it, migrated once', async () => {
    await withEmptyPostgres(async (url) => {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url, poolSize: 2 })))
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close()
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok'])
      const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'))
      const check = new pg.Client({ connectionString: url })
      await check.connect()
      const { rows } = await check.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
      await check.end()
      expect(rows[0].n).toBe(journal.entries.length)
    })
  }, 120_000)
})
