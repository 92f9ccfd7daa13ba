import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { call } from '#server/client/call'
import { ApiClient, ApiError } from '#server/client/core'
import { attempts, questionUsage } from '#server/db/schema'
import { weekStart } from '#server/domain/time/calendar'
import { questionsApi } from '#server/features/questions/contract'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// GET /questions/:id/reveal: what a page may show on a GET (issue 9: a cross-site GET link
// revealed and counted questions). Only what this user already opened; never counts.

let t: Awaited<ReturnType<typeof createTestContext>>
let ids: number[] = []
let server: Server
let baseUrl = ''
beforeAll(async () => {
  t = await createTestContext()
  const bank = await insertQuestions(
    t.db,
    Array.from({ length: 8 }, (_, i) => ({
      discipline: 'Direito Civil',
      statement: `Enunciado ${i + 1} sobre contratos.`,
      correctAnswer: i === 7 ? null : 'C',
      explanation: i === 0 ? 'Art. 421 do Código Civil.' : null,
    })),
  )
  ids = bank.questions.map((q) => q.id)
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

const getReveal = (id: number, auth: Record<string, string> = {}) => contractRequest(t.app).get(`/api/v1/questions/${id}/reveal`).set(auth)
const usageOf = async (userId: string) => (await t.db.select().from(questionUsage).where(eq(questionUsage.userId, userId))).length

describe('GET /questions/:id/reveal', () => {
  it('needs a login', async () => {
    const res = await getReveal(ids[0])
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'Login necessário. Faça login para registrar suas tentativas.' })
  })

  it('is 404 for a question not yet opened, and counts nothing', async () => {
    const s = await createTestUser(t.ctx)
    const res = await getReveal(ids[0], s.auth)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Resposta ainda não revelada.' })
    expect(await usageOf(s.user.id)).toBe(0)
    expect((await getReveal(999_999, s.auth)).body).toEqual({ error: 'Questão não encontrada' })
  })

  it('answers what the POST answered once it was revealed, without counting again', async () => {
    const s = await createTestUser(t.ctx)
    const posted = await contractRequest(t.app).post(`/api/v1/questions/${ids[0]}/reveal`).set(s.auth)
    expect(posted.status).toBe(200)
    const got = await getReveal(ids[0], s.auth)
    expect(got.status).toBe(200)
    // All but last_of_week, which is the POST's: whether that use took the week's last question.
    const { last_of_week: lastOfWeek, ...reveal } = posted.body
    expect(lastOfWeek).toBe(false)
    expect(got.body).toEqual(reveal)
    expect(got.body).toMatchObject({ success: true, correct_answer: 'C', explanation: 'Art. 421 do Código Civil.', annulled: false })
    await getReveal(ids[0], s.auth)
    expect(await usageOf(s.user.id)).toBe(1)
  })

  it('serves an answered question, also the annulled form', async () => {
    const s = await createTestUser(t.ctx)
    await contractRequest(t.app).post(`/api/v1/questions/${ids[1]}/attempts`).set(s.auth).send({ answer: 'A' }).expect(201)
    expect((await getReveal(ids[1], s.auth)).body).toMatchObject({ correct_answer: 'C', annulled: false })
    await contractRequest(t.app).post(`/api/v1/questions/${ids[7]}/attempts`).set(s.auth).send({ answer: 'A' }).expect(200)
    expect((await getReveal(ids[7], s.auth)).body).toMatchObject({ annulled: true, correct_answer: null, message: 'Questão Anulada' })
  })

  it('keeps serving an attempt from an earlier week, but not an earlier week’s bare reveal', async () => {
    const s = await createTestUser(t.ctx)
    const lastWeek = weekStart(new Date(Date.now() - 7 * 24 * 3600 * 1000))
    await t.db.insert(questionUsage).values([
      { userId: s.user.id, questionId: ids[2], weekStart: lastWeek },
      { userId: s.user.id, questionId: ids[3], weekStart: lastWeek },
    ])
    await t.db
      .insert(attempts)
      .values({ userId: s.user.id, questionId: ids[2], answer: 'C', correct: true, createdAt: new Date(Date.now() - 7 * 24 * 3600 * 1000) })
    expect((await getReveal(ids[2], s.auth)).status).toBe(200)
    expect((await getReveal(ids[3], s.auth)).status).toBe(404)
  })

  it('works for a Gratuito student at the weekly limit and never refuses with the quota', async () => {
    const s = await createTestUser(t.ctx)
    for (const id of ids.slice(0, 5)) await contractRequest(t.app).post(`/api/v1/questions/${id}/reveal`).set(s.auth).expect(200)
    expect((await contractRequest(t.app).post(`/api/v1/questions/${ids[5]}/reveal`).set(s.auth)).status).toBe(403)
    for (const id of ids.slice(0, 5)) expect((await getReveal(id, s.auth)).status).toBe(200)
    expect((await getReveal(ids[5], s.auth)).status).toBe(404)
    expect(await usageOf(s.user.id)).toBe(5)
  })

  it('is per user: another student’s reveal opens nothing', async () => {
    const a = await createTestUser(t.ctx)
    const b = await createTestUser(t.ctx)
    await contractRequest(t.app).post(`/api/v1/questions/${ids[4]}/reveal`).set(a.auth).expect(200)
    expect((await getReveal(ids[4], b.auth)).status).toBe(404)
  })

  it('is called by the typed client through call()', async () => {
    const s = await createTestUser(t.ctx)
    const api = new ApiClient({ baseUrl, token: s.token })
    const missing = await call(api, questionsApi.revealed, { params: { id: ids[6] } }).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(ApiError)
    expect(missing).toMatchObject({ status: 404, message: 'Resposta ainda não revelada.' })
    const { last_of_week: _use, ...revealed } = await call(api, questionsApi.reveal, { params: { id: ids[6] } })
    expect(await call(api, questionsApi.revealed, { params: { id: ids[6] } })).toEqual(revealed)
  })
})
