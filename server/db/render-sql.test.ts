import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'

import { createTestContext } from '../../tests/support/context'
import type { SearchParams } from '../domain/questions/search'
import { searchParamsWith, searchStatement } from '../domain/questions/search'
import { queryRows } from './index'
import { renderSql } from './render-sql'
import { questions } from './schema'

const dialect = new PgDialect()
const drizzles = (query: ReturnType<typeof sql>) => {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return { text, params }
}

const USER = '00000000-0000-4000-8000-000000000b0b'
const NOW = new Date('2026-11-29T12:00:00Z')

// Every filter the search takes, alone and together, signed in and not: each shape of its statement.
const SEARCHES: Partial<SearchParams>[] = [
  {},
  { userId: USER },
  { searchTerm: 'usucapião extraordinária', userId: USER },
  { searchTerm: '#5dki1r9a' },
  { random: true, seed: 'bench-visitor', page: 3, perPage: 50 },
  { disciplineIds: [1, 2], difficulties: ['MEDIO'], years: [2020, 2023], userId: USER },
  { topicIds: [7], examBoards: ['FGV'], examIds: [3], organizations: ['OAB', 'Tribunal'], citationKeys: ['cf', 'lei:8666'] },
  ...(['unsolved', 'solved', 'wrong', 'right', 'to_review'] as const).map((status) => ({ status, userId: USER, now: NOW })),
  { notebookId: 12, userId: USER },
  { hasExplanation: true, annulled: false, excludeOutdated: true },
  { hasExplanation: false, annulled: true, searchTerm: 'direito', page: 2 },
]

describe('renderSql', () => {
  it('writes every shape of the search statement as drizzle does: the same text, the same parameters', () => {
    for (const search of SEARCHES) {
      const statement = searchStatement(searchParamsWith(search))
      expect(renderSql(statement), JSON.stringify(search)).toEqual(drizzles(statement))
    }
  })

  it('writes fragments, joins, raw text, lists, nulls, dates and array parameters as drizzle does', () => {
    const when = new Date('2026-01-02T03:04:05Z')
    const statement = sql`SELECT ${1}, ${'a'}, ${null}, ${true}, ${when}, ${undefined} FROM t WHERE id IN ${[1, 2, 3]}
      AND tag = ANY(${sql.param(['x', 'y'])}::text[]) AND ${sql.join([sql`a = ${2}`, sql`b = ${sql`${3}`}`], sql` OR `)} ${sql.raw('ORDER BY 1')}`
    expect(renderSql(statement)).toEqual(drizzles(statement))
  })

  it('hands tables, columns, placeholders and inlined values to drizzle, with the same result', () => {
    for (const statement of [
      sql`SELECT ${questions.id} FROM ${questions} WHERE ${questions.number} = ${4}`,
      sql`SELECT 1 WHERE x = ${sql.placeholder('x')}`,
      // A placeholder inside a parameter whose encoder would turn it into text.
      sql`SELECT 1 WHERE x = ${sql.param(sql.placeholder('x'), { mapToDriverValue: (v: unknown) => JSON.stringify(v) })}`,
      sql`SELECT ${"o'brien"}`.inlineParams(),
      sql`SELECT ${sql.identifier('a b')}`,
    ])
      expect(renderSql(statement)).toEqual(drizzles(statement))
  })
})

// Only a PostgreSQL pool takes the short way (the CI's second run sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('queryRows on PostgreSQL', () => {
  it('reads an unprepared statement exactly as db.execute does (dates, times and intervals as written)', async () => {
    const t = await createTestContext()
    try {
      const statement = sql`SELECT now() AS tz, localtimestamp AS ts, current_date AS d, interval '1 day 2 hours' AS i,
        ARRAY[now()] AS tzs, ARRAY[current_date] AS ds, ARRAY[1.5::numeric] AS ns, 2.5::numeric AS n, ${7}::int AS seven,
        ${'ç'}::text AS word, true AS yes, '{"a":1}'::json AS j, ${sql.param([1, 2])}::int[] AS ids, NULL::timestamptz AS none`
      const [viaExecute] = ((await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows
      const [viaRows] = await queryRows<Record<string, unknown>>(t.db, statement)
      expect(typeof viaExecute!.tz).toBe('string')
      // now() is the transaction's start: the two reads differ only in it and what derives from it.
      const steady = ({ tz, ts, tzs, d, ds, ...rest }: Record<string, unknown>) => ({
        ...rest,
        types: [tz, ts, tzs, d, ds].map((v) => typeof v),
      })
      expect(steady(viaRows!)).toEqual(steady(viaExecute!))
      expect(viaRows).toMatchObject({
        i: '1 day 02:00:00',
        ns: '{1.5}',
        n: '2.5',
        seven: 7,
        word: 'ç',
        yes: true,
        j: { a: 1 },
        ids: [1, 2],
        none: null,
      })
    } finally {
      await t.close()
    }
  })
})
