import { sql } from 'drizzle-orm'
import type { Card, Grade } from 'ts-fsrs'
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { queryRows } from '#server/db/index'
import { attempts } from '#server/db/schema'
import { issueShownToken } from '#server/domain/questions/timing'
import { runReplay } from '#server/domain/review/record'

import { PREMIUM_AS_SEEDED } from '../../../tests/api/billing-helpers'
import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Revisão (issue 30) through the API: every answer moves its question's FSRS card by ts-fsrs's
// own numbers (computed here with ts-fsrs for the same clock, never written down), ratings from
// timing and the "Fácil" mark, the queue and its daily limit, the numbers, the settings' bounds,
// the replay of old attempts giving the live cards, another student's cards, bad input.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let now = new Date('2026-03-02T15:00:00Z')
const DAY = 86_400_000
let q: { id: number; shortId: string; disciplineId: number }[] = []
let annulledId: number
let admin: User

const api = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}
const later = (days: number) => {
  now = new Date(now.getTime() + days * DAY)
}
/** The scheduler the product uses (ADR 047): fuzz and minute steps off. */
const scheduler = (retention = 0.9) =>
  fsrs(generatorParameters({ request_retention: retention, enable_fuzz: false, enable_short_term: false }))
const next = (card: Card | null, at: Date, grade: Grade, retention = 0.9) =>
  scheduler(retention).next(card ?? createEmptyCard(at), at, grade).card

async function answer(user: User, questionId: number, right: boolean, shownToken?: string) {
  const res = await api('post', `/questions/${questionId}/attempts`, user.auth).send({ answer: right ? 'A' : 'B', shown_token: shownToken })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { review: { rating: string; due: string; interval_days: number; attempt_id: number; preview: Record<string, number> } }
}

async function cardOf(userId: string, questionId: number) {
  const [row] = await queryRows<{ due: Date; stability: number; reps: number; lapses: number; state: number }>(
    t.db,
    sql`SELECT due, stability, reps, lapses, state FROM review_cards WHERE user_id = ${userId} AND question_id = ${questionId}`,
  )
  return row && { ...row, due: new Date(row.due), stability: Number(row.stability) }
}

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => now
  admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
  const bank = await insertQuestions(t.db, [
    ...Array.from({ length: 8 }, (_, i) => ({ discipline: 'Direito Civil', statement: `Civil ${i}` })),
    ...Array.from({ length: 4 }, (_, i) => ({ discipline: 'Direito Penal', statement: `Penal ${i}` })),
    { discipline: 'Direito Penal', statement: 'Anulada', correctAnswer: null },
  ])
  q = bank.questions.filter((x) => x.correctAnswer !== null).map((x) => ({ id: x.id, shortId: x.shortId, disciplineId: x.disciplineId }))
  annulledId = bank.questions.find((x) => x.correctAnswer === null)!.id
})

afterAll(async () => {
  await t?.close()
})

