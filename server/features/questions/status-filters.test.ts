import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Issue 27, "what I already did": the search filters by the student's own last result
// ("não resolvidas", "que errei", "que acertei"), by the teacher's analysis and without annulled
// questions; every card carries the caller's last attempt (null for a visitor).

let t: Awaited<ReturnType<typeof createTestContext>>
let api: ReturnType<typeof contractRequest>
/** Named by the student's last result: fixedRight was answered wrong then right, rightThenWrong the other way. */
let ids: Record<'fixedWrong' | 'fixedRight' | 'rightThenWrong' | 'untouched' | 'annulled' | 'bare', number>
let student: Awaited<ReturnType<typeof createTestUser>>

beforeAll(async () => {
  t = await createTestContext()
  api = contractRequest(t.app)
  const exam = { name: 'XXXIX Exame de Ordem', year: 2024, board: 'FGV', organization: 'OAB' }
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', exam, statement: 'Errada e depois certa.', correctAnswer: 'B', explanation: 'Art. 421.' },
    { discipline: 'Direito Civil', exam, statement: 'Certa de primeira.', correctAnswer: 'C' },
    { discipline: 'Direito Penal', exam, statement: 'Certa e depois errada.', correctAnswer: 'D', explanation: 'Art. 23.' },
    { discipline: 'Direito Penal', exam, statement: 'Nunca respondida.', correctAnswer: 'A', explanation: '   ' },
    { discipline: 'Direito Penal', exam, statement: 'Anulada pela banca.', correctAnswer: null, explanation: 'Anulada.' },
    { discipline: 'Direito Penal', statement: 'De outra prova.', correctAnswer: 'A' },
  ])
  const q = bank.questions
  ids = { fixedRight: q[0].id, fixedWrong: q[1].id, rightThenWrong: q[2].id, untouched: q[3].id, annulled: q[4].id, bare: q[5].id }
  student = await createTestUser(t.ctx, { plan: 'PRO' })
  const answer = (id: number, letter: string) =>
    api.post(`/api/v1/questions/${id}/attempts`).set(student.auth).send({ answer: letter }).expect(201)
  await answer(q[0].id, 'A')
  await answer(q[0].id, 'B')
  await answer(q[1].id, 'A')
  await answer(q[2].id, 'D')
  await answer(q[2].id, 'A')
})
afterAll(() => t.close())

const search = (query: string, auth?: Record<string, string>) => {
  const r = api.get(`/api/v1/questions/search?per_page=100&${query}`)
  return auth ? r.set(auth) : r
}
type Card = { id: number; my_last_attempt: { correct: boolean; at: string } | null }
const idSet = (res: { body: { data?: unknown } }) => new Set((res.body.data as Card[]).map((c) => c.id))

describe('the status filters of the search', () => {
  it('finds what the student got wrong, got right and never answered, by the last attempt', async () => {
    expect(idSet(await search('status=wrong', student.auth))).toEqual(new Set([ids.fixedWrong, ids.rightThenWrong]))
    expect(idSet(await search('status=right', student.auth))).toEqual(new Set([ids.fixedRight]))
    expect(idSet(await search('status=unsolved', student.auth))).toEqual(new Set([ids.untouched, ids.annulled, ids.bare]))
    expect(idSet(await search('status=solved', student.auth))).toEqual(new Set([ids.fixedRight, ids.fixedWrong, ids.rightThenWrong]))
  })

  it('follows a new attempt: a question answered right again leaves "que errei"', async () => {
    const other = await createTestUser(t.ctx, { plan: 'PRO' })
    await api.post(`/api/v1/questions/${ids.fixedWrong}/attempts`).set(other.auth).send({ answer: 'A' }).expect(201)
    expect(idSet(await search('status=wrong', other.auth))).toEqual(new Set([ids.fixedWrong]))
    await api.post(`/api/v1/questions/${ids.fixedWrong}/attempts`).set(other.auth).send({ answer: 'C' }).expect(201)
    expect(idSet(await search('status=wrong', other.auth))).toEqual(new Set())
    expect(idSet(await search('status=right', other.auth))).toEqual(new Set([ids.fixedWrong]))
  })

  it("reads only the caller's own attempts", async () => {
    const newcomer = await createTestUser(t.ctx)
    expect((await search('status=wrong', newcomer.auth)).body.total).toBe(0)
    expect((await search('status=unsolved', newcomer.auth)).body.total).toBe(6)
    const cards = (await search('', newcomer.auth)).body.data as Card[]
    expect(cards.every((c) => c.my_last_attempt === null)).toBe(true)
  })

  it('asks a visitor to log in for a status filter', async () => {
    const res = await search('status=wrong')
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('Faça login para filtrar pela situação das questões.')
  })

  it('combines the status with the exam, the analysis and the annulled filters', async () => {
    const examId = (await search(`search_term=Anulada`)).body.data[0].exam_id as number
    expect(idSet(await search(`exam=${examId}&status=unsolved`, student.auth))).toEqual(new Set([ids.untouched, ids.annulled]))
    expect(idSet(await search(`exam=${examId}&status=unsolved&annulled=false`, student.auth))).toEqual(new Set([ids.untouched]))
    // A blank explanation is no analysis.
    expect(idSet(await search('has_explanation=true'))).toEqual(new Set([ids.fixedRight, ids.rightThenWrong, ids.annulled]))
    expect(idSet(await search('has_explanation=true&annulled=false'))).toEqual(new Set([ids.fixedRight, ids.rightThenWrong]))
    expect(idSet(await search('has_explanation=false'))).toEqual(new Set([ids.fixedWrong, ids.untouched, ids.bare]))
    expect(idSet(await search('annulled=true'))).toEqual(new Set([ids.annulled]))
    expect(idSet(await search('status=wrong&has_explanation=true', student.auth))).toEqual(new Set([ids.rightThenWrong]))
  })

  it('refuses a flag that is not true or false, in Portuguese', async () => {
    for (const [query, message] of [
      ['has_explanation=sim', 'has_explanation inválido: use true ou false.'],
      ['annulled=1', 'annulled inválido: use true ou false.'],
      ['status=errei', 'Situação inválida: use unsolved, solved, wrong, right ou to_review.'],
    ]) {
      const res = await search(query, student.auth)
      expect(res.status, query).toBe(400)
      expect(res.body.error, query).toBe(message)
    }
  })
})

describe("each card's last attempt", () => {
  it('says the verdict and the time of the latest attempt, on the search and on one question', async () => {
    const cards = new Map(((await search('', student.auth)).body.data as Card[]).map((c) => [c.id, c.my_last_attempt]))
    expect(cards.get(ids.fixedRight)).toEqual({ correct: true, at: expect.any(String) })
    expect(cards.get(ids.fixedWrong)).toMatchObject({ correct: false })
    expect(cards.get(ids.rightThenWrong)).toMatchObject({ correct: false })
    expect(cards.get(ids.untouched)).toBeNull()
    expect(Date.now() - Date.parse(cards.get(ids.fixedRight)!.at)).toBeLessThan(60_000)
    const one = await api.get(`/api/v1/questions/${ids.rightThenWrong}`).set(student.auth)
    expect(one.body.data.my_last_attempt).toMatchObject({ correct: false })
  })

  it('is null for a visitor', async () => {
    const cards = (await search('')).body.data as Card[]
    expect(cards).toHaveLength(6)
    expect(cards.every((c) => c.my_last_attempt === null)).toBe(true)
    expect((await api.get(`/api/v1/questions/${ids.fixedRight}`)).body.data.my_last_attempt).toBeNull()
  })
})
