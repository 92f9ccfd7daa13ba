import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  apiTokens,
  attempts,
  chatMessages,
  contactMessages,
  forumTopics,
  notebookQuestions,
  notebooks,
  notes,
  payments,
  users,
} from '#server/db/schema'
import { hashPassword } from '#server/features/auth/passwords'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { streakFrom } from './stats'

// The dashboard's figures (issue 14) against a seeded history with known answers on known
// São Paulo days. The API's clock is fixed at 2026-03-12 10:00 in São Paulo (13:00 UTC).

let t: Awaited<ReturnType<typeof createTestContext>>
const NOW = new Date('2026-03-12T13:00:00.000Z')
let civil: number[]
let penal: number[]

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => NOW
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Civil 1', correctAnswer: 'A' },
    { discipline: 'Direito Civil', statement: 'Civil 2', correctAnswer: 'B' },
    { discipline: 'Direito Penal', statement: 'Penal 1', correctAnswer: 'C' },
  ])
  const ids = bank.questions.map((q) => q.id)
  civil = ids.slice(0, 2)
  penal = ids.slice(2)
})
afterAll(async () => {
  await t?.close()
})

type Seed = { question: number; correct: boolean; at: string; seconds?: number | null }
async function seed(userId: string, rows: Seed[]) {
  await t.db.insert(attempts).values(
    rows.map((r) => ({
      userId,
      questionId: r.question,
      answer: r.correct ? 'A' : 'E',
      correct: r.correct,
      elapsedSeconds: r.seconds ?? null,
      createdAt: new Date(r.at),
    })),
  )
}

const stats = (auth: Record<string, string>) => contractRequest(t.app).get('/api/v1/me/stats').set(auth)

describe('GET /me/stats', () => {
  it('counts distinct questions, the rounded share of right answers and the known answer times', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    await seed(user.id, [
      { question: civil[0], correct: false, at: '2026-03-12T12:00:00Z', seconds: 90 },
      { question: civil[0], correct: true, at: '2026-03-12T12:05:00Z', seconds: 30 },
      { question: civil[1], correct: true, at: '2026-03-12T12:10:00Z' },
    ])
    const res = await stats(auth)
    expect(res.status).toBe(200)
    // 2 of 3 answers right = 66.7 % → 67; the unknown time is left out.
    expect(res.body).toMatchObject({ questionsAnswered: 2, correctRate: 67, studyStreak: 1, totalStudyTime: 120 })
  })

  it('counts São Paulo days: 23:30 and 00:30 are two days, a missed day breaks the streak, today without an answer does not', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    await seed(user.id, [
      // 8 March (São Paulo): then a gap on the 9th.
      { question: penal[0], correct: true, at: '2026-03-08T15:00:00Z' },
      // 10 March 23:30 in São Paulo is 11 March 02:30 UTC; 11 March 00:30 would be 03:30 UTC.
      { question: penal[0], correct: true, at: '2026-03-11T02:30:00Z' },
      { question: civil[0], correct: true, at: '2026-03-11T03:30:00Z' },
    ])
    // Today (12 March) has no answer yet: 10 and 11 March still count.
    expect((await stats(auth)).body.studyStreak).toBe(2)
    await seed(user.id, [{ question: civil[1], correct: false, at: '2026-03-12T11:00:00Z' }])
    expect((await stats(auth)).body.studyStreak).toBe(3)
  })

  it('is all zeros for a new student, and 401 without a login', async () => {
    const { auth } = await createTestUser(t.ctx)
    expect((await stats(auth)).body).toMatchObject({ questionsAnswered: 0, correctRate: 0, studyStreak: 0, totalStudyTime: 0 })
    const anonymous = await contractRequest(t.app).get('/api/v1/me/stats')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toEqual(expect.any(String))
  })

  it('never mixes in another student’s answers', async () => {
    const one = await createTestUser(t.ctx)
    const other = await createTestUser(t.ctx)
    await seed(other.user.id, [{ question: civil[0], correct: true, at: '2026-03-12T12:00:00Z', seconds: 50 }])
    expect((await stats(one.auth)).body).toMatchObject({ questionsAnswered: 0, totalStudyTime: 0 })
  })
})

