import { is } from 'drizzle-orm'
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core'

import * as schema from '#server/db/schema'

// What the schema says about a person's data (issue 61): which columns hold a users.id, and which
// tables hang off a row of the person's without naming them. The data export's and the account
// deletion's guards read these, never a hand list of tables.

/** uuid columns that are not a user's id, with what they are. Any other uuid column counts as a user reference. */
const UUIDS_NOT_USERS: Record<string, string> = {
  'users.id': 'the user itself',
  'payments.checkout_id': 'the checkout the browser carries through the payment provider',
}

export type Table = { name: string; table: PgTable; config: ReturnType<typeof getTableConfig> }

export type UserReference = {
  table: Table
  column: PgColumn
  /** `table.column` in SQL names. */
  key: string
  /** The foreign key's ON DELETE; undefined when the column has no foreign key to users. */
  onDelete: string | undefined
  /** A row's owner (user_id, author_id...), not an act on someone else's row (`*_by`). */
  owner: boolean
}

export type ChildTable = {
  table: Table
  /** The foreign key to the person's row it hangs off. */
  column: PgColumn
  parent: Table
  parentColumn: PgColumn
  onDelete: string | undefined
}

export function schemaTables(): Table[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table)
      return { name: config.name, table, config }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Every column that holds a users.id: a foreign key to users, a `user_id` or `*_by` column, or any other uuid. */
export function userReferences(): UserReference[] {
  const found: UserReference[] = []
  for (const t of schemaTables()) {
    const toUsers = new Map<string, string | undefined>()
    for (const fk of t.config.foreignKeys) {
      const ref = fk.reference()
      if (getTableConfig(ref.foreignTable).name === 'users') for (const c of ref.columns) toUsers.set(c.name, fk.onDelete)
    }
    for (const column of t.config.columns) {
      const key = `${t.name}.${column.name}`
      const named = /(^|_)user_id$|_by$/.test(column.name)
      const uuid = column.columnType === 'PgUUID' && !(key in UUIDS_NOT_USERS)
      if (!toUsers.has(column.name) && !named && !uuid) continue
      found.push({ table: t, column, key, onDelete: toUsers.get(column.name), owner: !column.name.endsWith('_by') })
    }
  }
  return found
}

/**
 * Tables with no user column of their own whose rows belong to a row the person owns (a
 * simulado's questions and answers through the simulado, a notebook's questions through the
 * notebook), followed as deep as they go.
 */
export function childTables(): ChildTable[] {
  const refs = userReferences()
  const referencing = new Set(refs.map((r) => r.table.name))
  const owned = new Set(refs.filter((r) => r.owner).map((r) => r.table.name))
  const children: ChildTable[] = []
  let grew = true
  while (grew) {
    grew = false
    for (const t of schemaTables()) {
      if (referencing.has(t.name) || t.name === 'users') continue
      for (const fk of t.config.foreignKeys) {
        const ref = fk.reference()
        const parentName = getTableConfig(ref.foreignTable).name
        if (!owned.has(parentName)) continue
        if (children.some((c) => c.table.name === t.name && c.parent.name === parentName)) continue
        const parent = schemaTables().find((p) => p.name === parentName)!
        children.push({ table: t, column: ref.columns[0], parent, parentColumn: ref.foreignColumns[0], onDelete: fk.onDelete })
        owned.add(t.name)
        grew = true
      }
    }
  }
  return children
}
