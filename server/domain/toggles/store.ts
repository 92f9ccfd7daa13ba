import type { Db } from '../../db/index'
import { featureToggles } from '../../db/schema'
import type { Toggles } from './names'
import { ADMIN_TOGGLES, isAdminToggle } from './names'

// Where the switches are kept: a row per switch that was ever changed; a missing row is on.

export async function getToggles(db: Db): Promise<Toggles> {
  const rows = await db.select().from(featureToggles)
  const toggles = Object.fromEntries(ADMIN_TOGGLES.map((key) => [key, true])) as Toggles
  for (const row of rows) if (isAdminToggle(row.key)) toggles[row.key] = row.enabled
  return toggles
}

/**
 * Sets any subset of the toggles. Every policy reads the table afresh, so a change holds
 * from the next request of every user.
 */
export async function setToggles(db: Db, changes: Partial<Toggles>, at: Date): Promise<Toggles> {
  const entries = Object.entries(changes).filter(([key]) => isAdminToggle(key))
  for (const [key, enabled] of entries) {
    await db
      .insert(featureToggles)
      .values({ key, enabled: Boolean(enabled), updatedAt: at })
      .onConflictDoUpdate({ target: featureToggles.key, set: { enabled: Boolean(enabled), updatedAt: at } })
  }
  return getToggles(db)
}