describe('GET /me/performance', () => {
  it('gives right and total answers per discipline, most answered first', async () => {
    const { user, auth } = await createTestUser(t.ctx)
    await seed(user.id, [
      { question: civil[0], correct: true, at: '2026-03-12T12:00:00Z' },
      { question: civil[1], correct: false, at: '2026-03-12T12:01:00Z' },
      { question: civil[1], correct: true, at: '2026-03-12T12:02:00Z' },
      { question: penal[0], correct: false, at: '2026-03-12T12:03:00Z' },
    ])
    const res = await contractRequest(t.app).get('/api/v1/me/performance').set(auth)
    expect(res.status).toBe(200)
    expect(res.body.disciplines).toEqual([
      { discipline: 'Direito Civil', correct: 2, total: 3 },
      { discipline: 'Direito Penal', correct: 0, total: 1 },
    ])
  })
})

describe('GET /me/export', () => {
  it('holds every table’s rows of this student and none of another’s, and no secret', async () => {
    const me = await createTestUser(t.ctx, { name: 'Ana Exporta' })
    const other = await createTestUser(t.ctx, { name: 'Bia Outra' })
    for (const [who, text] of [
      [me, 'minha anotação'],
      [other, 'anotação dela'],
    ] as const) {
      await seed(who.user.id, [{ question: civil[0], correct: true, at: '2026-03-12T12:00:00Z', seconds: 40 }])
      await t.db.insert(notes).values({ userId: who.user.id, questionId: civil[0], content: text })
      const [nb] = await t.db
        .insert(notebooks)
        .values({ userId: who.user.id, name: `Caderno de ${text}`, color: '#2563eb' })
        .returning()
      await t.db.insert(notebookQuestions).values({ notebookId: nb.id, questionId: civil[1] })
      await t.db.insert(chatMessages).values({ userId: who.user.id, type: 'user', content: `pergunta: ${text}` })
      await t.db.insert(contactMessages).values({ name: 'x', email: who.user.email, subject: 'Assunto', message: `contato: ${text}` })
    }
    await t.db.update(users).set({ passwordHash: '$argon2id$segredo' }).where(eq(users.id, me.user.id))

    const res = await contractRequest(t.app).get('/api/v1/me/export').set(me.auth)
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="gabarita-meus-dados-2026-03-12.json"')
    const body = res.body
    expect(body.user).toMatchObject({ id: me.user.id, email: me.user.email, name: 'Ana Exporta' })
    expect(body.attempts).toHaveLength(1)
    expect(body.notes.map((n: { content: string }) => n.content)).toEqual(['minha anotação'])
    expect(body.notebooks.map((n: { name: string }) => n.name)).toEqual(['Caderno de minha anotação'])
    expect(body.notebook_questions).toHaveLength(1)
    expect(body.chat_messages.map((m: { content: string }) => m.content)).toEqual(['pergunta: minha anotação'])
    expect(body.contact_messages.map((m: { message: string }) => m.message)).toEqual(['contato: minha anotação'])
    const text = JSON.stringify(body)
    expect(text).not.toContain(other.user.id)
    expect(text).not.toContain('anotação dela')
    expect(text).not.toContain('argon2')
    expect(text).not.toContain(me.token)
    expect((await contractRequest(t.app).get('/api/v1/me/export')).status).toBe(401)
  })
})

