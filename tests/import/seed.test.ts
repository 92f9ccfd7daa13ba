import { count, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { disciplines, exams, questions } from '#server/db/schema'
import { seedDemoContent } from '#server/domain/import/seed'

import { createTestContext } from '../support/context'

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

it('fills an empty database from fixtures/ once, and does nothing the second time', async () => {
  await seedDemoContent(t.ctx)
  const [q] = await t.db.select({ n: count() }).from(questions)
  const [e] = await t.db.select({ n: count() }).from(exams)
  const [d] = await t.db.select({ n: count() }).from(disciplines)
  expect(q.n).toBe(64)
  expect(e.n).toBe(3)
  expect(d.n).toBe(20)
  const annulled = await t.db.select({ n: count() }).from(questions).where(isNull(questions.correctAnswer))
  expect(annulled[0].n).toBe(1)
  const rows = await t.db.select().from(questions)
  expect(new Set(rows.map((r) => r.disciplineId)).size).toBeGreaterThanOrEqual(8)
  expect(new Set(rows.map((r) => r.difficulty))).toEqual(new Set(['FACIL', 'MEDIO', 'DIFICIL']))
  expect(new Set(rows.map((r) => r.board)).size).toBeGreaterThanOrEqual(3)
  // No video: the demo never presents someone else's video as a lesson (issue 28).
  expect(rows.filter((r) => r.videoUrl).map((r) => r.videoUrl)).toEqual([])
  expect(rows.filter((r) => r.explanation).length).toBeGreaterThan(5)
  const text = rows.map((r) => `${r.statement} ${JSON.stringify(r.alternatives)} ${r.explanation ?? ''}`).join(' ')
  for (const tag of ['<n>', '<i>', '<red>', '<blue>', '<green>', '<br>']) expect(text).toContain(tag)
  await seedDemoContent(t.ctx)
  const [again] = await t.db.select({ n: count() }).from(questions)
  expect(again.n).toBe(64)
})
