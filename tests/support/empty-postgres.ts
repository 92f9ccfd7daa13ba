import crypto from 'node:crypto'

import pg from 'pg'

/** Runs `use` on a new, empty database of TEST_DATABASE_URL's server (not migrated), then drops it. */
export async function withEmptyPostgres(use: (url: string) => Promise<void>) {
  const serverUrl = process.env.TEST_DATABASE_URL!
  const name = `gabarita_e_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  try {
    await use(url.href)
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}
