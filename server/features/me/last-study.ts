import { eq } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { profiles } from '../../db/schema'

// Where the student stopped (issue 27, ADR 046): the last modo resolução page they opened. Its
// URL is the run's whole state (filters, position, start, tally: ADR 044), so keeping the URL is
// keeping the place; on the profile row, so it follows the student to any device, is in
// 'Baixar meus dados' and goes with the account.

export async function lastStudy(db: Db, userId: string) {
  const [row] = await db
    .select({ path: profiles.lastStudyPath, at: profiles.lastStudyAt })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  return row?.path && row.at ? { path: row.path, at: row.at.toISOString() } : null
}

export async function saveLastStudy(db: Db, userId: string, path: string, at: Date) {
  await db
    .insert(profiles)
    .values({ userId, lastStudyPath: path, lastStudyAt: at })
    .onConflictDoUpdate({ target: profiles.userId, set: { lastStudyPath: path, lastStudyAt: at } })
}
