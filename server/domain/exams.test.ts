import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestContext } from '../../tests/support/context'
import { insertQuestions } from '../../tests/support/questions'
import { examEdition, listExams } from './exams'

describe('an exam’s edition', () => {
  it('reads a Roman numeral or the year’s suffix', () => {
    expect(examEdition('XXXV Exame de Ordem Unificado')).toBe(35)
    expect(examEdition('XLI Exame de Ordem Unificado')).toBe(41)
    expect(examEdition('Exame de Ordem Unificado 2010.3')).toBe(3)
    expect(examEdition('Concurso TJ-SP 2024')).toBe(0)
  })
})

describe('the exams listed', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>
  beforeAll(async () => {
    t = await createTestContext()
    const old = { name: 'XXXV Exame de Ordem Unificado', year: 2022, board: 'FGV', organization: 'OAB' }
    const recent = { name: 'XXXIX Exame de Ordem Unificado', year: 2023, board: 'FGV', organization: 'OAB' }
    await insertQuestions(t.db, [
      { discipline: 'Direito Civil', exam: old, number: 1, statement: 'Primeira.' },
      { discipline: 'Direito Civil', exam: old, number: 2, statement: 'Segunda.', correctAnswer: null },
      { discipline: 'Direito Penal', exam: recent, number: 1, statement: 'Uma.' },
      { discipline: 'Direito Penal', exam: recent, number: 3, statement: 'A segunda, numerada 3.' },
    ])
  })
  afterAll(() => t.close())

  it('come newest first, with their counts, and whole only when numbered without a gap', async () => {
    const listed = await listExams(t.db)
    expect(listed.map((e) => [e.name, e.question_count, e.annulled_count, e.complete])).toEqual([
      ['XXXIX Exame de Ordem Unificado', 2, 0, false],
      ['XXXV Exame de Ordem Unificado', 2, 1, true],
    ])
  })
})