describe('every answer is a review (ts-fsrs)', () => {
  it('a right answer moves the due date out, a wrong one brings it back, by ts-fsrs for the same clock', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    const t0 = new Date(now)
    const first = await answer(s, q[0]!.id, true)
    const c1 = next(null, t0, Rating.Good)
    expect(first.review).toMatchObject({ rating: 'good', due: c1.due.toISOString(), interval_days: c1.scheduled_days })
    const preview = scheduler().repeat(createEmptyCard(t0), t0)
    expect(first.review.preview).toEqual({
      again: preview[Rating.Again].card.scheduled_days,
      hard: preview[Rating.Hard].card.scheduled_days,
      good: preview[Rating.Good].card.scheduled_days,
      easy: preview[Rating.Easy].card.scheduled_days,
    })
    expect((await cardOf(s.user.id, q[0]!.id))!.due.toISOString()).toBe(c1.due.toISOString())

    // Right again when due: a longer interval.
    now = new Date(c1.due)
    const t1 = new Date(now)
    const second = await answer(s, q[0]!.id, true)
    const c2 = next(c1, t1, Rating.Good)
    expect(second.review.due).toBe(c2.due.toISOString())
    expect(second.review.interval_days).toBeGreaterThan(first.review.interval_days)

    // Wrong when due: back sooner, one lapse.
    now = new Date(c2.due)
    const t2 = new Date(now)
    const third = await answer(s, q[0]!.id, false)
    const c3 = next(c2, t2, Rating.Again)
    expect(third.review).toMatchObject({ rating: 'again', due: c3.due.toISOString() })
    expect(third.review.interval_days).toBeLessThan(second.review.interval_days)
    const stored = await cardOf(s.user.id, q[0]!.id)
    expect(stored).toMatchObject({ reps: 3, lapses: c3.lapses, state: c3.state })
    expect(stored!.stability).toBeCloseTo(c3.stability, 8)
    // Three logs, the ratings kept for the optimiser.
    const logs = await queryRows<{ rating: number; attempt_id: number | null }>(
      t.db,
      sql`SELECT rating, attempt_id FROM review_logs WHERE user_id = ${s.user.id} ORDER BY id`,
    )
    expect(logs.map((l) => l.rating)).toEqual([Rating.Good, Rating.Good, Rating.Again])
    expect(logs.every((l) => l.attempt_id !== null)).toBe(true)
  })

  it('a right answer slower than twice the question’s typical time is Hard; unknown time is Good', async () => {
    // Ten other students answered q[1] in 30 s each: its typical time (the mean of the timed
    // answers, this one included: 100 s makes it 36 s, and 100 > 2 × 36).
    const others = await Promise.all(Array.from({ length: 10 }, () => createTestUser(t.ctx)))
    await t.db
      .insert(attempts)
      .values(
        others.map((o) => ({ userId: o.user.id, questionId: q[1]!.id, answer: 'A', correct: true, elapsedSeconds: 30, createdAt: now })),
      )
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    const slow = issueShownToken(t.ctx.config.sessionSecret, s.user.id, q[1]!.id, new Date(now.getTime() - 100_000))
    const res = await answer(s, q[1]!.id, true, slow)
    expect(res.review.rating).toBe('hard')
    expect(res.review.due).toBe(next(null, now, Rating.Hard).due.toISOString())
    const s2 = await createTestUser(t.ctx, { plan: 'PRO' })
    const quick = issueShownToken(t.ctx.config.sessionSecret, s2.user.id, q[1]!.id, new Date(now.getTime() - 59_000))
    expect((await answer(s2, q[1]!.id, true, quick)).review.rating).toBe('good')
    // No typical time (q[2] has no timed answers) or no token: Good.
    expect((await answer(s2, q[2]!.id, true)).review.rating).toBe('good')
    expect((await answer(s2, q[3]!.id, false)).review.rating).toBe('again')
  })

  it('Difícil, Bom or Fácil re-rate the last right answer as chosen; a wrong, older or another student’s answer is refused', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    const at = new Date(now)
    const right = await answer(s, q[4]!.id, true)
    const rate = (who: typeof s, id: number, attempt: number | string, rating: unknown) =>
      api('post', `/questions/${id}/attempts/${attempt}/rating`, who.auth).send({ rating })
    const easy = await rate(s, q[4]!.id, right.review.attempt_id, 'easy').expect(200)
    const expected = next(null, at, Rating.Easy)
    expect(easy.body.review).toMatchObject({ rating: 'easy', due: expected.due.toISOString(), interval_days: expected.scheduled_days })
    expect(easy.body.message).toBe('Nota salva: Fácil.')
    expect((await cardOf(s.user.id, q[4]!.id))!.due.toISOString()).toBe(expected.due.toISOString())
    // Twice: nothing changes.
    const again = await rate(s, q[4]!.id, right.review.attempt_id, 'easy').expect(200)
    expect(again.body.review.due).toBe(expected.due.toISOString())
    // Changed to Difícil: the card is the one a Hard review gives, the choice kept on the attempt.
    const hard = await rate(s, q[4]!.id, right.review.attempt_id, 'hard').expect(200)
    const expectedHard = next(null, at, Rating.Hard)
    expect(hard.body.review).toMatchObject({ rating: 'hard', due: expectedHard.due.toISOString() })
    expect(hard.body.message).toBe('Nota salva: Difícil.')
    expect((await cardOf(s.user.id, q[4]!.id))!.due.toISOString()).toBe(expectedHard.due.toISOString())
    const [kept] = await queryRows<{ rating: number }>(t.db, sql`SELECT rating FROM attempts WHERE id = ${right.review.attempt_id}`)
    expect(kept!.rating).toBe(Rating.Hard)
    // A rating that is not one of the three: 400 in Portuguese.
    for (const bad of ['again', 'muito', 3, null]) {
      const res = await rate(s, q[4]!.id, right.review.attempt_id, bad).expect(400)
      expect(res.body.error).toContain('A nota deve ser hard (Difícil), good (Bom) ou easy (Fácil).')
    }
    // Another student: 404, their card untouched.
    const other = await createTestUser(t.ctx)
    const hidden = await rate(other, q[4]!.id, right.review.attempt_id, 'easy').expect(404)
    expect(hidden.body.error).toBe('Resposta não encontrada')
    // A wrong answer, then an older one: 409 in Portuguese.
    const wrong = await answer(s, q[5]!.id, false)
    const refused = await rate(s, q[5]!.id, wrong.review.attempt_id, 'good').expect(409)
    expect(refused.body.error).toBe('Só uma resposta certa recebe nota: a errada volta para a revisão como "Errei".')
    await answer(s, q[4]!.id, true)
    const old = await rate(s, q[4]!.id, right.review.attempt_id, 'easy').expect(409)
    expect(old.body.error).toBe('Só a última resposta desta questão pode receber nota.')
    // A malformed id is not found.
    await rate(s, q[4]!.id, 'abc', 'easy').expect(404)
  })

  it('an annulled question gets no card', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    const res = await api('post', `/questions/${annulledId}/attempts`, s.auth).send({ answer: 'A' }).expect(200)
    expect(res.body.review).toBeNull()
    expect(await cardOf(s.user.id, annulledId)).toBeUndefined()
  })
})

