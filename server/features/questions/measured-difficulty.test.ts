import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { questionAnswerStats } from '#server/db/schema'
import { measuredDifficulty, MIN_FIRST_ATTEMPTS } from '#server/domain/questions/difficulty'

import { createTestContext } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Issue 27: a card shows the difficulty students found (first attempts), once there are enough of
// them, saying how many; before that, only what the exam file set, and nothing when it set none.

let t: Awaited<ReturnType<typeof createTestContext>>
let ids: Record<'unset' | 'set' | 'measured' | 'few', number>

beforeAll(async () => {
  t = await createTestContext()
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Sem classificação.', difficulty: null },
    { discipline: 'Direito Civil', statement: 'Classificada pela prova.', difficulty: 'FACIL' },
    { discipline: 'Direito Civil', statement: 'Medida pelos alunos.', difficulty: 'FACIL' },
    { discipline: 'Direito Civil', statement: 'Poucas respostas.', difficulty: null },
  ])
  const [unset, set, measured, few] = bank.questions.map((q) => q.id)
  ids = { unset, set, measured, few }
  // The per-question counters the attempts trigger keeps (ADR 018), written directly: 5 of 20 right.
  await t.db.insert(questionAnswerStats).values([
    { questionId: measured, answer: 'A', attempts: 5, correct: 5, firstAttempts: 5, firstCorrect: 5 },
    { questionId: measured, answer: 'B', attempts: 15, firstAttempts: 15 },
    { questionId: few, answer: 'A', attempts: MIN_FIRST_ATTEMPTS - 1, correct: 0, firstAttempts: MIN_FIRST_ATTEMPTS - 1 },
  ])
})
afterAll(() => t.close())

describe('measured difficulty', () => {
  it('is Fácil from 70%, Médio from 40%, Difícil below, and nothing under the minimum of first attempts', () => {
    expect(measuredDifficulty(14, 20)).toEqual({ level: 'FACIL', first_attempts: 20 })
    expect(measuredDifficulty(8, 20)).toEqual({ level: 'MEDIO', first_attempts: 20 })
    expect(measuredDifficulty(7, 20)).toEqual({ level: 'DIFICIL', first_attempts: 20 })
    expect(measuredDifficulty(0, MIN_FIRST_ATTEMPTS - 1)).toBeNull()
  })

  it('comes with each card: measured over the file’s label, the file’s label alone, or nothing', async () => {
    const res = await contractRequest(t.app).get('/api/v1/questions/search?per_page=100').expect(200)
    const card = (id: number) => res.body.data.find((q: { id: number }) => q.id === id)
    expect(card(ids.unset)).toMatchObject({ difficulty_level: null, measured_difficulty: null })
    expect(card(ids.set)).toMatchObject({ difficulty_level: 'FACIL', measured_difficulty: null })
    expect(card(ids.measured)).toMatchObject({ difficulty_level: 'FACIL', measured_difficulty: { level: 'DIFICIL', first_attempts: 20 } })
    expect(card(ids.few)).toMatchObject({ difficulty_level: null, measured_difficulty: null })
  })
})
