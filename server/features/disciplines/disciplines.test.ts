import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, questions } from '#server/db/schema'
import { UNCLASSIFIED, UNCLASSIFIED_KEY } from '#server/domain/import/parse-exam'

import { createTestContext } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// GET /disciplines against its contract (ADR 038): public, one shape, both levels by name.

let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
  await insertQuestions(t.db, [
    { discipline: 'Direito Penal', topics: ['Penas', 'Crimes'], statement: 'Questão de penal.' },
    { discipline: 'Direito Civil', topics: ['Obrigações'], statement: 'Questão de civil.' },
  ])
})
afterAll(() => t.close())

describe('GET /api/v1/disciplines', () => {
  it('lists every discipline with its topics, by name, to anyone', async () => {
    const res = await contractRequest(t.app).get('/api/v1/disciplines')
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    const names = res.body.data.map((d: { name: string; topics: { name: string }[] }) => [d.name, d.topics.map((x) => x.name)])
    expect(names).toEqual([
      ['Direito Civil', ['Obrigações']],
      ['Direito Penal', ['Crimes', 'Penas']],
    ])
  })

  it('offers to the filters only disciplines with live questions, never "Não classificada" (issue 63 §3)', async () => {
    await t.db.insert(disciplines).values([
      { name: 'Direito Eleitoral', nameKey: 'direito eleitoral' },
      { name: UNCLASSIFIED, nameKey: UNCLASSIFIED_KEY },
    ])
    const [unclassified] = await t.db.select().from(disciplines).where(eq(disciplines.nameKey, UNCLASSIFIED_KEY))
    const [civil] = await t.db.select().from(disciplines).where(eq(disciplines.name, 'Direito Civil'))
    await insertQuestions(t.db, [{ discipline: 'Direito Tributário', statement: 'Só uma, depois removida.', removed: true }])
    // An unlabelled question sits in the unclassified bucket: still not a filter's choice.
    await t.db.update(questions).set({ disciplineId: unclassified!.id }).where(eq(questions.disciplineId, civil!.id))
    const res = await contractRequest(t.app).get('/api/v1/disciplines')
    const offered = res.body.data.map((d: { name: string; in_filters: boolean }) => [d.name, d.in_filters])
    expect(offered).toEqual([
      ['Direito Civil', false],
      ['Direito Eleitoral', false],
      ['Direito Penal', true],
      ['Direito Tributário', false],
      [UNCLASSIFIED, false],
    ])
  })
})
