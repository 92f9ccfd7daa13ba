import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { REFERENCE_CHANNEL } from './reference-data'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Inside the change's transaction: PostgreSQL delivers the NOTIFY to every server's listener
 * only if it commits (ADR 019). This process's caches are told at once by the caller
 * (referenceDataChanged after the commit).
 */
export async function notifyReferenceData(tx: Tx) {
  await tx.execute(sql`SELECT pg_notify(${REFERENCE_CHANNEL}, '')`)
}
