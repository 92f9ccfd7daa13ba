import { getTableConfig } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'

import { childTables, schemaTables, userReferences } from '../../../tests/support/user-references'
import { MyDataExportJson } from './contract'
import { EXPORTED, NOT_EXPORTED, type Section, sectionColumns } from './export'

// Issue 61: 'Baixar meus dados' holds everything we keep about a student. The tables come from
// the schema (tests/support/user-references.ts), not from a list: a new table whose column holds
// a user's id, or that hangs off a row of theirs, fails here until export.ts exports it
// (EXPORTED) or says why not (NOT_EXPORTED).

const sections = Object.entries(EXPORTED) as [string, Section][]
const tableName = (s: Section) => getTableConfig(s.table).name
const ownerColumn = (s: Section) => {
  const by = s.by
  if ('user' in by) return `${tableName(s)}.${by.user.name}`
  if ('email' in by) return `${tableName(s)}.${by.email.name}`
  return `${tableName(s)}.${by.column.name}`
}

describe('the data export covers the schema', () => {
  it('exports every column that holds a user’s id, or names it with a reason', () => {
    const exported = new Set(sections.map(([, s]) => ownerColumn(s)))
    const undecided = userReferences()
      .filter((r) => r.table.name !== 'users')
      .filter((r) => !exported.has(r.key) && !NOT_EXPORTED[r.key] && !NOT_EXPORTED[r.table.name])
      .map((r) => r.key)
    expect(undecided, 'add a section to EXPORTED, or the column to NOT_EXPORTED with its reason').toEqual([])
    expect(exported.has('users.id'), 'the account itself').toBe(true)
  })

  it('exports every table hanging off a row of the person’s through that row, or names it with a reason', () => {
    const children = childTables()
    expect(children.map((c) => c.table.name).sort()).toEqual(expect.arrayContaining(['notebook_questions', 'simulation_questions']))
    for (const child of children) {
      if (NOT_EXPORTED[child.table.name]) continue
      const section = sections.find(([, s]) => tableName(s) === child.table.name && 'parent' in s.by)
      expect(section, `${child.table.name} (through ${child.parent.name})`).toBeDefined()
      const by = section![1].by as { column: { name: string }; parent: string; parentColumn: { name: string } }
      expect(by.column.name, child.table.name).toBe(child.column.name)
      expect(tableName(EXPORTED[by.parent as keyof typeof EXPORTED]), child.table.name).toBe(child.parent.name)
      expect(by.parentColumn.name, child.table.name).toBe(child.parentColumn.name)
    }
  })

  it('names only what exists in NOT_EXPORTED, each with a reason, and exports none of it', () => {
    const tables = new Map(schemaTables().map((t) => [t.name, new Set(t.config.columns.map((c) => c.name))]))
    const exported = new Set(sections.map(([, s]) => ownerColumn(s)))
    for (const [key, reason] of Object.entries(NOT_EXPORTED)) {
      const [table, column] = key.split('.')
      expect(tables.has(table), key).toBe(true)
      if (column) expect(tables.get(table)!.has(column), key).toBe(true)
      expect(reason.length, key).toBeGreaterThan(20)
      expect(exported.has(key), key).toBe(false)
    }
  })

  it('leaves every secret out: password, temporary password and token hashes', () => {
    const leaked: string[] = []
    for (const [name, section] of sections)
      for (const column of Object.values(sectionColumns(section)))
        if (/hash|secret/.test(column.name)) leaked.push(`${name}: ${tableName(section)}.${column.name}`)
    expect(leaked).toEqual([])
    // The ones we know of are really there to leave out.
    const all = schemaTables().flatMap((t) => t.config.columns.map((c) => `${t.name}.${c.name}`))
    expect(all).toEqual(expect.arrayContaining(['users.password_hash', 'users.temp_password_hash', 'api_tokens.token_hash']))
  })

  it('describes every section in the contract (the OpenAPI document), and nothing else', () => {
    expect(Object.keys(MyDataExportJson.shape).sort()).toEqual([...Object.keys(EXPORTED), 'exported_at', 'receipts', 'sobre'].sort())
  })
})
