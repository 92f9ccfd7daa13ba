import crypto from 'node:crypto'

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { queryRows } from '#server/db/index'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Offline practice (issue 39 §6, ADR 056) through the API: a download counts against the week
// and keeps the key; a sync records each answer once, at its own time, with source 'offline';
// refused answers say why in Portuguese; another student's client ids never collide; bad bodies 400.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let now = new Date('2026-03-04T15:00:00Z')
let q: { id: number }[] = []
let annulledId: number

const api = (method: 'post' | 'get', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}
const answer = (questionId: number, letter: string, at: Date, clientId: string = crypto.randomUUID()) => ({
  client_id: clientId,
  question_id: questionId,
  answer: letter,
  answered_at: at.toISOString(),
})
const attemptsOf = (user: User) =>
  queryRows<{ question_id: number; answer: string; source: string; created_at: Date; client_id: string }>(
    t.db,
    sql`SELECT question_id, answer, source, created_at, client_id FROM attempts WHERE user_id = ${user.user.id} ORDER BY id`,
  )

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => now
  const bank = await insertQuestions(t.db, [
    ...Array.from({ length: 8 }, (_, i) => ({ discipline: 'Direito Civil', statement: `Civil ${i}` })),
    { discipline: 'Direito Civil', statement: 'Anulada', correctAnswer: null },
  ])
  q = bank.questions.filter((x) => x.correctAnswer !== null).map((x) => ({ id: x.id }))
  annulledId = bank.questions.find((x) => x.correctAnswer === null)!.id
})

afterAll(async () => {
  await t?.close()
})

describe('downloading questions', () => {
  it('keeps the key on the device and counts each question against a limited week', async () => {
    const free = await createTestUser(t.ctx, { plan: 'GRATUITO' })
    const res = await api('post', '/offline/downloads', free.auth)
      .send({ question_ids: q.map((x) => x.id) })
      .expect(200)
    // Gratuito's week has 5: five kept, three left out, and it says so.
    expect(res.body.questions).toHaveLength(5)
    expect(res.body.left_out).toBe(3)
    expect(res.body.message).toBe('O limite semanal do seu plano deixou baixar 5 de 8 questões.')
    expect(res.body.questions[0]).toMatchObject({ id: q[0]!.id, correct_answer: 'A', discipline_name: 'Direito Civil' })
    const me = await api('get', '/auth/me', free.auth).expect(200)
    expect(me.body.policy.usage.questionsThisWeek).toBe(5)
  })

  it('refuses bad bodies in Portuguese', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    for (const body of [
      {},
      { question_ids: [] },
      { question_ids: ['1'] },
      { question_ids: Array.from({ length: 201 }, (_, i) => i + 1) },
    ]) {
      const res = await api('post', '/offline/downloads', s.auth).send(body).expect(400)
      expect(res.body.error).toContain('question_ids deve ser uma lista de 1 a 200 identificadores de questões.')
    }
    await api('post', '/offline/downloads')
      .send({ question_ids: [q[0]!.id] })
      .expect(401)
  })
})

