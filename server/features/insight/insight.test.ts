import fs from 'node:fs'

import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, forumTopics, notebookQuestions, notebooks, notes, questionAnswerStats, questions, videoWatches } from '#server/db/schema'
import { parseExamText } from '#server/domain/import/parse-exam'
import { issueShownToken } from '#server/domain/questions/timing'
import { setToggles } from '#server/domain/toggles/store'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Question insight (issue 12): statistics from seeded attempts with known answers, the signed
// answer timing, the plan gating of the commented answer, the video and its watched mark,
// interactions and details.

let t: Awaited<ReturnType<typeof createTestContext>>
let q: { stats: number; empty: number; badVideo: number; annulled: number; noVideo: number }
/** The API's clock, fixed so every elapsed time is exact. */
const NOW = new Date('2026-03-10T15:00:00.000Z')
const secondsAgo = (s: number) => new Date(NOW.getTime() - s * 1000)

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => NOW
  const bank = await insertQuestions(t.db, [
    {
      discipline: 'Direito Civil',
      statement: 'Questão das estatísticas.',
      correctAnswer: 'B',
      explanation: 'Comentário do <n>professor</n>.',
      difficulty: 'DIFICIL',
    },
    { discipline: 'Direito Civil', statement: 'Questão sem tentativas.', correctAnswer: 'A' },
    { discipline: 'Direito Civil', statement: 'Questão com vídeo quebrado.', correctAnswer: 'A' },
    { discipline: 'Direito Civil', statement: 'Questão anulada.', correctAnswer: null },
    { discipline: 'Direito Civil', statement: 'Questão sem vídeo.', correctAnswer: 'A', explanation: 'Outra explicação.' },
  ])
  const [stats, empty, badVideo, annulled, noVideo] = bank.questions.map((row) => row.id)
  q = { stats, empty, badVideo, annulled, noVideo }
  await t.db.update(questions).set({ videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }).where(eq(questions.id, stats))
  // Stored before the import checked links (or by hand): the API checks again.
  await t.db.update(questions).set({ videoUrl: 'https://example.com/watch?v=dQw4w9WgXcQ' }).where(eq(questions.id, badVideo))
})
afterAll(async () => {
  await t?.close()
})

const secret = () => t.ctx.config.sessionSecret
/** The post-migration file as the server runs it at start (several statements: the driver's simple protocol). */
async function runStatsSql() {
  const client = (t.db as unknown as { $client: { exec?: (s: string) => Promise<unknown>; query: (s: string) => Promise<unknown> } })
    .$client
  const text = fs.readFileSync('server/db/sql/003-question-stats.sql', 'utf8')
  await (client.exec ? client.exec(text) : client.query(text))
}
const answer = (id: number, auth: Record<string, string>, body: Record<string, unknown>) =>
  contractRequest(t.app).post(`/api/v1/questions/${id}/attempts`).set(auth).send(body)
const statistics = (id: number, auth: Record<string, string> = {}, query = '') =>
  contractRequest(t.app).get(`/api/v1/questions/${id}/statistics${query}`).set(auth)

