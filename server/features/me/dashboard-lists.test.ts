import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { queryRows } from '#server/db/index'
import { attempts, forumReplies, forumReplyVotes, forumTopics, forumTopicVotes, notebooks, notes, questions } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { excerptOf } from './activity'

// The dashboard's tabs (issue 14) from the API: the 30-day accuracy and the weakest topics
// (Desempenho), recent activity (Visão geral), private notes (Comentários) and forum
// participations (Fórum), each against a seeded history; never another student's rows.
// The clock is fixed at 2026-03-12 10:00 in São Paulo (13:00 UTC).

let t: Awaited<ReturnType<typeof createTestContext>>
const NOW = new Date('2026-03-12T13:00:00.000Z')
let q: { id: number; shortId: string }[]

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => NOW
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', topics: ['Contratos'], statement: 'Civil contratos', correctAnswer: 'A' },
    { discipline: 'Direito Civil', topics: ['Posse'], statement: 'Civil posse', correctAnswer: 'A' },
    { discipline: 'Direito Penal', topics: ['Dolo'], statement: 'Penal dolo', correctAnswer: 'A' },
    { discipline: 'Direito Penal', topics: ['Culpa', 'Dolo'], statement: 'Penal culpa', correctAnswer: 'A' },
    { discipline: 'Direito Penal', topics: ['Pena'], statement: 'Penal pena', correctAnswer: 'A' },
  ])
  q = bank.questions.map((row) => ({ id: row.id, shortId: row.shortId }))
})
afterAll(async () => {
  await t?.close()
})

async function answer(userId: string, questionId: number, correct: boolean, at: string) {
  await t.db.insert(attempts).values({ userId, questionId, answer: correct ? 'A' : 'B', correct, createdAt: new Date(at) })
}

describe('GET /me/performance (Desempenho)', () => {
  it('gives each São Paulo day of the last 30 with answers, and the five weakest topics with at least one wrong answer', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    // The window is 11 Feb to 12 Mar (30 days): 10 Feb 23:59 in São Paulo is outside it…
    await answer(user.id, q[0].id, false, '2026-02-11T02:59:00Z')
    // …and 11 Feb 00:30 São Paulo (03:30 UTC) its first day.
    await answer(user.id, q[0].id, true, '2026-02-11T03:30:00Z')
    // 11 Mar 23:30 and 12 Mar 00:30 São Paulo: two days.
    await answer(user.id, q[1].id, false, '2026-03-12T02:30:00Z')
    await answer(user.id, q[2].id, false, '2026-03-12T03:30:00Z')
    await answer(user.id, q[3].id, true, '2026-03-12T12:00:00Z')
    await answer(user.id, q[4].id, true, '2026-03-12T12:01:00Z')
    await answer(other.user.id, q[4].id, false, '2026-03-12T12:02:00Z')

    const res = await contractRequest(t.app).get('/api/v1/me/performance').set(auth)
    expect(res.status).toBe(200)
    expect(res.body.daily).toEqual([
      { day: '2026-02-11', correct: 1, total: 1 },
      { day: '2026-03-11', correct: 0, total: 1 },
      { day: '2026-03-12', correct: 2, total: 3 },
    ])
    // Posse 0/1, Dolo 1/2 (q3 and q4), Contratos 1/2; Culpa and Pena never wrong: not weak.
    const weak = res.body.weakest_topics.map((w: { topic: string; correct: number; total: number }) => [w.topic, w.correct, w.total])
    expect(weak).toEqual([
      ['Posse', 0, 1],
      ['Contratos', 1, 2],
      ['Dolo', 1, 2],
    ])
    expect(res.body.weakest_topics[0]).toMatchObject({
      discipline: 'Direito Civil',
      discipline_id: expect.any(Number),
      topic_id: expect.any(Number),
    })
  })

  it('is empty for a new student', async () => {
    const { auth } = await createTestUser(t.ctx)
    const res = await contractRequest(t.app).get('/api/v1/me/performance').set(auth)
    expect(res.body).toMatchObject({ disciplines: [], daily: [], weakest_topics: [] })
  })
})

