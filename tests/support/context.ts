import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import pino from 'pino'
import { inject } from 'vitest'

import { hashToken, openDatabaseWithSessions } from '#server/api/session'
import { createApp } from '#server/app'
import type { Config } from '#server/config'
import { loadConfig } from '#server/config'
import type { AppContext } from '#server/context'
import { openDatabase } from '#server/db/index'
import type { PlanName } from '#server/db/schema'
import { apiTokens, users } from '#server/db/schema'
import { systemClock } from '#server/domain/time/clock'

/**
 * A fresh database per test file: PGlite in memory by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards); either is a copy of
 * the run's migrated template (tests/support/global-setup.ts).
 */
export async function createTestContext(overrides: Partial<Config> = {}, options: { sessionCache?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-test-'))
  const config: Config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: undefined }),
    seedDemo: false,
    rateLimit: false,
    ...overrides,
  }
  // The server process's session cache (ADR 030), for the tests that are about it.
  const open = options.sessionCache ? openDatabaseWithSessions : openDatabase
  const serverUrl = process.env.TEST_DATABASE_URL
  let dropDatabase = async () => {}
  let databaseUrl: string | undefined
  let database
  if (serverUrl) {
    const name = `gabarita_t_${crypto.randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    database = await open({ kind: 'postgres', url: url.toString(), poolSize: 4, migrated: true })
    config.databaseKind = 'postgres'
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    }
  } else {
    const from = new Blob([fs.readFileSync(inject('pgliteTemplate'))])
    database = await open({ kind: 'pglite', from, migrated: true })
  }
  const ctx: AppContext = { config, database, db: database.db, logger: pino({ level: 'silent' }), clock: systemClock() }
  const app = createApp(ctx)
  return {
    ctx,
    app,
    db: database.db,
    /** The PostgreSQL server's URL for this file's database (undefined on PGlite). */
    databaseUrl,
    async close() {
      await database.close()
      await dropDatabase()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The run's migrated PGlite template to start from, or nothing (a PostgreSQL run: migrate from scratch). */
function fromTemplate() {
  const template = inject('pgliteTemplate')
  return template ? { from: new Blob([fs.readFileSync(template)]), migrated: true } : {}
}

/**
 * Fills `dir` (a server's DATA_DIR) with a copy of the run's migrated PGlite template, so that a
 * server or an openDatabase started on it skips the migrations (≈10 s of CPU on a fresh directory).
 */
export async function migratedDataDir(dir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir, ...fromTemplate() })
  await database.close()
}

/** An in-memory PGlite from the run's migrated template. */
export function openMigratedPglite() {
  return openDatabase({ kind: 'pglite', ...fromTemplate() })
}

let counter = 0
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z')

type UserRow = { email: string; name: string; planName: PlanName }

function userRow(options: { plan?: PlanName; name?: string; email?: string } = {}): UserRow {
  counter += 1
  return {
    email: options.email ?? `aluno${counter}-${crypto.randomBytes(3).toString('hex')}@teste.gabarita`,
    name: options.name ?? `Aluno ${counter}`,
    planName: options.plan ?? 'GRATUITO',
  }
}

/** A user with a live bearer token (password login is the accounts API's job). */
export async function createTestUser(ctx: AppContext, options: { plan?: PlanName; name?: string; email?: string } = {}) {
  const [made] = await insertUsers(ctx, [userRow(options)])
  return made!
}

/**
 * `count` users with live bearer tokens, in two statements a thousand: the sweeps over every route
 * (fuzz, openapi-driven) take a new user per request, and three statements each were most of their time.
 */
export async function createTestUsers(ctx: AppContext, count: number, options: { plan?: PlanName } = {}) {
  const made = []
  // A statement's parameters are bounded (65,535 in PostgreSQL's protocol).
  for (let start = 0; start < count; start += 1_000)
    made.push(
      ...(await insertUsers(
        ctx,
        Array.from({ length: Math.min(1_000, count - start) }, () => userRow(options)),
      )),
    )
  return made
}

async function insertUsers(ctx: AppContext, rows: UserRow[]) {
  const inserted = await ctx.db.insert(users).values(rows).returning()
  const tokens = inserted.map(() => crypto.randomBytes(32).toString('base64url'))
  // Tests move the one clock by days and months (Revisão, simulados, billing): their users' tokens
  // outlive any move. Session expiry has its own tests, with tokens made by createApiToken.
  await ctx.db
    .insert(apiTokens)
    .values(inserted.map((user, i) => ({ userId: user.id, tokenHash: hashToken(tokens[i]!), remember: false, expiresAt: FAR_FUTURE })))
  return inserted.map((user, i) => ({ user, token: tokens[i]!, auth: { Authorization: `Bearer ${tokens[i]}` } }))
}
