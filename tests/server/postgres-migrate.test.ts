import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { openDatabase } from '../../server/db/index'

// Servers started together on one new PostgreSQL database (replicas of one deploy) each migrate
// it at start: one applies the migrations, the others wait for it and find nothing left to do.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL migrations at start', () => {
  it('lets three servers starting at once on an empty database all open it, migrated once', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!
    const name = `gabarita_m_${crypto.randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    try {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.href, poolSize: 2 })))
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close()
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok'])
      const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'))
      const check = new pg.Client({ connectionString: url.href })
      await check.connect()
      const { rows } = await check.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
      await check.end()
      expect(rows[0].n).toBe(journal.entries.length)
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  }, 120_000)
})