describe('the per-student aggregates (ADR 024)', () => {
  it('follow every insert and delete of an attempt and always equal a recount of the attempts', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    await answer(user.id, q[3].id, false, '2026-03-12T12:00:00Z')
    await answer(user.id, q[3].id, true, '2026-03-12T12:01:00Z')
    const [gone] = await t.db
      .insert(attempts)
      .values({ userId: user.id, questionId: q[4].id, answer: 'B', correct: false, createdAt: new Date('2026-03-11T12:00:00Z') })
      .returning()
    await t.db.delete(attempts).where(eq(attempts.id, gone.id))
    const res = await contractRequest(t.app).get('/api/v1/me/performance').set(auth)
    expect(res.body.daily).toEqual([{ day: '2026-03-12', correct: 1, total: 2 }])
    expect(res.body.disciplines).toEqual([{ discipline: 'Direito Penal', correct: 1, total: 2 }])
    // Culpa and Dolo (q3) 1 of 2; Pena (q4) was answered only by the deleted attempt.
    expect(res.body.weakest_topics.map((w: { topic: string }) => w.topic)).toEqual(['Culpa', 'Dolo'])
    const stats = await contractRequest(t.app).get('/api/v1/me/stats').set(auth)
    expect(stats.body).toMatchObject({ questionsAnswered: 1, correctRate: 50 })

    // Every student of this file, every table: the trigger's sums are the attempts' own.
    const mismatches = await queryRows<{ t: string; user_id: string }>(
      t.db,
      sql`
      SELECT 'day' AS t, user_id::text FROM (
        SELECT user_id, (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, count(*) AS n, count(*) FILTER (WHERE correct) AS c,
               count(*) FILTER (WHERE is_first) AS f FROM attempts GROUP BY 1, 2) a
        FULL JOIN (SELECT * FROM user_day_stats WHERE attempts > 0) s USING (user_id, day)
       WHERE a.n IS DISTINCT FROM s.attempts OR a.c IS DISTINCT FROM s.correct OR a.f IS DISTINCT FROM s.first_attempts
      UNION ALL
      SELECT 'discipline', user_id::text FROM (
        SELECT a.user_id, q.discipline_id, count(*) AS n, count(*) FILTER (WHERE a.correct) AS c
          FROM attempts a JOIN questions q ON q.id = a.question_id GROUP BY 1, 2) a
        FULL JOIN (SELECT * FROM user_discipline_stats WHERE attempts > 0) s USING (user_id, discipline_id)
       WHERE a.n IS DISTINCT FROM s.attempts OR a.c IS DISTINCT FROM s.correct
      UNION ALL
      SELECT 'topic', user_id::text FROM (
        SELECT a.user_id, qt.topic_id, count(*) AS n, count(*) FILTER (WHERE a.correct) AS c
          FROM attempts a JOIN question_topics qt ON qt.question_id = a.question_id GROUP BY 1, 2) a
        FULL JOIN (SELECT * FROM user_topic_stats WHERE attempts > 0) s USING (user_id, topic_id)
       WHERE a.n IS DISTINCT FROM s.attempts OR a.c IS DISTINCT FROM s.correct`,
    )
    expect(mismatches).toEqual([])
  })
})

describe('GET /me/activity (Visão geral)', () => {
  it('merges answers, notes, notebooks and forum posts newest first, with the question each is about', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    await answer(user.id, q[0].id, true, '2026-03-12T10:00:00Z')
    await answer(user.id, q[1].id, false, '2026-03-12T10:05:00Z')
    await t.db
      .insert(notebooks)
      .values({ userId: user.id, name: 'Revisão de Civil', color: 'blue', createdAt: new Date('2026-03-12T10:10:00Z') })
    await t.db
      .insert(notes)
      .values({ userId: user.id, questionId: q[2].id, content: 'lembrar', createdAt: new Date('2026-03-12T10:15:00Z') })
    const [topic] = await t.db
      .insert(forumTopics)
      .values({
        userId: user.id,
        questionId: q[3].id,
        title: 'Dúvida sobre culpa',
        content: '...',
        createdAt: new Date('2026-03-12T10:20:00Z'),
      })
      .returning()
    await t.db
      .insert(forumReplies)
      .values({ userId: user.id, topicId: topic.id, content: 'eu mesmo', createdAt: new Date('2026-03-12T10:25:00Z') })
    await answer(other.user.id, q[4].id, true, '2026-03-12T10:30:00Z')
    await t.db.insert(notebooks).values({ userId: other.user.id, name: 'De outra pessoa', color: 'red' })

    const res = await contractRequest(t.app).get('/api/v1/me/activity').set(auth)
    expect(res.status).toBe(200)
    // Each names the question by its discipline and statement's first words (issue 27).
    const ref = (i: number) => ({
      id: q[i].id,
      code: q[i].shortId,
      discipline: i < 2 ? 'Direito Civil' : 'Direito Penal',
      excerpt: ['Civil contratos', 'Civil posse', 'Penal dolo', 'Penal culpa', 'Penal pena'][i],
    })
    expect(res.body.activity).toEqual([
      { kind: 'reply', at: '2026-03-12T10:25:00.000Z', question: ref(3), title: 'Dúvida sobre culpa' },
      { kind: 'topic', at: '2026-03-12T10:20:00.000Z', question: ref(3), title: 'Dúvida sobre culpa' },
      { kind: 'note', at: '2026-03-12T10:15:00.000Z', question: ref(2) },
      { kind: 'notebook', at: '2026-03-12T10:10:00.000Z', notebook: { id: expect.any(Number), name: 'Revisão de Civil' } },
      { kind: 'answer', at: '2026-03-12T10:05:00.000Z', question: ref(1), correct: false },
      { kind: 'answer', at: '2026-03-12T10:00:00.000Z', question: ref(0), correct: true },
    ])
  })

  it('keeps the 20 newest items of 30 answers', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    for (let i = 0; i < 30; i++) await answer(user.id, q[i % 5].id, i % 2 === 0, new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString())
    const res = await contractRequest(t.app).get('/api/v1/me/activity').set(auth)
    expect(res.body.activity).toHaveLength(20)
    expect(res.body.activity[0].at).toBe('2026-03-01T12:29:00.000Z')
    expect(res.body.activity[19].at).toBe('2026-03-01T12:10:00.000Z')
  })

  it('answers 401 without a login', async () => {
    expect((await contractRequest(t.app).get('/api/v1/me/activity')).status).toBe(401)
  })
})

