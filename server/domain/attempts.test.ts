import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, reviewCards } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../tests/support/context'
import { insertQuestions } from '../../tests/support/questions'
import { recordAnswers } from './attempts'

let t: Awaited<ReturnType<typeof createTestContext>>
let userId: string
let ids: number[]
beforeAll(async () => {
  t = await createTestContext()
  userId = (await createTestUser(t.ctx)).user.id
  const { questions } = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Primeira.' },
    { discipline: 'Direito Civil', statement: 'Segunda.' },
  ])
  ids = questions.map((q) => q.id)
})
afterAll(() => t.close())

const at = new Date('2026-12-06T12:00:00Z')

describe('recording answers', () => {
  it('keeps each answer, marks the first one at a question and reviews its card', async () => {
    const recorded = await t.db.transaction((tx) =>
      recordAnswers(tx, userId, [
        { questionId: ids[0]!, answer: 'A', correct: false, elapsedSeconds: 40, at },
        { questionId: ids[0]!, answer: 'B', correct: true, elapsedSeconds: null, at },
      ]),
    )
    expect(recorded).toHaveLength(2)
    expect(recorded.every((r) => r.review !== null)).toBe(true)
    const rows = await t.db.select().from(attempts).where(eq(attempts.userId, userId)).orderBy(attempts.id)
    expect(rows.map((r) => [r.answer, r.correct, r.isFirst, r.source])).toEqual([
      ['A', false, true, 'list'],
      ['B', true, false, 'list'],
    ])
    const cards = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, userId))
    expect(cards.map((c) => c.questionId)).toEqual([ids[0]])
  })

  it('records an answer queued offline once, however many times the phone sends it', async () => {
    const answer = { questionId: ids[1]!, answer: 'C', correct: true, elapsedSeconds: null, at, clientId: 'fila-1' }
    const first = await t.db.transaction((tx) => recordAnswers(tx, userId, [answer], { source: 'offline' }))
    const again = await t.db.transaction((tx) => recordAnswers(tx, userId, [answer], { source: 'offline' }))
    expect(first.map((r) => r.clientId)).toEqual(['fila-1'])
    expect(again).toEqual([])
    expect(await t.db.select().from(attempts).where(eq(attempts.clientId, 'fila-1'))).toHaveLength(1)
  })
})
