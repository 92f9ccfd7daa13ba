import { describe, expect, it } from 'vitest'

import { childTables, schemaTables, userReferences } from '../../../tests/support/user-references'
import { KEPT_ON_DELETE } from './delete'

// Issue 61, ADR 022: deleting an account leaves no row pointing at the person. Every column the
// schema says holds a user's id (tests/support/user-references.ts) either cascades (the row is
// the person's) or is set null (the row stays for others: a forum thread, a payment), unless
// delete.ts names it in KEPT_ON_DELETE with a reason.

describe('account deletion covers the schema', () => {
  it('every column holding a user’s id cascades or is set null, or is named in KEPT_ON_DELETE', () => {
    const undecided = userReferences()
      .filter((r) => r.table.name !== 'users')
      .filter((r) => r.onDelete !== 'cascade' && r.onDelete !== 'set null' && !KEPT_ON_DELETE[r.key])
      .map((r) => `${r.key} (on delete ${r.onDelete ?? 'no foreign key'})`)
    expect(undecided, 'give the foreign key onDelete cascade or set null, or handle it in deleteMyAccount').toEqual([])
  })

  it('a column set null can hold null', () => {
    const notNull = userReferences()
      .filter((r) => r.onDelete === 'set null' && r.column.notNull)
      .map((r) => r.key)
    expect(notNull).toEqual([])
  })

  it('a table hanging off a row of the person’s goes with it, or loses the link', () => {
    const kept = childTables()
      .filter((c) => c.onDelete !== 'cascade' && c.onDelete !== 'set null')
      .map((c) => `${c.table.name} → ${c.parent.name}`)
    expect(kept).toEqual([])
  })

  it('names only existing columns in KEPT_ON_DELETE, each with a reason', () => {
    const columns = new Set(schemaTables().flatMap((t) => t.config.columns.map((c) => `${t.name}.${c.name}`)))
    for (const [key, reason] of Object.entries(KEPT_ON_DELETE)) {
      expect(columns.has(key), key).toBe(true)
      expect(reason.length, key).toBeGreaterThan(20)
    }
  })
})