describe('the queue', () => {
  it('shows what is due, most overdue first, within the daily limit minus today’s reviews; filters by discipline and notebook', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    const start = new Date(now)
    for (const x of q.slice(0, 5)) await answer(s, x.id, false)
    later(0.5)
    await answer(s, q[8]!.id, false)
    // Nothing is due yet (Again is a day).
    expect((await api('get', '/review/queue', s.auth).expect(200)).body).toMatchObject({ due_now: 0, data: [] })

    now = new Date(start.getTime() + 3 * DAY)
    const queue = (await api('get', '/review/queue', s.auth).expect(200)).body
    expect(queue).toMatchObject({ due_now: 6, daily_limit: 50, done_today: 0, remaining_today: 6 })
    expect(queue.data.map((i: { question_id: number }) => i.question_id)).toEqual([...q.slice(0, 5), q[8]!].map((x) => x.id))
    expect(queue.data[0]).toMatchObject({ short_id: q[0]!.shortId, overdue_days: 2, reps: 1, lapses: 0 })
    expect(queue.data[0].question).toMatchObject({ id: q[0]!.id, my_last_attempt: { correct: false } })
    expect(typeof queue.data[0].question.shown_token).toBe('string')

    const penal = (await api('get', `/review/queue?discipline=${q[8]!.disciplineId}`, s.auth).expect(200)).body
    expect(penal.data.map((i: { question_id: number }) => i.question_id)).toEqual([q[8]!.id])

    const notebook = await api('post', '/notebooks', s.auth).send({ name: 'Revisar' })
    expect(notebook.status, JSON.stringify(notebook.body)).toBe(201)
    const notebookId = notebook.body.notebook.id
    await api('put', `/questions/${q[1]!.id}/notebooks`, s.auth)
      .send({ notebook_ids: [notebookId] })
      .expect(200)
    const inNotebook = (await api('get', `/review/queue?notebook=${notebookId}`, s.auth).expect(200)).body
    expect(inNotebook.data.map((i: { question_id: number }) => i.question_id)).toEqual([q[1]!.id])

    // Daily limit 3: one review done today leaves two.
    await api('put', '/review/settings', s.auth).send({ desired_retention: 0.9, daily_limit: 3 }).expect(200)
    await answer(s, q[0]!.id, true)
    const limited = (await api('get', '/review/queue?limit=10', s.auth).expect(200)).body
    expect(limited).toMatchObject({ due_now: 5, done_today: 1, remaining_today: 2 })
    expect(limited.data).toHaveLength(2)
    expect((await api('get', '/review/queue?limit=1', s.auth).expect(200)).body.data).toHaveLength(1)

    // The search's status filter: the due ones.
    const search = (await api('get', '/questions/search?status=to_review&per_page=50', s.auth).expect(200)).body
    expect(search.data.map((c: { id: number }) => c.id).sort()).toEqual([...q.slice(1, 5), q[8]!].map((x) => x.id).sort())

    // Another student's queue is untouched; their notebook is not found.
    const other = await createTestUser(t.ctx)
    expect((await api('get', '/review/queue', other.auth).expect(200)).body).toMatchObject({ due_now: 0, data: [] })
    const hidden = await api('get', `/review/queue?notebook=${notebookId}`, other.auth).expect(404)
    expect(hidden.body.error).toBe('Caderno não encontrado')
  })

  it('answers bad input with 400 in Portuguese, and 401 without a login', async () => {
    const s = await createTestUser(t.ctx)
    expect((await api('get', '/review/queue?limit=abc', s.auth).expect(400)).body.error).toBe(
      'limit deve ser um número inteiro de 1 a 100.',
    )
    expect((await api('get', '/review/queue?limit=101', s.auth).expect(400)).body.error).toBe(
      'limit deve ser um número inteiro de 1 a 100.',
    )
    expect((await api('get', '/review/queue?discipline=x', s.auth).expect(400)).body.error).toMatch(/discipline/)
    expect((await api('get', '/review/queue?notebook=-1', s.auth).expect(400)).body.error).toMatch(/notebook/)
    // An empty value is refused, not read as "no filter": the pages leave the key out (ADR 049).
    for (const blank of ['discipline=', 'notebook=', 'limit=']) await api('get', `/review/queue?${blank}`, s.auth).expect(400)
    await api('get', '/review/queue').expect(401)
    await api('get', '/review/stats').expect(401)
    await api('get', '/questions/search?status=to_review').expect(401)
  })
})

