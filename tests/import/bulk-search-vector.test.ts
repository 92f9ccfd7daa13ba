import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { importExamBytes } from '#server/domain/import/importer'

import { examFile } from '../../scripts/exam-files'
import { createTestContext } from '../support/context'

// The importer computes the search vector in its own set-wise INSERT (bench/README.md):
// it must be exactly what the trigger writes for a question inserted one by one.
let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(async () => t.close())

describe('bulk import search vector', () => {
  it('equals the trigger’s vector, and a forced re-import keeps it so', async () => {
    const bytes = examFile({ name: 'Simulado Vetor', year: 2022, count: 30 })
    expect((await importExamBytes(t.db, 'v.txt', bytes, { force: true, now: new Date() })).success).toBe(true)
    const differs = async () =>
      (
        (await t.db.execute(sql`
        SELECT count(*)::int AS n FROM questions q JOIN disciplines d ON d.id = q.discipline_id
        WHERE q.search_vector IS DISTINCT FROM gabarita_question_vector(q.statement, q.alternatives, d.name)`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows[0].n
    expect(await differs()).toBe(0)
    // The trigger on a plain INSERT (no vector given) computes the same thing.
    await t.db.execute(sql`
      INSERT INTO questions (short_id, exam_id, number, discipline_id, statement, alternatives, correct_answer, year, board)
      SELECT 'zz' || number, exam_id, number + 1000, discipline_id, statement, alternatives, correct_answer, year, board FROM questions WHERE number = 1`)
    const pair = (await t.db.execute(
      sql`SELECT count(DISTINCT search_vector::text)::int AS n FROM questions WHERE number IN (1, 1001)`,
    )) as unknown as { rows: { n: number }[] }
    expect(pair.rows[0].n).toBe(1)
    expect((await importExamBytes(t.db, 'v.txt', bytes, { force: true, now: new Date() })).success).toBe(true)
    expect(await differs()).toBe(0)
    const found = (await t.db.execute(
      sql`SELECT count(*)::int AS n FROM questions WHERE search_vector @@ to_tsquery('portuguese', 'usucapiao')`,
    )) as unknown as { rows: { n: number }[] }
    expect(found.rows[0].n).toBeGreaterThanOrEqual(30)
  })
})