describe('answer timing: a signed shown-at token', () => {
  it('stores the seconds since the card was shown, capped at 1800, and null for a missing, forged or expired token', async () => {
    const s = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const other = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const token = (at: Date, user = s.user.id, question = q.empty) => issueShownToken(secret(), user, question, at)
    const good = token(secondsAgo(42))
    const cases: [unknown, number | null][] = [
      [good, 42],
      [token(secondsAgo(40 * 60)), 1800],
      [undefined, null],
      ['', null],
      [12345, null],
      ['lixo', null],
      // The same time, signed for someone else or another question, or with a changed time.
      [token(secondsAgo(42), other.user.id), null],
      [token(secondsAgo(42), s.user.id, q.stats), null],
      [`${(Math.floor(NOW.getTime() / 1000) - 300).toString(36)}.${good.split('.')[1]}`, null],
      [`${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`, null],
      // Expired (another study session) and from the future.
      [token(secondsAgo(13 * 3600)), null],
      [token(secondsAgo(-600)), null],
    ]
    for (const [shown_token, expected] of cases) {
      const res = await answer(q.empty, s.auth, { answer: 'B', shown_token })
      expect(res.status, JSON.stringify(shown_token)).toBe(201)
      expect(res.body.elapsed_seconds, JSON.stringify(shown_token)).toBe(expected)
    }
    const stored = await t.db
      .select({ e: attempts.elapsedSeconds, first: attempts.isFirst })
      .from(attempts)
      .where(and(eq(attempts.userId, s.user.id), eq(attempts.questionId, q.empty)))
      .orderBy(asc(attempts.id))
    expect(stored.map((r) => r.e)).toEqual(cases.map(([, e]) => e))
    expect(stored.map((r) => r.first)).toEqual(cases.map((_, i) => i === 0))
    // Cleared so the 'no statistics' test below sees an untouched question.
    await t.db.delete(attempts).where(eq(attempts.questionId, q.empty))
    const left = await t.db.select().from(questionAnswerStats).where(eq(questionAnswerStats.questionId, q.empty))
    expect(left.every((r) => r.attempts === 0 && r.timeSum === 0)).toBe(true)
  })

  it('hands a token with every card to a signed-in caller only', async () => {
    const s = await createTestUser(t.ctx)
    const search = await contractRequest(t.app).get('/api/v1/questions/search?per_page=5').set(s.auth)
    expect(search.status).toBe(200)
    for (const card of search.body.data) expect(card.shown_token).toBe(issueShownToken(secret(), s.user.id, card.id, NOW))
    const anonymous = await contractRequest(t.app).get('/api/v1/questions/search?per_page=5')
    expect(anonymous.body.data.every((card: { shown_token?: string }) => card.shown_token === undefined)).toBe(true)
    const one = await contractRequest(t.app).get(`/api/v1/questions/${q.stats}`).set(s.auth)
    expect(one.body.data.shown_token).toBe(issueShownToken(secret(), s.user.id, q.stats, NOW))
    const details = await contractRequest(t.app).get(`/api/v1/questions/${q.stats}/details`).set(s.auth)
    expect(details.body.data.shown_token).toBe(issueShownToken(secret(), s.user.id, q.stats, NOW))
  })
})

