import crypto from 'node:crypto'

import { dropDatabase, freshDatabase } from '../../bench/harness'

/** Runs `use` on a new, empty database of TEST_DATABASE_URL's server (not migrated), then drops it. */
export async function withEmptyPostgres(use: (url: string) => Promise<void>) {
  const serverUrl = process.env.TEST_DATABASE_URL!
  const name = `gabarita_e_${crypto.randomBytes(6).toString('hex')}`
  const url = await freshDatabase(serverUrl, name)
  try {
    await use(url)
  } finally {
    await dropDatabase(serverUrl, name)
  }
}