describe('numbers and settings', () => {
  it('stats: due today, the 7-day forecast, reviews done today, retention against the target and the quota', async () => {
    const s = await createTestUser(t.ctx)
    const start = new Date(now)
    await answer(s, q[0]!.id, false)
    await answer(s, q[1]!.id, true)
    const day1 = next(null, start, Rating.Again).due
    const good = next(null, start, Rating.Good).due
    const stats = (await api('get', '/review/stats', s.auth).expect(200)).body
    expect(stats).toMatchObject({ cards: 2, due_now: 0, due_today: 0, done_today: 0 })
    expect(stats.forecast).toHaveLength(7)
    const byDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d)
    const expected = new Map<string, number>()
    for (const d of [day1, good]) expected.set(byDate(d), (expected.get(byDate(d)) ?? 0) + 1)
    for (const f of stats.forecast as { date: string; due: number }[]) expect(f.due).toBe(expected.get(f.date) ?? 0)
    expect(stats.retention).toEqual({ target: 0.9, measured: null, reviews: 0 })
    // Gratuito: the weekly quota and what is left.
    expect(stats.quota).toMatchObject({ limit: expect.any(Number), used: 2 })
    expect(stats.quota.remaining).toBe(stats.quota.limit - 2)

    // Review both when due: one right, one wrong: 50% measured, two done today.
    now = new Date(Math.max(day1.getTime(), good.getTime()))
    await answer(s, q[0]!.id, true)
    await answer(s, q[1]!.id, false)
    const after = (await api('get', '/review/stats', s.auth).expect(200)).body
    expect(after).toMatchObject({ done_today: 2, retention: { target: 0.9, measured: 0.5, reviews: 2 } })
  })

  it('settings: defaults, saved within bounds, refused outside them in Portuguese; the retention changes the intervals', async () => {
    const s = await createTestUser(t.ctx)
    expect((await api('get', '/review/settings', s.auth).expect(200)).body.data).toEqual({ desired_retention: 0.9, daily_limit: 50 })
    const saved = await api('put', '/review/settings', s.auth).send({ desired_retention: 0.8, daily_limit: 20 }).expect(200)
    expect(saved.body).toMatchObject({ message: 'Configurações de revisão salvas.', data: { desired_retention: 0.8, daily_limit: 20 } })
    const bad = [
      [{ desired_retention: 0.79, daily_limit: 20 }, /retenção desejada/],
      [{ desired_retention: 0.96, daily_limit: 20 }, /retenção desejada/],
      [{ desired_retention: 'muito', daily_limit: 20 }, /retenção desejada/],
      [{ desired_retention: 0.9, daily_limit: 0 }, /limite diário/],
      [{ desired_retention: 0.9, daily_limit: 501 }, /limite diário/],
      [{ desired_retention: 0.9, daily_limit: 2.5 }, /limite diário/],
      // JSON numbers only: text and booleans are not read into numbers (the form's "90" is the page's to read).
      [{ desired_retention: '85' }, /retenção desejada/],
      [{ desired_retention: '0,8' }, /retenção desejada/],
      [{ daily_limit: '30' }, /limite diário/],
      [{ daily_limit: true }, /limite diário/],
      [{ daily_limit: null }, /limite diário/],
    ] as const
    for (const [body, message] of bad)
      expect((await api('put', '/review/settings', s.auth).send(body).expect(400)).body.error).toMatch(message)
    expect((await api('get', '/review/settings', s.auth).expect(200)).body.data).toEqual({ desired_retention: 0.8, daily_limit: 20 })
    // A field not sent keeps its saved value.
    expect((await api('put', '/review/settings', s.auth).send({ daily_limit: 3 }).expect(200)).body.data).toEqual({
      desired_retention: 0.8,
      daily_limit: 3,
    })
    expect((await api('put', '/review/settings', s.auth).send({ desired_retention: 0.85 }).expect(200)).body.data).toEqual({
      desired_retention: 0.85,
      daily_limit: 3,
    })
    expect((await api('put', '/review/settings', s.auth).send({}).expect(200)).body.data).toEqual({
      desired_retention: 0.85,
      daily_limit: 3,
    })
    // A first save of one field: the other keeps its default.
    const fresh = await createTestUser(t.ctx)
    expect((await api('put', '/review/settings', fresh.auth).send({ daily_limit: 7 }).expect(200)).body.data).toEqual({
      desired_retention: 0.9,
      daily_limit: 7,
    })
    await api('put', '/review/settings', s.auth).send({ desired_retention: 0.8, daily_limit: 30 }).expect(200)
    const at = new Date(now)
    const res = await answer(s, q[6]!.id, true)
    expect(res.review.due).toBe(next(null, at, Rating.Good, 0.8).due.toISOString())
    // Another student's settings are theirs.
    const other = await createTestUser(t.ctx)
    expect((await api('get', '/review/settings', other.auth).expect(200)).body.data).toEqual({ desired_retention: 0.9, daily_limit: 50 })
  })
})

