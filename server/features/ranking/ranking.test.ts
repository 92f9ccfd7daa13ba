import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, profiles, userWeekStats } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { publicName } from './ranking'

// The weekly ranking (issue 14) against a seeded week. The clock is fixed on Wednesday
// 2026-03-11 10:00 in São Paulo: the week began on Monday the 9th at 00:00 there (03:00 UTC).
// One database for this file, so every student in it is in the ranking.

let t: Awaited<ReturnType<typeof createTestContext>>
let ids: number[]
const NOW = new Date('2026-03-11T13:00:00.000Z')

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => NOW
  const bank = await insertQuestions(
    t.db,
    Array.from({ length: 6 }, (_, i) => ({ discipline: 'Direito Civil', statement: `Questão ${i}`, correctAnswer: 'A' })),
  )
  ids = bank.questions.map((q) => q.id)
})
afterAll(async () => {
  await t?.close()
})

async function answers(userId: string, rows: [question: number, correct: boolean, at?: string][]) {
  await t.db.insert(attempts).values(
    rows.map(([question, correct, at]) => ({
      userId,
      questionId: ids[question],
      answer: correct ? 'A' : 'B',
      correct,
      createdAt: new Date(at ?? '2026-03-10T12:00:00Z'),
    })),
  )
}

const ranking = (auth: Record<string, string>) => contractRequest(t.app).get('/api/v1/ranking').set(auth)

describe('GET /ranking', () => {
  it('orders this week’s students by questions answered right, once per question; admins, opted-out and last week left out', async () => {
    const ana = await createTestUser(t.ctx, { name: 'Ana Maria Souza' })
    const bia = await createTestUser(t.ctx, { name: 'Beatriz Lima' })
    const caio = await createTestUser(t.ctx, { name: 'Caio' })
    const davi = await createTestUser(t.ctx, { name: 'Davi Errado' })
    const admin = await createTestUser(t.ctx, { name: 'Admin Chefe', plan: 'ADMIN' })
    const eva = await createTestUser(t.ctx, { name: 'Eva Discreta' })
    // Ana: 3 questions right (one of them twice: still 3), 3 answers… plus the repeat.
    await answers(ana.user.id, [
      [0, true],
      [1, true],
      [2, true],
      [2, true],
    ])
    // Bia: 3 right too, but with 6 answers: after Ana. Her Sunday 23:30 (São Paulo) is last week.
    await answers(bia.user.id, [
      [0, true],
      [1, true],
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [3, true, '2026-03-09T02:30:00Z'],
    ])
    await answers(caio.user.id, [[0, true, '2026-03-09T03:30:00Z']])
    await answers(davi.user.id, [[0, false]])
    await answers(admin.user.id, [
      [0, true],
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ])
    await answers(eva.user.id, [
      [0, true],
      [1, true],
      [2, true],
      [3, true],
    ])
    await t.db
      .insert(profiles)
      .values({ userId: eva.user.id, rankingOptOut: true })
      .onConflictDoUpdate({ target: profiles.userId, set: { rankingOptOut: true } })

    const res = await ranking(ana.auth)
    expect(res.status).toBe(200)
    expect(res.body.week_start).toBe('2026-03-09')
    expect(res.body.entries).toEqual([
      { position: 1, name: 'Ana S.', mascot: null, correct: 3, is_me: true },
      { position: 2, name: 'Beatriz L.', mascot: null, correct: 3, is_me: false },
      { position: 3, name: 'Caio', mascot: null, correct: 1, is_me: false },
    ])
    expect(res.body).toMatchObject({ me: { position: 1, correct: 3 }, opted_out: false })
    // Never an email or an id of anyone.
    expect(JSON.stringify(res.body)).not.toMatch(/@|[0-9a-f]{8}-[0-9a-f]{4}-/)

    const hidden = await ranking(eva.auth)
    expect(hidden.body).toMatchObject({ me: null, opted_out: true })
    expect(hidden.body.entries.map((e: { name: string }) => e.name)).not.toContain('Eva D.')
    expect((await ranking(davi.auth)).body.me).toBeNull()
  })

  it('tells a student outside the 20 where they stand', async () => {
    for (let i = 0; i < 21; i++) {
      const s = await createTestUser(t.ctx, { name: `Aluno Forte ${i}` })
      await answers(s.user.id, [
        [0, true],
        [1, true],
        [2, true],
        [3, true],
      ])
    }
    const me = await createTestUser(t.ctx, { name: 'Zeca Fim' })
    await answers(me.user.id, [[5, true]])
    const res = await ranking(me.auth)
    expect(res.body.entries).toHaveLength(20)
    expect(res.body.entries.every((e: { correct: number; is_me: boolean }) => e.correct === 4 && !e.is_me)).toBe(true)
    // 21 with 4, Ana and Bia with 3, then Caio and Zeca with 1 answer each: Caio got there first.
    expect(res.body.me).toEqual({ position: 25, correct: 1 })
  })

  it('keeps each week in one row per student, and counts the week again when answers go', async () => {
    const gil = await createTestUser(t.ctx, { name: 'Gil Recontado' })
    const bank = await insertQuestions(t.db, [
      { discipline: 'Direito Penal', statement: 'Questão cujas respostas serão apagadas', correctAnswer: 'A' },
    ])
    const doomed = bank.questions[0].id
    // Two right answers this week (one of them after a wrong try at the same question), one
    // last week: the weekly row holds this week's alone.
    await answers(gil.user.id, [
      [3, false, '2026-03-09T10:00:00Z'],
      [3, true, '2026-03-10T10:00:00Z'],
      [3, true, '2026-03-10T11:00:00Z'],
      [4, true, '2026-03-08T12:00:00Z'],
    ])
    await t.db
      .insert(attempts)
      .values({ userId: gil.user.id, questionId: doomed, answer: 'A', correct: true, createdAt: new Date('2026-03-11T12:00:00Z') })
    const week = async () =>
      (await t.db.select().from(userWeekStats).where(eq(userWeekStats.userId, gil.user.id))).map((r) => ({
        week: r.week,
        correct: r.correct,
        answers: r.answers,
        last: r.lastCorrect?.toISOString(),
      }))
    expect(await week()).toEqual(
      expect.arrayContaining([
        { week: '2026-03-09', correct: 2, answers: 4, last: '2026-03-11T12:00:00.000Z' },
        { week: '2026-03-02', correct: 1, answers: 1, last: '2026-03-08T12:00:00.000Z' },
      ]),
    )
    expect((await ranking(gil.auth)).body.me).toMatchObject({ correct: 2 })

    // Answers that go (the trigger's DELETE branch; an account's go by cascade) are taken out
    // by counting the week again.
    await t.db.delete(attempts).where(and(eq(attempts.userId, gil.user.id), eq(attempts.questionId, doomed)))
    expect(await week()).toContainEqual({ week: '2026-03-09', correct: 1, answers: 3, last: '2026-03-10T11:00:00.000Z' })
    expect((await ranking(gil.auth)).body.me).toMatchObject({ correct: 1 })
  })

  it('answers 401 without a login', async () => {
    expect((await contractRequest(t.app).get('/api/v1/ranking')).status).toBe(401)
  })
})

describe('publicName', () => {
  it('keeps the first name and the initial of the last one', () => {
    expect(publicName('Maria Souza Lima')).toBe('Maria L.')
    expect(publicName('  joão   silva ')).toBe('joão S.')
    expect(publicName('Cher')).toBe('Cher')
    expect(publicName('   ')).toBe('Estudante')
  })
})
