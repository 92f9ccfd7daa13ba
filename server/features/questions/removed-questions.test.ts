import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { errorReports } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// A question a forced re-import no longer lists is kept (with its users' data) but marked
// removed: no route may serve it or take anything for it (issue 9: GET /questions/{id} did).

let t: Awaited<ReturnType<typeof createTestContext>>
let live = 0
let removed = 0
beforeAll(async () => {
  t = await createTestContext()
  const { questions } = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Questão viva sobre contratos.', correctAnswer: 'A' },
    { discipline: 'Direito Civil', statement: 'Questão removida sobre posse.', correctAnswer: 'B', removed: true },
  ])
  live = questions[0].id
  removed = questions[1].id
})
afterAll(() => t.close())

describe('removed questions', () => {
  it('are 404 on GET /questions/{id}, live ones are served', async () => {
    expect((await contractRequest(t.app).get(`/api/v1/questions/${live}`)).status).toBe(200)
    const res = await contractRequest(t.app).get(`/api/v1/questions/${removed}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Questão não encontrada' })
  })

  it('take no attempt, reveal or error report (404)', async () => {
    const s = await createTestUser(t.ctx)
    const base = `/api/v1/questions/${removed}`
    expect((await contractRequest(t.app).post(`${base}/attempts`).set(s.auth).send({ answer: 'B' })).status).toBe(404)
    expect((await contractRequest(t.app).post(`${base}/reveal`).set(s.auth)).status).toBe(404)
    expect((await contractRequest(t.app).get(`${base}/reveal`).set(s.auth)).status).toBe(404)
    const report = await contractRequest(t.app).post(`${base}/error-reports`).send({ message: 'O gabarito está errado.' })
    expect(report.status).toBe(404)
    expect(report.body).toEqual({ error: 'Questão não encontrada' })
    expect(await t.db.select().from(errorReports).where(eq(errorReports.questionId, removed))).toEqual([])
  })
})