describe('syncing answers given offline', () => {
  it('records each answer once, at its own time, through the one rule; a second sync adds nothing', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    await api('post', '/offline/downloads', s.auth)
      .send({ question_ids: q.slice(0, 4).map((x) => x.id) })
      .expect(200)
    const downloaded = now
    now = new Date(now.getTime() + 3 * 3600_000)
    const batch = [
      answer(q[0]!.id, 'A', new Date(downloaded.getTime() + 60_000)),
      answer(q[1]!.id, 'B', new Date(downloaded.getTime() + 120_000)),
      answer(q[2]!.id, 'a', new Date(downloaded.getTime() + 180_000)),
    ]
    const first = await api('post', '/offline/answers', s.auth).send({ answers: batch }).expect(200)
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(['recorded', 'recorded', 'recorded'])
    const stored = await attemptsOf(s)
    expect(stored.map((a) => [a.question_id, a.answer, a.source])).toEqual([
      [q[0]!.id, 'A', 'offline'],
      [q[1]!.id, 'B', 'offline'],
      [q[2]!.id, 'A', 'offline'],
    ])
    expect(stored.map((a) => new Date(a.created_at).toISOString())).toEqual(batch.map((a) => a.answered_at))
    // The review card follows the answer's time, not the sync's: a wrong answer is due a day after it was given.
    const [card] = await queryRows<{ due: Date; last_review: Date }>(
      t.db,
      sql`SELECT due, last_review FROM review_cards WHERE user_id = ${s.user.id} AND question_id = ${q[1]!.id}`,
    )
    expect(new Date(card!.last_review).toISOString()).toBe(batch[1]!.answered_at)

    // The same batch again (the phone lost the reply): nothing new.
    const again = await api('post', '/offline/answers', s.auth).send({ answers: batch }).expect(200)
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate'])
    expect(await attemptsOf(s)).toHaveLength(3)

    // Another student may happen to send the same client id: theirs is theirs.
    const other = await createTestUser(t.ctx, { plan: 'PRO' })
    await api('post', '/offline/downloads', other.auth)
      .send({ question_ids: [q[0]!.id] })
      .expect(200)
    const theirs = await api('post', '/offline/answers', other.auth)
      .send({ answers: [{ ...batch[0]!, answered_at: now.toISOString() }] })
      .expect(200)
    expect(theirs.body.results[0].status).toBe('recorded')
  })

  it('refuses what was not downloaded, what predates the download or comes from the future, a wrong letter; annulled is done', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    await api('post', '/offline/downloads', s.auth)
      .send({ question_ids: [q[4]!.id, annulledId] })
      .expect(200)
    const res = await api('post', '/offline/answers', s.auth)
      .send({
        answers: [
          answer(q[5]!.id, 'A', now),
          answer(q[4]!.id, 'A', new Date(now.getTime() - 60_000)),
          answer(q[4]!.id, 'A', new Date(now.getTime() + 3600_000)),
          answer(q[4]!.id, 'E', now),
          answer(annulledId, 'A', now),
        ],
      })
      .expect(200)
    expect(res.body.results.map((r: { status: string; message?: string }) => [r.status, r.message])).toEqual([
      ['refused', 'Esta questão não foi baixada para estudar offline nesta conta.'],
      ['refused', 'A resposta é de antes de a questão ser baixada: confira o relógio do aparelho.'],
      ['refused', 'A resposta tem uma hora no futuro: confira o relógio do aparelho.'],
      ['refused', 'A letra não é de uma alternativa desta questão.'],
      ['annulled', undefined],
    ])
    expect(await attemptsOf(s)).toHaveLength(0)
  })

  it('keeps the first download’s time: an answer given between two downloads of the question is recorded', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    const first = now
    await api('post', '/offline/downloads', s.auth)
      .send({ question_ids: [q[5]!.id] })
      .expect(200)
    now = new Date(first.getTime() + 3600_000)
    const between = answer(q[5]!.id, 'A', new Date(first.getTime() + 1800_000))
    await api('post', '/offline/downloads', s.auth)
      .send({ question_ids: [q[5]!.id, q[6]!.id] })
      .expect(200)
    const [kept] = await queryRows<{ downloaded_at: Date }>(
      t.db,
      sql`SELECT downloaded_at FROM offline_downloads WHERE user_id = ${s.user.id} AND question_id = ${q[5]!.id}`,
    )
    expect(new Date(kept!.downloaded_at).toISOString()).toBe(first.toISOString())
    const res = await api('post', '/offline/answers', s.auth)
      .send({ answers: [between] })
      .expect(200)
    expect(res.body.results[0].status).toBe('recorded')
  })

  it('records at most five new answers to one question in one sync, refuses the rest and records the other questions’', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    await api('post', '/offline/downloads', s.auth)
      .send({ question_ids: [q[0]!.id, q[1]!.id] })
      .expect(200)
    const flood = Array.from({ length: 40 }, (_, i) => answer(q[0]!.id, 'B', new Date(now.getTime() + i * 1000)))
    const res = await api('post', '/offline/answers', s.auth)
      .send({ answers: [...flood, answer(q[1]!.id, 'A', now)] })
      .expect(200)
    const statuses = res.body.results.map((r: { status: string }) => r.status)
    expect(statuses.filter((x: string) => x === 'recorded')).toHaveLength(6)
    expect(statuses.at(-1)).toBe('recorded')
    expect(res.body.results[5]).toMatchObject({
      status: 'refused',
      message: 'Mais de 5 respostas à mesma questão num só envio: esta não foi registrada.',
    })
    const stored = await attemptsOf(s)
    expect(stored.filter((a) => a.question_id === q[0]!.id)).toHaveLength(5)
    expect(stored.filter((a) => a.question_id === q[1]!.id)).toHaveLength(1)
  })

  it('refuses bad bodies in Portuguese', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    const cases: [object, string][] = [
      [{ answers: [] }, 'answers deve ser uma lista de 1 a 500 respostas.'],
      [{ answers: [{ ...answer(q[0]!.id, 'A', now), client_id: 'x' }] }, 'client_id deve ser um UUID gerado pelo aparelho.'],
      [{ answers: [answer(q[0]!.id, 'Z', now)] }, 'answer deve ser a letra de uma alternativa (A a E).'],
      [{ answers: [{ ...answer(q[0]!.id, 'A', now), answered_at: 'ontem' }] }, 'answered_at deve ser uma data e hora ISO 8601.'],
    ]
    for (const [body, message] of cases) {
      const res = await api('post', '/offline/answers', s.auth).send(body).expect(400)
      expect(res.body.error).toContain(message)
    }
  })
})

describe('an answer given on its page when the connection dropped', () => {
  it('is accepted with the page’s shown-at token, counted against the week then; a forged token is refused', async () => {
    const { issueShownToken } = await import('#server/domain/questions/timing')
    const free = await createTestUser(t.ctx, { plan: 'GRATUITO' })
    const shownAt = new Date(now.getTime() - 120_000)
    const token = issueShownToken(t.ctx.config.sessionSecret, free.user.id, q[6]!.id, shownAt)
    const res = await api('post', '/offline/answers', free.auth)
      .send({
        answers: [
          { ...answer(q[6]!.id, 'A', new Date(now.getTime() - 60_000)), shown_token: token },
          { ...answer(q[7]!.id, 'A', now), shown_token: token },
        ],
      })
      .expect(200)
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['recorded', 'refused'])
    const [stored] = await attemptsOf(free)
    expect(stored).toMatchObject({ question_id: q[6]!.id, source: 'offline' })
    const me = await api('get', '/auth/me', free.auth).expect(200)
    expect(me.body.policy.usage.questionsThisWeek).toBe(1)
  })
})
