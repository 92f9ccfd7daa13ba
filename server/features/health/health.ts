import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'

/** True when the database answers a trivial query (the health check's probe). */
export async function databaseReachable(db: Db) {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
