import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { importExamBytes } from '#server/domain/import/importer'

import { createTestContext, createTestUser } from '../../tests/support/context'
import { contractRequest } from '../../tests/support/contract'
import { outcomeOf, passMark, scoreOf } from './answering'

// The one rule of right and wrong (issue 62), and a simulado's one score: a key the exam's file
// annuls after delivery re-grades it, and the history, the result and the comparison agree.

describe('the rule', () => {
  it('reads a letter against a key: case aside, blank is nothing, annulled counts for everyone', () => {
    expect(outcomeOf('b', 'B')).toBe('right')
    expect(outcomeOf('C', 'B')).toBe('wrong')
    expect(outcomeOf(null, 'B')).toBe('blank')
    expect(outcomeOf('', 'B')).toBe('blank')
    expect(outcomeOf('A', null)).toBe('annulled')
    expect(outcomeOf(null, null)).toBe('annulled')
    expect(
      scoreOf([
        { choice: 'A', key: 'A' },
        { choice: 'B', key: 'A' },
        { choice: null, key: 'A' },
        { choice: null, key: null },
      ]),
    ).toEqual({ score: 2, right: 2, wrong: 1, blank: 1, annulled: 1, size: 4, passed: true })
    expect([passMark(80), passMark(10), passMark(5)]).toEqual([40, 5, 3])
  })
})

const exam = (keys: string[]) =>
  Buffer.from(
    [
      'PROVA: Prova da Regra Única',
      'ANO: 2020',
      'BANCA: FGV',
      '',
      ...keys.flatMap((key, i) => [
        `QUESTAO: ${i + 1}`,
        'DISCIPLINA: Direito Civil',
        'ENUNCIADO:',
        `Enunciado da questão ${i + 1} sobre a regra única.`,
        'A) Primeira.',
        'B) Segunda.',
        'C) Terceira.',
        'D) Quarta.',
        `GABARITO: ${key}`,
        '',
      ]),
    ].join('\n'),
  )

describe('a simulado has one score', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t?.close())

  it('is re-graded when the file annuls a question after delivery: history, result and the stored score agree', async () => {
    const keys = ['A', 'B', 'C', 'D', 'A', 'B']
    expect((await importExamBytes(t.db, 'regra.txt', exam(keys), { force: true, now: new Date() })).success).toBe(true)
    const student = await createTestUser(t.ctx, { plan: 'GRATUITO' })
    const api = contractRequest(t.app)
    const exams = (await api.get('/api/v1/exams').set(student.auth).expect(200)).body.exams as { id: number; name: string }[]
    const examId = exams.find((e) => e.name.startsWith('Prova da Regra Única'))!.id
    const started = await api.post('/api/v1/simulations').set(student.auth).send({ kind: 'prova_anterior', exam_id: examId })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const id = started.body.simulation.id as number
    const sheet = (await api.get(`/api/v1/simulations/${id}`).set(student.auth).expect(200)).body
    const questionIds = (sheet.sheet as { question_id: number }[]).map((c) => c.question_id)
    // Right on 1 and 2, wrong on 3 (key C, chose A), blank on the rest.
    for (const [i, choice] of ['A', 'B', 'A'].entries())
      await api.put(`/api/v1/simulations/${id}/answers/${questionIds[i]}`).set(student.auth).send({ choice }).expect(200)
    await api.post(`/api/v1/simulations/${id}/finish`).set(student.auth).expect(200)
    const scored = async () => ({
      history: (
        (await api.get('/api/v1/simulations').set(student.auth).expect(200)).body.simulations as { id: number; score: number }[]
      ).find((s) => s.id === id)!.score,
      result: (await api.get(`/api/v1/simulations/${id}/result`).set(student.auth).expect(200)).body.result as {
        score: number
        passed: boolean
        annulled: number
      },
    })
    const before = await scored()
    expect(before.history).toBe(2)
    expect(before.result).toMatchObject({ score: 2, passed: false, annulled: 0 })

    // The board annuls question 3 (the one she got wrong): everyone's score goes up by one.
    const annulled = ['A', 'B', 'ANULADA', 'D', 'A', 'B']
    expect((await importExamBytes(t.db, 'regra.txt', exam(annulled), { force: true, now: new Date() })).success).toBe(true)
    const after = await scored()
    expect(after.history).toBe(3)
    expect(after.result).toMatchObject({ score: 3, passed: true, annulled: 1 })
  })
})