describe('DELETE /me', () => {
  it('refuses a wrong password and keeps everything; the right one erases the person and keeps the forum thread and the payment', async () => {
    const me = await createTestUser(t.ctx, { name: 'Caio Sai' })
    const other = await createTestUser(t.ctx, { name: 'Dani Fica' })
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('senha-certa-1') })
      .where(eq(users.id, me.user.id))
    await seed(me.user.id, [{ question: civil[0], correct: true, at: '2026-03-12T12:00:00Z' }])
    await t.db.insert(notes).values({ userId: me.user.id, questionId: civil[0], content: 'nota' })
    const [topic] = await t.db
      .insert(forumTopics)
      .values({ questionId: civil[0], userId: me.user.id, title: 'Dúvida do Caio', content: 'Alguém explica?' })
      .returning()
    await t.db.insert(payments).values({
      userId: me.user.id,
      planName: 'PREMIUM',
      provider: 'sandbox',
      method: 'credit_card',
      amountCents: 3500,
      status: 'approved',
    })
    await t.db
      .insert(payments)
      .values({ userId: me.user.id, planName: 'PREMIUM', provider: 'sandbox', method: 'credit_card', amountCents: 3500 })

    const wrong = await contractRequest(t.app).delete('/api/v1/me').set(me.auth).send({ password: 'senha-errada' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('Senha incorreta.')
    expect(await t.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1)
    // The form's old field name is still read for one release (ADR 038 point 8).
    const old = await contractRequest(t.app).delete('/api/v1/me').set(me.auth).send({ confirmacao: 'senha-errada' })
    expect(old.status).toBe(400)
    expect(old.body.error).toBe('Senha incorreta.')
    const empty = await contractRequest(t.app).delete('/api/v1/me').set(me.auth).send({})
    expect(empty.status).toBe(400)
    expect(empty.body.error).toBe('Digite sua senha para confirmar a exclusão.')

    const ok = await contractRequest(t.app).delete('/api/v1/me').set(me.auth).send({ password: 'senha-certa-1' })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Sua conta foi excluída.')
    expect(await t.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(0)
    expect(await t.db.select().from(attempts).where(eq(attempts.userId, me.user.id))).toHaveLength(0)
    expect(await t.db.select().from(notes).where(eq(notes.userId, me.user.id))).toHaveLength(0)
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, me.user.id))).toHaveLength(0)
    // The old token no longer opens anything.
    expect((await contractRequest(t.app).get('/api/v1/me/stats').set(me.auth)).status).toBe(401)
    // The thread stays readable for others, its author now 'Usuário removido' (no author).
    const [kept] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))
    expect(kept).toMatchObject({ userId: null, title: 'Dúvida do Caio' })
    const thread = await contractRequest(t.app).get(`/api/v1/questions/${civil[0]}/forum/topics`).set(other.auth)
    expect(thread.status).toBe(200)
    const listed = thread.body.topics.find((x: { id: number }) => x.id === topic.id)
    expect(listed.author).toBeNull()
    // The payments are kept for the records, unlinked; the open checkout can no longer complete.
    const kept2 = await t.db.select().from(payments).where(eq(payments.amountCents, 3500))
    expect(kept2.map((p) => [p.userId, p.status]).sort()).toEqual([
      [null, 'approved'],
      [null, 'declined'],
    ])
    // The admin's payment list still shows them, as 'Conta excluída' (no user).
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    const listed2 = await contractRequest(t.app).get('/api/v1/admin/payments').set(admin.auth)
    expect(listed2.status).toBe(200)
    const orphans = listed2.body.data.filter((p: { user: unknown; amount_cents?: number }) => p.user === null)
    expect(orphans).toHaveLength(2)
    // The other student is untouched.
    expect((await contractRequest(t.app).get('/api/v1/me/stats').set(other.auth)).status).toBe(200)
  })
})

describe('streakFrom', () => {
  it('counts back across a month boundary', () => {
    expect(streakFrom(['2026-03-01', '2026-02-28', '2026-02-27', '2026-02-25'], '2026-03-01')).toBe(3)
    expect(streakFrom(['2026-02-28'], '2026-03-01')).toBe(1)
    expect(streakFrom(['2026-02-27'], '2026-03-01')).toBe(0)
  })
})