describe('GET /me/notes (Comentários)', () => {
  it('lists the student’s notes newest first, 20 a page with the total, and never another’s', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    await t.db.insert(notes).values(
      Array.from({ length: 23 }, (_, i) => ({
        userId: user.id,
        questionId: q[i % 5].id,
        content: `nota ${i}`,
        createdAt: new Date(Date.UTC(2026, 2, 1, 0, i)),
      })),
    )
    await t.db.insert(notes).values({ userId: other.user.id, questionId: q[0].id, content: 'alheia' })

    const first = await contractRequest(t.app).get('/api/v1/me/notes').set(auth)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: 23, page: 1, per_page: 20 })
    expect(first.body.notes).toHaveLength(20)
    expect(first.body.notes[0]).toMatchObject({
      content: 'nota 22',
      question: { id: q[2].id, code: q[2].shortId, discipline: 'Direito Penal' },
    })
    const second = await contractRequest(t.app).get('/api/v1/me/notes?page=2').set(auth)
    expect(second.body.notes.map((n: { content: string }) => n.content)).toEqual(['nota 2', 'nota 1', 'nota 0'])
    const past = await contractRequest(t.app).get('/api/v1/me/notes?page=9').set(auth)
    expect(past.body).toMatchObject({ notes: [], total: 23 })
    const bad = await contractRequest(t.app).get('/api/v1/me/notes?page=abc').set(auth)
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Página inválida.')
  })

  it('leaves out the notes on a removed question', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    const [extra] = (await insertQuestions(t.db, [{ discipline: 'Direito Civil', statement: 'Some depois', number: 900 }])).questions
    await t.db.insert(notes).values({ userId: user.id, questionId: extra.id, content: 'na removida' })
    await t.db.update(questions).set({ removedAt: new Date() }).where(eq(questions.id, extra.id))
    const res = await contractRequest(t.app).get('/api/v1/me/notes').set(auth)
    expect(res.body).toMatchObject({ notes: [], total: 0 })
  })
})