describe('GET /questions/:id/statistics', () => {
  // Known answers (key B): 4 students, 6 attempts.
  //   u1: A (30 s), then B (no token)    u2: B (60 s)
  //   u3: C (forged token)               u4: B (45 s), then B (40 min → 1800 s)
  // All: A 1, B 4, C 1, D 0; right 4/6 = 67%; mean time (30 + 60 + 45 + 1800) / 4 = 483.75 → 484.
  // First attempts: A 1, B 2, C 1; right 2/4 = 50% (Médio as answered); mean (30 + 60 + 45) / 3 = 45.
  let users: Awaited<ReturnType<typeof createTestUser>>[] = []
  beforeAll(async () => {
    users = await Promise.all([1, 2, 3, 4].map(() => createTestUser(t.ctx, { plan: 'PREMIUM' })))
    const [u1, u2, u3, u4] = users
    const tok = (u: (typeof users)[number], s: number) => issueShownToken(secret(), u.user.id, q.stats, secondsAgo(s))
    const plays: [typeof u1, string, unknown][] = [
      [u1, 'A', tok(u1, 30)],
      [u1, 'B', undefined],
      [u2, 'B', tok(u2, 60)],
      [u3, 'C', tok(u1, 20)],
      [u4, 'B', tok(u4, 45)],
      [u4, 'b', tok(u4, 40 * 60)],
    ]
    for (const [u, letter, shown_token] of plays) expect((await answer(q.stats, u.auth, { answer: letter, shown_token })).status).toBe(201)
  })

  it('gives exact counts, rounded percentages and averages, first attempts apart from all', async () => {
    // A student who only revealed the answer (no attempt) sees the whole distribution.
    const reader = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    expect((await contractRequest(t.app).post(`/api/v1/questions/${q.stats}/reveal`).set(reader.auth)).status).toBe(200)
    const res = await statistics(q.stats, reader.auth)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      questionId: q.stats,
      totalAttempts: 6,
      correctAttempts: 4,
      accuracy: 67,
      averageTime: 484,
      firstAttempts: { totalAttempts: 4, correctAttempts: 2, accuracy: 50, averageTime: 45 },
      alternatives: [
        { letter: 'A', isCorrect: false, count: 1, percentage: 17, firstCount: 1, firstPercentage: 25 },
        { letter: 'B', isCorrect: true, count: 4, percentage: 67, firstCount: 2, firstPercentage: 50 },
        { letter: 'C', isCorrect: false, count: 1, percentage: 17, firstCount: 1, firstPercentage: 25 },
        { letter: 'D', isCorrect: false, count: 0, percentage: 0, firstCount: 0, firstPercentage: 0 },
      ],
      difficulty: { labelled: 'DIFICIL', answered: 'MEDIO', firstAttemptAccuracy: 50 },
      userStats: null,
    })
  })

  it('keeps the distractor analysis from whoever has not opened the question (it names the key)', async () => {
    const message = 'Responda à questão ou veja a resposta para ver como as respostas se distribuem entre as alternativas.'
    const stranger = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    for (const auth of [{}, stranger.auth]) {
      const data = (await statistics(q.stats, auth)).body.data
      expect(data).toMatchObject({
        totalAttempts: 6,
        correctAttempts: 4,
        accuracy: 67,
        averageTime: 484,
        alternatives: null,
        alternativesHidden: message,
        userStats: null,
      })
      expect(JSON.stringify(data)).not.toMatch(/isCorrect/)
    }
    expect((await statistics(q.stats, users[0].auth)).body.data.alternatives).toHaveLength(4)
  })

  it("adds the caller's own attempts, and only ever the caller's (IDOR)", async () => {
    const [u1, u2, , u4] = users
    const mine = (await statistics(q.stats, u1.auth)).body.data.userStats
    expect(mine).toMatchObject({
      attempts: 2,
      correct: 1,
      accuracy: 50,
      lastResult: 'correct',
      bestTime: null,
      lastAttempt: NOW.toISOString(),
    })
    expect(mine.history.map((h: { answer: string; elapsedSeconds: number | null }) => [h.answer, h.elapsedSeconds])).toEqual([
      ['B', null],
      ['A', 30],
    ])
    expect((await statistics(q.stats, u4.auth)).body.data.userStats).toMatchObject({ attempts: 2, correct: 2, bestTime: 45 })
    // Naming another user anywhere changes nothing: userStats comes from the token.
    const spoof = await statistics(q.stats, u2.auth, `?user_id=${u1.user.id}&userId=${u1.user.id}`)
    expect(spoof.body.data.userStats).toMatchObject({ attempts: 1, correct: 1, bestTime: 60 })
    const stranger = await createTestUser(t.ctx)
    expect((await statistics(q.stats, stranger.auth, `?user_id=${u1.user.id}`)).body.data.userStats).toBeNull()
  })

  it("answers 'Nenhuma estatística disponível.' for a question nobody answered, 404 for none, 400 for a bad id", async () => {
    const empty = await statistics(q.empty)
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual({ success: true, data: null, message: 'Nenhuma estatística disponível.' })
    expect((await statistics(999_999)).body).toEqual({ error: 'Questão não encontrada' })
    expect((await statistics(999_999)).status).toBe(404)
    expect((await contractRequest(t.app).get('/api/v1/questions/abc/statistics')).status).toBe(400)
  })

  it('stays right when the post-migration SQL runs again (idempotent backfill)', async () => {
    const before = await t.db.select().from(questionAnswerStats).where(eq(questionAnswerStats.questionId, q.stats))
    await runStatsSql()
    const after = await t.db.select().from(questionAnswerStats).where(eq(questionAnswerStats.questionId, q.stats))
    expect(after).toEqual(before)
  })

  it('backfills attempts recorded before the aggregate existed', async () => {
    // Rows left at zero by deleted attempts are not recreated; every count is.
    const live = async () =>
      (await t.db.select().from(questionAnswerStats).orderBy(asc(questionAnswerStats.questionId), asc(questionAnswerStats.answer))).filter(
        (r) => r.attempts > 0,
      )
    const rows = await live()
    const firsts = await t.db.select({ id: attempts.id, first: attempts.isFirst }).from(attempts).orderBy(asc(attempts.id))
    await t.db.execute(sql`DELETE FROM question_answer_stats`)
    await t.db.execute(sql`UPDATE attempts SET is_first = false`)
    await runStatsSql()
    expect(await live()).toEqual(rows)
    expect(rows.length).toBeGreaterThan(0)
    expect(await t.db.select({ id: attempts.id, first: attempts.isFirst }).from(attempts).orderBy(asc(attempts.id))).toEqual(firsts)
  })
})

