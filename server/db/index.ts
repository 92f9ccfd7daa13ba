import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

import { projectRoot } from '../paths'
import { acquireDirectoryLock } from './lock'
import { renderSql } from './render-sql'
import * as schema from './schema'

export type Schema = typeof schema
/** The one database type the domain code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
}

/**
 * Notices on one channel: `heard` gets each payload, `hearing(false)` says some may be missed
 * (no connection is open), `hearing(true)` that they are heard again.
 */
export type Listener = { channel: string; heard: (payload: string) => void; hearing: (on: boolean) => void }

export type OpenOptions = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined = in memory (tests); `from`: the data directory of a `dumpDataDir()` to start from. */
  | { kind: 'pglite'; dataDir?: string; from?: Blob }
) & {
  /** A channel every connection LISTENs on (the server's session cache: server/api/session.ts). */
  listen?: Listener
  /** The database is a copy of one already migrated (the tests' template): skip the migrations. */
  migrated?: boolean
}

/**
 * Rows of a raw query. On PostgreSQL, with `prepare`, it runs as a named prepared statement
 * (named by a hash of its text), so each connection plans a query shape once instead of per
 * request: planning was half the cost of a search page (bench/README.md). Keep the text stable
 * per shape: pass lists as one array parameter (`= ANY(${sql.param(ids)}::int[])`). Leave
 * `prepare` off where the plan depends on the values, as a text search's does (a generic plan
 * cannot tell a word in 70% of the rows from one in 0.2%).
 */
export async function queryRows<T>(db: Db, query: SQL, options: { prepare?: boolean } = {}): Promise<T[]> {
  // The pool itself (not a transaction, which runs on its own connection through drizzle):
  // the statement rendered by renderSql, cheaper than drizzle's renderer (ADR 070).
  const client = (db as unknown as { $client: unknown }).$client
  if (!(client instanceof pg.Pool)) return ((await db.execute(query)) as unknown as { rows: T[] }).rows
  const { text, params } = renderSql(query)
  if (!options.prepare) return (await client.query({ text, values: params, types: AS_EXECUTE_READS })).rows as T[]
  const name = `g_${crypto.createHash('sha1').update(text).digest('base64url')}`
  return (await client.query({ name, text, values: params })).rows as T[]
}

// The types `db.execute` leaves as PostgreSQL writes them (drizzle-orm/node-postgres's session):
// dates, times and intervals, their arrays, and numeric arrays. Unprepared rows read exactly as
// they did through it (render-sql.test.ts compares the two on PostgreSQL).
const AS_WRITTEN = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
])
const asWritten = (value: string) => value
const AS_EXECUTE_READS = {
  getTypeParser: (typeId: number, format?: string) =>
    AS_WRITTEN.has(typeId) ? asWritten : pg.types.getTypeParser(typeId, format as 'text'),
}

/**
 * Every connection of the pool LISTENs for changed accounts before it is handed out: PostgreSQL
 * hands a connection the notices of its own commits before the commit returns, so a change made
 * here is never read stale here; another server's arrives on any idle connection a moment after
 * its commit. With no connection open nobody hears them, so the cache stops until one opens.
 */
function listenOnConnect(listener: Listener) {
  return async (client: pg.PoolClient) => {
    client.on('notification', (notice) => {
      if (notice.channel === listener.channel && notice.payload) listener.heard(notice.payload)
    })
    await client.query(`LISTEN ${listener.channel}`)
    listener.hearing(true)
  }
}

// Migrations and SQL sit next to this file in the source tree; the bundled server
// (build/server) finds them under the project root.
function resolveDbDir() {
  const candidates = [path.dirname(fileURLToPath(import.meta.url)), path.join(projectRoot(), 'server/db')]
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'migrations/meta/_journal.json')))
  if (!found) throw new Error('Migrações não encontradas (server/db/migrations)')
  return found
}

async function runPostMigrationSql(exec: (sql: string) => Promise<unknown>, dbDir: string) {
  const sqlDir = path.join(dbDir, 'sql')
  if (!fs.existsSync(sqlDir)) return
  for (const file of fs
    .readdirSync(sqlDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    await exec(fs.readFileSync(path.join(sqlDir, file), 'utf8'))
  }
}

/** 'gabarita' in ASCII: the advisory lock a server holds while it migrates (ADR 071). */
const MIGRATION_LOCK = '7449343429318374497'

/**
 * The migrations and the SQL after them, one server at a time: replicas started together on one
 * database raced on the same tables and functions, and all but one failed to start (ADR 071). Run
 * on the connection that holds the lock, so a pool of one connection cannot wait on itself.
 */
async function migrateAlone(pool: pg.Pool, migrationsFolder: string, dbDir: string) {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK])
    await migratePg(drizzlePg(client), { migrationsFolder })
    await runPostMigrationSql((s) => client.query(s), dbDir)
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK])
    client.release()
  } catch (error) {
    // Closed, not returned to the pool: the lock ends with its session.
    client.release(error instanceof Error ? error : true)
    throw error
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const dbDir = resolveDbDir()
  const migrationsFolder = path.join(dbDir, 'migrations')
  if (options.kind === 'postgres') {
    const { listen } = options
    const poolConfig = {
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // pg-pool awaits onConnect before a new connection's first query (@types/pg lacks it).
      ...(listen ? { onConnect: listenOnConnect(listen) } : {}),
    }
    const pool = new pg.Pool(poolConfig as pg.PoolConfig)
    // An idle connection the server closes (restart, admin termination) is dropped from
    // the pool and replaced on the next query; without a listener it would crash the process.
    pool.on('error', (error) => {
      console.error(`Conexão ociosa com o PostgreSQL encerrada: ${error.message}`)
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    if (listen) {
      pool.on('remove', () => {
        if (pool.totalCount === 0) listen.hearing(false)
      })
    }
    try {
      await pool.query('SET client_min_messages TO warning')
      if (!options.migrated) await migrateAlone(pool, migrationsFolder, dbDir)
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db, kind: 'postgres', close: () => pool.end() }
  }

  let release = () => {}
  let dataPath: string | undefined
  if (options.dataDir) {
    release = acquireDirectoryLock(options.dataDir)
    dataPath = path.join(options.dataDir, 'pglite')
  }
  try {
    const client = await PGlite.create(dataPath ?? 'memory://', {
      extensions: { unaccent, pg_trgm },
      loadDataDir: options.from,
      // shared_buffers 128MB (PostgreSQL's default) grew the WASM heap to 189 MB; 32MB keeps
      // it at its initial 128 MB: -137 MB RSS after a restart, searches as fast (ADR 021).
      // PGlite's own start parameters (--single etc.) must stay in front.
      startParams: [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', 'shared_buffers=32MB'],
    })
    const db = drizzlePglite(client, { schema }) as unknown as Db
    if (!options.migrated) {
      await migratePglite(db as never, { migrationsFolder })
      await runPostMigrationSql((s) => client.exec(s), dbDir)
    }
    if (options.listen) {
      // The one process on this data directory hears its own commits before they return.
      const { channel, heard, hearing } = options.listen
      await client.listen(channel, heard)
      hearing(true)
    }
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
