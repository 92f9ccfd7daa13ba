import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Issue 61 §3 and §4, on the search: the list says which cards the week's quota closes before the
// student works them out (quota_locked), the answer that takes the week's last question says so
// (last_of_week), and a status filter keeps the questions just answered on it (keep).

let t: Awaited<ReturnType<typeof createTestContext>>
let api: ReturnType<typeof contractRequest>
let ids: number[]

beforeAll(async () => {
  t = await createTestContext()
  api = contractRequest(t.app)
  const bank = await insertQuestions(
    t.db,
    Array.from({ length: 8 }, (_, i) => ({
      discipline: 'Direito Civil',
      topics: ['Geral'],
      statement: `Questão da cota ${i + 1}.`,
      correctAnswer: 'C',
    })),
  )
  ids = bank.questions.map((q) => q.id)
})
afterAll(() => t.close())

const search = (auth: Record<string, string>, query = '') => api.get(`/api/v1/questions/search?per_page=20${query}`).set(auth)

describe('the weekly quota on the list (Gratuito: 5 questions a week)', () => {
  it('closes the cards not opened this week once the quota is spent, and says which answer took the last one', async () => {
    const gratuito = await createTestUser(t.ctx, { plan: 'GRATUITO' })
    const pro = await createTestUser(t.ctx, { plan: 'PRO' })
    expect((await search(gratuito.auth).expect(200)).body.quota_locked).toEqual([])
    for (const id of ids.slice(0, 4)) {
      const res = await api.post(`/api/v1/questions/${id}/attempts`).set(gratuito.auth).send({ answer: 'A' }).expect(201)
      expect(res.body.last_of_week).toBe(false)
    }
    // Some quota left: nothing is closed.
    expect((await search(gratuito.auth).expect(200)).body.quota_locked).toEqual([])
    const last = await api.post(`/api/v1/questions/${ids[4]}/attempts`).set(gratuito.auth).send({ answer: 'C' }).expect(201)
    expect(last.body).toMatchObject({ correct: true, last_of_week: true })
    const locked = (await search(gratuito.auth).expect(200)).body.quota_locked as number[]
    expect([...locked].sort((a, b) => a - b)).toEqual(ids.slice(5))
    // What the list says is what an answer meets: a closed card is refused, an opened one answers (not the last any more).
    await api.post(`/api/v1/questions/${ids[6]}/attempts`).set(gratuito.auth).send({ answer: 'A' }).expect(403)
    const again = await api.post(`/api/v1/questions/${ids[0]}/attempts`).set(gratuito.auth).send({ answer: 'C' }).expect(201)
    expect(again.body.last_of_week).toBe(false)
    // An unlimited plan and a visitor have nothing closed.
    expect((await search(pro.auth).expect(200)).body.quota_locked).toEqual([])
    expect((await search({}).expect(200)).body.quota_locked).toEqual([])
  })
})

describe('a status filter keeps the questions just answered on it', () => {
  it("keeps them in 'unsolved' (with keep) in their place, and only them", async () => {
    const pro = await createTestUser(t.ctx, { plan: 'PRO' })
    const before = (await search(pro.auth, '&status=unsolved').expect(200)).body.data.map((q: { id: number }) => q.id)
    await api.post(`/api/v1/questions/${before[2]}/attempts`).set(pro.auth).send({ answer: 'B' }).expect(201)
    await api.post(`/api/v1/questions/${before[3]}/attempts`).set(pro.auth).send({ answer: 'C' }).expect(201)
    const without = (await search(pro.auth, '&status=unsolved').expect(200)).body
    expect(without.data.map((q: { id: number }) => q.id)).toEqual(before.filter((id: number) => id !== before[2] && id !== before[3]))
    const kept = (await search(pro.auth, `&status=unsolved&keep=${before[2]}`).expect(200)).body
    expect(kept.data.map((q: { id: number }) => q.id)).toEqual(before.filter((id: number) => id !== before[3]))
    expect(kept.total).toBe(without.total + 1)
    // keep relaxes the status only: bad ids are refused in Portuguese.
    const bad = await search(pro.auth, '&status=unsolved&keep=abc').expect(400)
    expect(bad.body.error).toBe('keep inválido: use identificadores numéricos de questões.')
  })
})