describe('GET /me/forum (Fórum)', () => {
  it('counts topics, replies and votes, and lists each participation with the topic’s votes and replies', async () => {
    const me = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    const topic = async (userId: string, questionId: number, title: string, at: string) =>
      (
        await t.db
          .insert(forumTopics)
          .values({ userId, questionId, title, content: '...', createdAt: new Date(at) })
          .returning()
      )[0]
    const mine = await topic(me.user.id, q[0].id, 'Meu tópico', '2026-03-10T12:00:00Z')
    const theirs = await topic(other.user.id, q[1].id, 'Tópico alheio', '2026-03-10T13:00:00Z')
    const voted = await topic(other.user.id, q[2].id, 'Votei aqui', '2026-03-10T14:00:00Z')
    const [reply] = await t.db
      .insert(forumReplies)
      .values({ userId: me.user.id, topicId: theirs.id, content: 'minha resposta', createdAt: new Date('2026-03-11T12:00:00Z') })
      .returning()
    await t.db
      .insert(forumReplies)
      .values({ userId: other.user.id, topicId: mine.id, content: 'resposta alheia', createdAt: new Date('2026-03-11T13:00:00Z') })
    await t.db.insert(forumTopicVotes).values([
      { topicId: voted.id, userId: me.user.id, value: -1, createdAt: new Date('2026-03-11T14:00:00Z') },
      { topicId: mine.id, userId: other.user.id, value: 1 },
    ])
    const [otherReply] = await t.db.insert(forumReplies).values({ userId: other.user.id, topicId: voted.id, content: 'ok' }).returning()
    await t.db
      .insert(forumReplyVotes)
      .values({ replyId: otherReply.id, userId: me.user.id, value: 1, createdAt: new Date('2026-03-11T15:00:00Z') })
    // A deleted topic of mine counts for nothing.
    await t.db.insert(forumTopics).values({ userId: me.user.id, questionId: q[3].id, title: 'Apagado', content: '', deletedAt: new Date() })
    void reply

    const res = await contractRequest(t.app).get('/api/v1/me/forum').set(me.auth)
    expect(res.status).toBe(200)
    expect(res.body.counts).toEqual({ created: 1, replied: 1, voted: 2 })
    expect(
      res.body.participations.map(
        (p: { type: string; topicTitle: string; lastActivity: string; upvotes: number; downvotes: number; replies: number }) => [
          p.type,
          p.topicTitle,
          p.lastActivity,
          p.upvotes,
          p.downvotes,
          p.replies,
        ],
      ),
    ).toEqual([
      ['voted', 'Votei aqui', '2026-03-11T15:00:00.000Z', 0, 1, 1],
      ['replied', 'Tópico alheio', '2026-03-11T12:00:00.000Z', 0, 0, 1],
      ['created', 'Meu tópico', '2026-03-10T12:00:00.000Z', 1, 0, 1],
    ])
    expect(res.body.participations[2].question).toEqual({ id: q[0].id, code: q[0].shortId, discipline: 'Direito Civil' })

    const empty = await contractRequest(t.app)
      .get('/api/v1/me/forum')
      .set((await createTestUser(t.ctx)).auth)
    expect(empty.body).toMatchObject({ counts: { created: 0, replied: 0, voted: 0 }, participations: [] })
  })
})

describe('excerptOf', () => {
  it('keeps the first eight words as plain text, cut with an ellipsis', () => {
    expect(excerptOf('Civil contratos')).toBe('Civil contratos')
    expect(excerptOf('<b>Três</b> advogados  pretendem **constituir** uma sociedade de advogados e incluir como sócio')).toBe(
      'Três advogados pretendem constituir uma sociedade de advogados…',
    )
    expect(excerptOf('Um dois três quatro cinco seis sete oito, nove')).toBe('Um dois três quatro cinco seis sete oito…')
  })
})

describe('/me/last-study (Continuar estudando)', () => {
  it('keeps the last modo resolução page, per student, and refuses any other address in Portuguese', async () => {
    const one = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    const get = (auth: Record<string, string>) => contractRequest(t.app).get('/api/v1/me/last-study').set(auth)
    const put = (auth: Record<string, string>, path: unknown) =>
      contractRequest(t.app).put('/api/v1/me/last-study').set(auth).send({ path })
    expect((await get(one.auth)).body.last_study).toBeNull()

    const path = '/questoes/resolver?disciplina=3&pos=7&desde=2026-03-12T12%3A00%3A00.000Z&feitas=1.2'
    expect((await put(one.auth, path)).status).toBe(200)
    expect((await put(one.auth, `${path.replace('pos=7', 'pos=8')}`)).status).toBe(200)
    expect((await get(one.auth)).body.last_study).toEqual({ path: path.replace('pos=7', 'pos=8'), at: NOW.toISOString() })
    expect((await get(other.auth)).body.last_study).toBeNull()

    for (const bad of [
      'https://example.com/questoes/resolver?pos=1',
      '/dashboard',
      '//evil.example/questoes/resolver?x',
      '/questoes/resolver?a b',
    ]) {
      const res = await put(one.auth, bad)
      expect(res.status, bad).toBe(400)
      expect(res.body.error).toBe('O endereço deve ser uma página de /questoes/resolver.')
    }
    // A long run: its URL names the 200 questions it answered (issue 39: such a run stopped being kept).
    const long = `/questoes/resolver?banca=FGV&pos=201&desde=2026-03-12T12%3A00%3A00.000Z&feitas=${Array.from({ length: 200 }, (_, i) => 100_000_000 + i).join('.')}`
    expect(long.length).toBeGreaterThan(2000)
    expect((await put(one.auth, long)).status).toBe(200)
    expect((await get(one.auth)).body.last_study.path).toBe(long)
    const tooLong = await put(one.auth, `/questoes/resolver?q=${'x'.repeat(4000)}`)
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.error).toBe('Endereço longo demais.')
    expect((await put(one.auth, path.replace('pos=7', 'pos=8'))).status).toBe(200)
    expect((await put(one.auth, 42)).status).toBe(400)
    expect((await contractRequest(t.app).get('/api/v1/me/last-study')).status).toBe(401)
    expect((await get(one.auth)).body.last_study.path).toBe(path.replace('pos=7', 'pos=8'))
  })
})
