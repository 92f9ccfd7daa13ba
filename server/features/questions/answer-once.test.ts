import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts } from '#server/db/schema'
import { issueShownToken } from '#server/domain/questions/timing'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// POST /questions/:id/attempts as the answer loop sends it with JS (ADR 093): the answer's own id,
// so a second request for it (a second tap, the offline queue's copy of a reply that never came)
// records nothing more; and the seconds a prefetched card waited before it was shown, taken off
// its time.

let t: Awaited<ReturnType<typeof createTestContext>>
let ids: number[] = []
beforeAll(async () => {
  t = await createTestContext()
  const bank = await insertQuestions(
    t.db,
    Array.from({ length: 3 }, (_, i) => ({
      discipline: 'Direito Civil',
      statement: `Enunciado ${i + 1} sobre posse.`,
      correctAnswer: 'B',
    })),
  )
  ids = bank.questions.map((q) => q.id)
})
afterAll(async () => {
  await t.close()
})

const answer = (id: number, auth: Record<string, string>, body: Record<string, unknown>) =>
  contractRequest(t.app).post(`/api/v1/questions/${id}/attempts`).set(auth).send(body)
const attemptsOf = (userId: string, questionId: number) =>
  t.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.questionId, questionId)))

describe('an answer with its client id', () => {
  it('is recorded once however many times it is sent, online or by the offline sync', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const cid = crypto.randomUUID()
    const first = await answer(ids[0]!, s.auth, { answer: 'B', client_id: cid })
    expect(first.status).toBe(201)
    expect(first.body.correct).toBe(true)
    const again = await answer(ids[0]!, s.auth, { answer: 'B', client_id: cid })
    // The same verdict, nothing new stored.
    expect(again.body.correct).toBe(true)
    const synced = await contractRequest(t.app)
      .post('/api/v1/offline/answers')
      .set(s.auth)
      .send({ answers: [{ client_id: cid, question_id: ids[0], answer: 'B', answered_at: new Date().toISOString() }] })
    expect(synced.status).toBe(200)
    expect(await attemptsOf(s.user.id, ids[0]!)).toHaveLength(1)
    // Another answer (another id, or none) is another attempt.
    await answer(ids[0]!, s.auth, { answer: 'C', client_id: crypto.randomUUID() })
    await answer(ids[0]!, s.auth, { answer: 'C' })
    expect(await attemptsOf(s.user.id, ids[0]!)).toHaveLength(3)
  })

  it('is refused when the id is not one', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const res = await answer(ids[1]!, s.auth, { answer: 'B', client_id: 'não-é-um-id' })
    expect(res.status).toBe(400)
    expect(await attemptsOf(s.user.id, ids[1]!)).toHaveLength(0)
  })
})

describe('a card fetched ahead', () => {
  it('counts its time from when it was shown: the held seconds come off, never below nothing', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    // Shown (signed) 100 s ago, held 60 s of them before it was on screen.
    const token = issueShownToken(t.ctx.config.sessionSecret, s.user.id, ids[2]!, new Date(t.ctx.clock().getTime() - 100_000))
    const res = await answer(ids[2]!, s.auth, { answer: 'A', shown_token: token, shown_after: 60 })
    expect(res.status).toBe(201)
    const [row] = await attemptsOf(s.user.id, ids[2]!)
    expect(row!.elapsedSeconds).toBeGreaterThanOrEqual(39)
    expect(row!.elapsedSeconds).toBeLessThanOrEqual(42)
    // A claim longer than the whole is nothing, not a negative time; a nonsense one is ignored.
    await answer(ids[2]!, s.auth, { answer: 'A', shown_token: token, shown_after: 5000 })
    await answer(ids[2]!, s.auth, { answer: 'A', shown_token: token, shown_after: 'muito' })
    const times = (await attemptsOf(s.user.id, ids[2]!)).map((a) => a.elapsedSeconds).sort((a, b) => a! - b!)
    expect(times[0]).toBe(0)
    expect(times[2]).toBeGreaterThanOrEqual(99)
  })
})