describe('the weekly quota', () => {
  it('a review of a question counted this week is free; of an older one counts like any question', async () => {
    const s = await createTestUser(t.ctx)
    const { quota } = (await api('get', '/review/stats', s.auth).expect(200)).body
    const limit = quota.limit as number
    for (const x of q.slice(0, limit)) await answer(s, x.id, false)
    // The week's questions used up: reviewing one of them again is free, a new one is refused.
    await answer(s, q[0]!.id, true)
    await api('post', `/questions/${q[limit]!.id}/attempts`, s.auth).send({ answer: 'A' }).expect(403)
    expect((await api('get', '/review/stats', s.auth).expect(200)).body.quota).toMatchObject({ used: limit, remaining: 0 })
    // Next week: the review of last week's question counts.
    later(7)
    await answer(s, q[1]!.id, true)
    expect((await api('get', '/review/stats', s.auth).expect(200)).body.quota).toMatchObject({ used: 1, remaining: limit - 1 })
  })
})

describe('the replay of old attempts', () => {
  it('gives the cards answering live gave, the chosen ratings kept; restartable from its cursor', async () => {
    const students = await Promise.all([1, 2, 3].map(() => createTestUser(t.ctx, { plan: 'PRO' })))
    for (const [i, s] of students.entries()) {
      for (const x of q.slice(0, 4)) await answer(s, x.id, (x.id + i) % 2 === 0)
      later(2)
      for (const x of q.slice(0, 4)) await answer(s, x.id, (x.id + i) % 3 !== 0)
      const last = await answer(s, q[7]!.id, true)
      await api('post', `/questions/${q[7]!.id}/attempts/${last.review.attempt_id}/rating`, s.auth)
        .send({ rating: i === 1 ? 'hard' : 'easy' })
        .expect(200)
      later(5)
      for (const x of q.slice(2, 6)) await answer(s, x.id, (x.id + i) % 2 === 1)
    }
    const ids = students.map((s) => s.user.id)
    const snapshot = () =>
      queryRows<Record<string, unknown>>(
        t.db,
        sql`SELECT user_id, question_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
                   last_review, last_attempt_id FROM review_cards WHERE user_id = ANY(${sql.param(ids)}::uuid[])
             ORDER BY user_id, question_id`,
      )
    const logs = () =>
      queryRows<Record<string, unknown>>(
        t.db,
        sql`SELECT user_id, question_id, attempt_id, rating, state, due, stability, difficulty, scheduled_days, review
              FROM review_logs WHERE user_id = ANY(${sql.param(ids)}::uuid[]) ORDER BY user_id, attempt_id`,
      )
    const live = await snapshot()
    const liveLogs = await logs()
    expect(live.length).toBeGreaterThan(20)

    // As if Revisão had just arrived: no cards, the replay not run (the logs keep the Fácil marks).
    await t.db.execute(sql`DELETE FROM review_cards`)
    await t.db.execute(sql`UPDATE review_replay SET cursor = NULL, finished_at = NULL, started_at = NULL, users = 0, attempts = 0`)
    // A crash after two batches of one user, then a restart.
    const partial = await runReplay(t.db, { batchUsers: 1, maxBatches: 2, now: () => now })
    expect(partial.done).toBe(false)
    const [state] = await queryRows<{ cursor: string | null; users: number }>(
      t.db,
      sql`SELECT cursor::text AS cursor, users FROM review_replay`,
    )
    expect(state).toMatchObject({ users: 2 })
    const done = await runReplay(t.db, { batchUsers: 1, now: () => now })
    expect(done.done).toBe(true)
    expect(await snapshot()).toEqual(live)
    expect(await logs()).toEqual(liveLogs)
    // Once finished it does nothing.
    expect(await runReplay(t.db, { now: () => new Date() })).toMatchObject({ users: 0, done: true })
  })

  it('a student answering before the replay reached them keeps their whole history', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PRO' })
    await answer(s, q[0]!.id, false)
    later(1)
    const before = await cardOf(s.user.id, q[0]!.id)
    // The replay pending again and this student's card gone: the next answer rebuilds it from all attempts.
    await t.db.execute(sql`DELETE FROM review_cards WHERE user_id = ${s.user.id}`)
    await t.db.execute(sql`UPDATE review_replay SET cursor = NULL, finished_at = NULL`)
    const at = new Date(now)
    const res = await answer(s, q[0]!.id, true)
    const first = next(null, new Date(before!.due.getTime() - DAY), Rating.Again)
    expect(res.review.due).toBe(next(first, at, Rating.Good).due.toISOString())
    expect((await cardOf(s.user.id, q[0]!.id))!.reps).toBe(2)
    await runReplay(t.db, { now: () => now })
    expect((await cardOf(s.user.id, q[0]!.id))!.due.toISOString()).toBe(res.review.due)
  })
})

