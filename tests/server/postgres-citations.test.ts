import fs from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { generateBank } from '../../bench/generate'
import { startServer } from '../../scripts/scale/cluster'
import type { Db } from '../../server/db/index'
import { openDatabase, queryRows } from '../../server/db/index'
import { CITATIONS_VERSION, readCitations } from '../../server/domain/citations/store'
import { runInWorker } from '../../server/worker-jobs'
import { withEmptyPostgres } from '../support/empty-postgres'
import { freePort } from '../support/free-port'

const SOURCE_WORKER = new URL('../../server/worker.ts', import.meta.url)
const BUILT_SERVER = path.resolve(process.env.BUILD_DIR || 'build', 'server/index.js')

async function unread(db: Db) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM questions WHERE citations_version IS DISTINCT FROM ${CITATIONS_VERSION}`,
  )
  return rows[0]!.n
}

/** The server process started on `url` (the sources with tsx, or the bundle), stopped once its citations pass has ended. */
async function serverReadsBank(url: string, db: Db, form: 'source' | 'built') {
  const server = await startServer({
    port: await freePort(),
    env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'info' },
    web: false,
    built: form === 'built',
  })
  try {
    // Until the server logs the pass's end (or its failure), or exits.
    for (let i = 0; i < 300 && !/legislação citada/.test(server.output()) && server.child.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 200))
    return { left: await unread(db), output: server.output() }
  } finally {
    await server.stop()
  }
}

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
        expect(await unread(one.db)).toBe(0)
      } finally {
        await one.close()
        await two.close()
      }
    })
  }, 120_000)

  // ADR 074: the pass runs in a worker thread, off the thread that serves the searches.
  it('reads the bank in a worker thread: every question read, its count answered, the citations stored', async () => {
    await withEmptyPostgres(async (url) => {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      try {
        await generateBank(database.db, 1_000)
        expect(await runInWorker(SOURCE_WORKER, { job: 'citations', databaseUrl: url })).toBe(1_000)
        expect(await unread(database.db)).toBe(0)
        const stored = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM question_citations`)
        expect(stored[0]!.n).toBeGreaterThan(0)
        // Nothing left to read: a second pass reads nothing.
        expect(await runInWorker(SOURCE_WORKER, { job: 'citations', databaseUrl: url })).toBe(0)
      } finally {
        await database.close()
      }
    })
  }, 120_000)

  it("rejects with the worker's error when it cannot reach the database", async () => {
    await expect(runInWorker(SOURCE_WORKER, { job: 'citations', databaseUrl: 'postgres://postgres@127.0.0.1:1/nenhum' })).rejects.toThrow(
      /ECONNREFUSED/,
    )
  }, 60_000)

  // The server wires it: from the sources (as index.ts does, scripts/scale/cluster.ts), and as built
  // (index.js finds worker.js beside it) once `npm run build` ran.
  for (const form of ['source', 'built'] as const) {
    it.skipIf(form === 'built' && !fs.existsSync(path.join(path.dirname(BUILT_SERVER), 'worker.js')))(
      `a server started (${form}) on a bank with unread questions reads them all in its worker`,
      async () => {
        await withEmptyPostgres(async (url) => {
          const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
          try {
            await generateBank(database.db, 600)
            const { left, output } = await serverReadsBank(url, database.db, form)
            expect(left, output).toBe(0)
            expect(output).toContain('legislação citada: questões lidas')
            expect(output).not.toContain('a leitura falhou')
          } finally {
            await database.close()
          }
        })
      },
      120_000,
    )
  }
})