describe('commented answer (Análise): plan hasCommentedQuestions AND the toggle', () => {
  const reveal = (id: number, auth: Record<string, string>) => contractRequest(t.app).post(`/api/v1/questions/${id}/reveal`).set(auth)

  it('shows the explanation to every seeded plan (Básico too); a plan the catalogue strips of it sees the reason', async () => {
    for (const plan of ['PREMIUM', 'BASICO', 'GRATUITO'] as const) {
      const res = await reveal(q.noVideo, (await createTestUser(t.ctx, { plan })).auth)
      expect(res.body.explanation).toBe('Outra explicação.')
      expect(res.body.explanation_locked).toBeUndefined()
    }
    // Only the cheapest plan may have less (issue 28): an admin takes the analysis off Gratuito.
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    const gratuito = await createTestUser(t.ctx)
    const free = {
      tagline: '',
      popular: false,
      price_cents: 0,
      questions_per_week: 5,
      notebooks_limit: 2,
      has_notebooks: true,
      has_comments: false,
      has_chat: false,
      has_ads: true,
    }
    const setFree = (has: boolean) =>
      contractRequest(t.app)
        .put('/api/v1/admin/plan-catalog/plans/GRATUITO')
        .set(admin.auth)
        .send({ ...free, has_commented_questions: has })
        .expect(200)
    await setFree(false)
    try {
      const locked = await reveal(q.noVideo, gratuito.auth)
      expect(locked.status).toBe(200)
      expect(locked.body).toMatchObject({ correct_answer: 'A', explanation: null, explanation_locked: 'plan' })
      expect(locked.body.explanation_message).toBe(
        'A análise do professor (questões comentadas) não faz parte do seu plano. Ela está nos planos Básico, Premium e Pro.',
      )
      // The answer and the read-only GET say the same.
      const attempt = await answer(q.noVideo, gratuito.auth, { answer: 'A' })
      expect(attempt.body).toMatchObject({ correct: true, explanation: null, explanation_locked: 'plan' })
      const again = await contractRequest(t.app).get(`/api/v1/questions/${q.noVideo}/reveal`).set(gratuito.auth)
      expect(again.body).toMatchObject({ explanation: null, explanation_locked: 'plan' })
      // A question without an explanation is not 'locked'.
      const none = await reveal(q.badVideo, gratuito.auth)
      expect(none.body.explanation).toBeNull()
      expect(none.body.explanation_locked).toBeUndefined()
    } finally {
      await setFree(true)
    }
  })

  it('the toggle off hides it from everyone (admins too); on again shows it', async () => {
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    await setToggles(t.db, { commentedQuestionsEnabled: false }, new Date())
    try {
      for (const s of [premium, admin]) {
        const res = await reveal(q.noVideo, s.auth)
        expect(res.body).toMatchObject({
          explanation: null,
          explanation_locked: 'disabled',
          explanation_message: 'As questões comentadas estão desativadas no momento.',
        })
        expect((await contractRequest(t.app).get(`/api/v1/questions/${q.noVideo}/reveal`).set(s.auth)).body.explanation).toBeNull()
      }
    } finally {
      await setToggles(t.db, { commentedQuestionsEnabled: true }, new Date())
    }
    expect((await reveal(q.noVideo, premium.auth)).body.explanation).toBe('Outra explicação.')
  })
})

describe('video', () => {
  it('answers the link, its id and the privacy-enhanced player; visitors get no watched mark', async () => {
    const res = await contractRequest(t.app).get(`/api/v1/questions/${q.stats}/video`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoId: 'dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
      shareUrl: 'https://youtu.be/dQw4w9WgXcQ',
      duration: null,
      watchedAt: null,
    })
    expect(res.body.data.title).toMatch(/^Vídeo da questão \d+ — Direito Civil$/)
  })

  it("says 'Nenhum vídeo disponível.' without a link and the spec's error texts for a bad one", async () => {
    const none = await contractRequest(t.app).get(`/api/v1/questions/${q.noVideo}/video`)
    expect(none.status).toBe(404)
    expect(none.body).toEqual({ error: 'Nenhum vídeo disponível.', code: 'NO_VIDEO' })
    const bad = await contractRequest(t.app).get(`/api/v1/questions/${q.badVideo}/video`)
    expect(bad.status).toBe(422)
    expect(bad.body).toEqual({ error: 'Erro ao carregar vídeo.', code: 'INVALID_VIDEO', detail: 'O link do vídeo pode estar inválido.' })
    expect((await contractRequest(t.app).get('/api/v1/questions/999999/video')).status).toBe(404)
  })

  it('marks it watched once for the caller (bearer only), keeping the first time', async () => {
    const s = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    const watch = (auth: Record<string, string> = {}, id = q.stats) =>
      contractRequest(t.app).post(`/api/v1/questions/${id}/video/watch`).set(auth)
    expect((await watch()).status).toBe(401)
    const first = await watch(s.auth)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ message: 'Vídeo marcado como assistido.', watchedAt: NOW.toISOString() })
    t.ctx.clock = () => secondsAgo(-3600)
    try {
      expect((await watch(s.auth)).body.watchedAt).toBe(NOW.toISOString())
    } finally {
      t.ctx.clock = () => NOW
    }
    expect((await contractRequest(t.app).get(`/api/v1/questions/${q.stats}/video`).set(s.auth)).body.data.watchedAt).toBe(NOW.toISOString())
    expect((await contractRequest(t.app).get(`/api/v1/questions/${q.stats}/video`).set(other.auth)).body.data.watchedAt).toBeNull()
    expect((await watch(s.auth, q.noVideo)).status).toBe(404)
    expect((await watch(s.auth, q.badVideo)).status).toBe(422)
    expect(await t.db.select().from(videoWatches).where(eq(videoWatches.userId, s.user.id))).toHaveLength(1)
  })

  it('the import takes watch pages and short links and refuses anything else with a located message', () => {
    const file = (video: string) =>
      `PROVA: P\nANO: 2022\nBANCA: FGV\nQUESTAO: 1\nDISCIPLINA: Direito Penal\nENUNCIADO:\nTexto.\nA) Um.\nB) Dois.\nGABARITO: A\nVIDEO: ${video}\n`
    for (const good of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      const parsed = parseExamText(file(good), new Date())
      expect(parsed.ok, good).toBe(true)
      if (parsed.ok) expect(parsed.exam.questions[0].videoUrl).toBe(good)
    }
    for (const bad of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/channel/UC123',
      'assista no canal',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=curto',
    ]) {
      const parsed = parseExamText(file(bad), new Date())
      expect(parsed.ok, bad).toBe(false)
      if (!parsed.ok) expect(JSON.stringify(parsed.errors)).toMatch(/linha 11: VIDEO .* não é um link de vídeo válido/)
    }
  })
})