describe('a delivered simulado', () => {
  it('schedules each answered question', async () => {
    const s = await createTestUser(t.ctx)
    await api('put', `/admin/users/${s.user.id}/plan`, admin.auth).send({ plan_name: 'PRO' }).expect(200)
    const start = await api('post', '/simulations', s.auth).send({ kind: 'personalizado', size: 5, duration_minutes: null })
    expect(start.status, JSON.stringify(start.body)).toBe(201)
    const sheet = await queryRows<{ question_id: number; correct_answer: string | null }>(
      t.db,
      sql`SELECT sq.question_id, qq.correct_answer FROM simulation_questions sq JOIN questions qq ON qq.id = sq.question_id
           WHERE sq.simulation_id = ${start.body.simulation.id} ORDER BY sq.position`,
    )
    const answered = sheet.filter((r) => r.correct_answer !== null).slice(0, 2)
    for (const [i, r] of answered.entries())
      await api('put', `/simulations/${start.body.simulation.id}/answers/${r.question_id}`, s.auth)
        .send({ choice: i === 0 ? 'A' : 'B' })
        .expect(200)
    const at = new Date(now)
    await api('post', `/simulations/${start.body.simulation.id}/finish`, s.auth).expect(200)
    expect((await cardOf(s.user.id, answered[0]!.question_id))!.due.toISOString()).toBe(next(null, at, Rating.Good).due.toISOString())
    expect((await cardOf(s.user.id, answered[1]!.question_id))!.due.toISOString()).toBe(next(null, at, Rating.Again).due.toISOString())
    const unanswered = sheet.find((r) => !answered.includes(r))
    if (unanswered) expect(await cardOf(s.user.id, unanswered.question_id)).toBeUndefined()
  })
})

