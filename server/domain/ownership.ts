import { and, eq } from 'drizzle-orm'

import type { Db } from '../db/index'
import { notebooks } from '../db/schema'

// Per-user resources other features filter by (the bank's and Revisão's notebook filter): another
// student's notebook is one that does not exist (404), wherever it is named.

/** The notebook when it exists and is this student's; null otherwise. */
export async function ownNotebook(db: Db, userId: string, id: number) {
  const [row] = await db
    .select({ id: notebooks.id, name: notebooks.name })
    .from(notebooks)
    .where(and(eq(notebooks.id, id), eq(notebooks.userId, userId)))
  return row ?? null
}

export const ownsNotebook = async (db: Db, userId: string, id: number) => (await ownNotebook(db, userId, id)) !== null