describe('GET /questions/:id/interactions', () => {
  it('counts what exists now for the caller: zero, never invented', async () => {
    const s = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    const get = (auth: Record<string, string> = {}, id = q.stats) =>
      contractRequest(t.app).get(`/api/v1/questions/${id}/interactions`).set(auth)
    expect((await get()).status).toBe(401)
    expect((await get(s.auth, q.empty)).body.data).toEqual({
      questionId: q.empty,
      hasNotes: false,
      notesCount: 0,
      notebooksCount: 0,
      hasStats: false,
      hasVideos: false,
      videosCount: 0,
      forumTopicsCount: 0,
      videoWatched: false,
    })
    await t.db.insert(notes).values([
      { userId: s.user.id, questionId: q.stats, content: 'uma' },
      { userId: s.user.id, questionId: q.stats, content: 'duas' },
      { userId: other.user.id, questionId: q.stats, content: 'de outro' },
    ])
    const [nb] = await t.db.insert(notebooks).values({ userId: s.user.id, name: 'Civil', color: '#2563eb' }).returning()
    const [othersNb] = await t.db.insert(notebooks).values({ userId: other.user.id, name: 'Outro', color: '#2563eb' }).returning()
    await t.db.insert(notebookQuestions).values([
      { notebookId: nb.id, questionId: q.stats },
      { notebookId: othersNb.id, questionId: q.stats },
    ])
    await t.db.insert(forumTopics).values([
      { questionId: q.stats, userId: other.user.id, title: 'Dúvida', content: 'Por quê?' },
      { questionId: q.stats, userId: other.user.id, title: 'Oculto', content: 'x', hiddenAt: NOW },
    ])
    expect((await get(s.auth)).body.data).toEqual({
      questionId: q.stats,
      hasNotes: true,
      notesCount: 2,
      notebooksCount: 1,
      hasStats: true,
      hasVideos: true,
      videosCount: 1,
      forumTopicsCount: 1,
      videoWatched: false,
    })
    expect((await get(s.auth, 999_999)).status).toBe(404)
  })
})

describe('GET /questions/:id/details', () => {
  it('gives every field of the question but never its key', async () => {
    const res = await contractRequest(t.app).get(`/api/v1/questions/${q.stats}/details`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: q.stats,
      discipline_name: 'Direito Civil',
      exam_board: 'FGV',
      exam_year: 2023,
      is_annulled: false,
      has_video: true,
      has_explanation: true,
    })
    expect(res.body.data.imported_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(res.body.data.shown_token).toBeUndefined()
    expect(JSON.stringify(res.body)).not.toMatch(/correct_answer|Comentário do/)
    expect((await contractRequest(t.app).get(`/api/v1/questions/${q.annulled}/details`)).body.data.is_annulled).toBe(true)
  })
})

describe('CSP', () => {
  it('frames only the privacy-enhanced video host', async () => {
    const res = await contractRequest(t.app).get('/version.json')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toMatch(/(^|;)frame-src https:\/\/www\.youtube-nocookie\.com(;|$)/)
  })
})