describe('the study plan', () => {
  it('is Pro’s: Gratuito reads why and is refused a save (403), bad dates and hours are 400 in Portuguese', async () => {
    const free = await createTestUser(t.ctx)
    const read = (await api('get', '/study-plan', free.auth).expect(200)).body
    expect(read).toMatchObject({ allowed: false, code: 'PLAN_REQUIRED', plans_url: '/trocar-plano', plan: null, week: null })
    expect(read.message).toMatch(/plano de estudos faz parte dos planos .*Pro/)
    const refused = await api('put', '/study-plan', free.auth).send({ exam_date: '2027-01-10', hours_per_week: 10 }).expect(403)
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED', plans_url: '/trocar-plano' })

    const pro = await createTestUser(t.ctx, { plan: 'PRO' })
    expect((await api('get', '/study-plan', pro.auth).expect(200)).body).toMatchObject({ allowed: true, plan: null, week: null })
    const bad = [
      [{ exam_date: '10/01/2027', hours_per_week: 10 }, /data da prova/],
      [{ exam_date: '2027-02-30', hours_per_week: 10 }, /data da prova/],
      [{ exam_date: '2020-01-10', hours_per_week: 10 }, /data da prova/],
      [{ exam_date: '2027-01-10', hours_per_week: 0 }, /horas por semana/],
      [{ exam_date: '2027-01-10', hours_per_week: 81 }, /horas por semana/],
      [{ exam_date: '2027-01-10' }, /horas por semana/],
    ] as const
    for (const [body, message] of bad)
      expect((await api('put', '/study-plan', pro.auth).send(body).expect(400)).body.error).toMatch(message)
    await api('put', '/study-plan').send({ exam_date: '2027-01-10', hours_per_week: 10 }).expect(401)
  })

  it('splits the week’s hours between the review forecast and new questions by discipline, and counts the progress', async () => {
    const pro = await createTestUser(t.ctx, { plan: 'PRO' })
    // Wrong on two Civil questions, right on one Penal: both Civil come back within the week.
    await answer(pro, q[0]!.id, false)
    await answer(pro, q[1]!.id, false)
    await answer(pro, q[8]!.id, true)
    const examDate = new Date(now.getTime() + 60 * DAY).toISOString().slice(0, 10)
    await api('put', '/study-plan', pro.auth).send({ exam_date: examDate, hours_per_week: '5' }).expect(400)
    const saved = (await api('put', '/study-plan', pro.auth).send({ exam_date: examDate, hours_per_week: 5 }).expect(200)).body
    expect(saved.plan).toEqual({ exam_date: examDate, hours_per_week: 5 })
    const week = saved.week
    expect(week.question_budget).toBe(80)
    expect(week.review_target).toBeGreaterThanOrEqual(2)
    expect(week.new_target).toBe(80 - week.review_target)
    expect(week.by_discipline.reduce((a: number, d: { target: number }) => a + d.target, 0)).toBe(week.new_target)
    const civil = week.by_discipline.find((d: { discipline_id: number }) => d.discipline_id === q[0]!.disciplineId)
    const penal = week.by_discipline.find((d: { discipline_id: number }) => d.discipline_id === q[8]!.disciplineId)
    // Civil (missed) weighs more than its share of the bank; Penal (mastered) less.
    expect(civil).toMatchObject({ accuracy: 0 })
    expect(penal).toMatchObject({ accuracy: 1 })
    expect(week.progress.new_done).toBeGreaterThanOrEqual(0)
    expect(week.forecast).toHaveLength(7)
    expect(week.weeks_left).toBeGreaterThanOrEqual(8)
  })

  it('Premium has it when the admin says so; Pro can never have less than Premium', async () => {
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    expect((await api('get', '/study-plan', premium.auth).expect(200)).body.allowed).toBe(false)
    await api('put', '/admin/plan-catalog/plans/PREMIUM', admin.auth)
      .send({ ...PREMIUM_AS_SEEDED, has_study_plan: true })
      .expect(200)
    expect((await api('get', '/study-plan', premium.auth).expect(200)).body.allowed).toBe(true)
    const less = await api('put', '/admin/plan-catalog/plans/PRO', admin.auth)
      .send({ ...PREMIUM_AS_SEEDED, price_cents: 5000, has_study_plan: false })
      .expect(422)
    expect(less.body.error).toMatch(/O plano Pro ficaria com menos que o Premium \(.*plano de estudos\)/)
    await api('put', '/admin/plan-catalog/plans/PREMIUM', admin.auth)
      .send({ ...PREMIUM_AS_SEEDED, has_study_plan: false })
      .expect(200)
  })
})
