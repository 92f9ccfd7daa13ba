import { afterAll, beforeAll, describe, expect, it } from 'vitest'

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
})
