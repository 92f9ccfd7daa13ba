import { entityKind, Param, SQL, StringChunk } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

const dialect = new PgDialect()

/** Met a chunk the short walk does not render: drizzle's own renderer does the whole statement. */
const UNUSUAL = Symbol('unusual chunk')

type Rendered = { text: string; params: unknown[] }

/**
 * A raw statement's text and parameters, the same as `dialect.sqlToQuery` gives
 * (server/db/render-sql.test.ts compares them). Drizzle's renderer asks every chunk of every
 * fragment whether it is each of a dozen kinds of entity, through a helper that sees every kind
 * the process ever renders; in the server that cost a search ≈ 48 µs of Node, twice what it cost
 * in a process running only that statement (ADR 070). The statements written with `sql` are made
 * of text, fragments, parameters and plain values: this walks those, and hands anything else
 * (a table, a column, a placeholder, inlined parameters) to drizzle.
 */
export function renderSql(query: SQL): Rendered {
  const out: Rendered = { text: '', params: [] }
  try {
    walk([query], out)
    return out
  } catch (error) {
    if (error !== UNUSUAL) throw error
    const { sql: text, params } = dialect.sqlToQuery(query)
    return { text, params }
  }
}

function walk(chunks: readonly unknown[], out: Rendered) {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) out.text += chunk.value.join('')
    else if (chunk instanceof SQL) {
      // `sql.inlineParams()`: values written into the text, which drizzle escapes.
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw UNUSUAL
      walk(chunk.queryChunks, out)
    } else if (chunk instanceof Param) {
      // A placeholder is never given to the encoder (drizzle checks it first), nor is what it maps to SQL.
      if (isEntity(chunk.value)) throw UNUSUAL
      const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value)
      if (isEntity(value)) throw UNUSUAL
      out.params.push(value)
      out.text += `$${out.params.length}`
    } else if (chunk === undefined) continue
    else if (Array.isArray(chunk)) {
      // A list in the template is written out as one, each item by these same rules (as drizzle does).
      out.text += '('
      for (let i = 0; i < chunk.length; i++) {
        if (i) out.text += ', '
        walk([chunk[i]], out)
      }
      out.text += ')'
    } else if (isEntity(chunk)) throw UNUSUAL
    else {
      out.params.push(chunk)
      out.text += `$${out.params.length}`
    }
  }
}

/** Something drizzle renders as more than a parameter: one of its entities, or an object that gives SQL. */
function isEntity(value: unknown) {
  if (typeof value === 'function') return true
  if (value === null || typeof value !== 'object') return false
  return typeof (value as { getSQL?: unknown }).getSQL === 'function' || entityKind in (value.constructor ?? {})
}
