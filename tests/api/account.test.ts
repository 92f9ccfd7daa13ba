import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { AppLoadContext } from '@remix-run/node'
import { and, eq, getTableColumns, inArray, ne } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  analysisRevisions,
  attempts,
  chatMessages,
  contactMessages,
  errorReports,
  explanationFlags,
  explanationStrikes,
  explanationVotes,
  forumFlags,
  forumReplies,
  forumReplyVotes,
  forumTopics,
  forumTopicVotes,
  legislativeChanges,
  notebookQuestions,
  notebooks,
  notes,
  offlineDownloads,
  paymentEvents,
  payments,
  planPrices,
  profiles,
  questionOutdatedOverrides,
  questions,
  questionUsage,
  reviewCards,
  reviewLogs,
  simulationQuestions,
  simulations,
  studentExplanations,
  studySettings,
  subscriptions,
  users,
  videoWatches,
} from '#server/db/schema'
import { hashPassword } from '#server/features/auth/passwords'
import { KEPT_ON_DELETE } from '#server/features/me/delete'
import { EXPORTED, type Section, sectionColumns } from '#server/features/me/export'
import { action as mascotAction } from '~/routes/dashboard.mascote/route'
import { loadDashboard } from '~/routes/dashboard/dashboard.server'
import { action as preferencesAction } from '~/routes/minha-conta.preferencias/route'

import { createTestContext, createTestUser } from '../support/context'
import { insertQuestions } from '../support/questions'
import { sessionCookieFor } from '../support/session-cookie'
import { childTables, userReferences } from '../support/user-references'

// The account part of issue 14: preferences, 'Baixar meus dados' (every table's rows of the
// student, nobody else's) and 'Excluir minha conta' (ADR 022), through the API and through the
// Remix actions a browser without JS posts to. Which tables hold a student's data is read from
// the schema (issue 61): see server/features/me/export-coverage.test.ts.

let t: Awaited<ReturnType<typeof createTestContext>>
let server: Server
let q: number[]
let disciplineId: number

beforeAll(async () => {
  t = await createTestContext()
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', topics: ['Contratos'], statement: 'Civil 1', correctAnswer: 'A' },
    { discipline: 'Direito Civil', statement: 'Civil 2', correctAnswer: 'B' },
    { discipline: 'Direito Civil', statement: 'Civil 3', correctAnswer: 'C' },
  ])
  q = bank.questions.map((x) => x.id)
  ;[{ disciplineId }] = await t.db.select({ disciplineId: questions.disciplineId }).from(questions).where(eq(questions.id, q[0]))
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t?.close()
})

type Student = Awaited<ReturnType<typeof createTestUser>>
let analysisVersion = 0

/**
 * A student who used every feature, each row marked with `tag`: answers, a simulado sitting with
 * its answer sheet, review cards and history, a study plan, an offline download, notes and a
 * notebook, the forum, the assistant, the contact form, a plan and its payments; and, as a
 * professor and administrator, an analysis with its versions, a hidden post, answered reports
 * and messages, a granted plan and a price. What they did as staff is done to `peer`'s rows when
 * `peer` was seeded first (their own otherwise); `peer` owns the thread replied to.
 */
async function seedEverything(who: Student, tag: string, peer: Student) {
  const id = who.user.id
  const at = new Date('2026-03-10T12:00:00Z')
  await t.db
    .update(users)
    .set({ isProfessor: true, googleSub: `google-${id}`, phone: '11 99999-0000' })
    .where(eq(users.id, id))
  await t.db.insert(profiles).values({ userId: id, bio: `bio ${tag}`, notificationsEnabled: false })
  await t.db.insert(studySettings).values({ userId: id, desiredRetention: 0.85, examDate: '2026-12-01', hoursPerWeek: 8 })
  const [answer] = await t.db
    .insert(attempts)
    .values({ userId: id, questionId: q[0], answer: 'A', correct: true, isFirst: true })
    .returning()
  await t.db.insert(questionUsage).values({ userId: id, questionId: q[0], weekStart: '2026-03-09' })
  const card = {
    due: at,
    stability: 3.1,
    difficulty: 5.2,
    elapsedDays: 0,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 1,
    lapses: 0,
    state: 2,
  }
  await t.db.insert(reviewCards).values({ userId: id, questionId: q[0], ...card, lastReview: at, lastAttemptId: answer.id })
  await t.db
    .insert(reviewLogs)
    .values({ userId: id, questionId: q[0], attemptId: answer.id, rating: 3, lastElapsedDays: 0, review: at, ...card })
  const [sitting] = await t.db
    .insert(simulations)
    .values({ userId: id, kind: 'personalizado', size: 2, startedAt: at, finishedAt: at, score: 1 })
    .returning()
  await t.db.insert(simulationQuestions).values([
    { simulationId: sitting.id, position: 1, questionId: q[0], disciplineId, choice: 'A', answeredAt: at },
    { simulationId: sitting.id, position: 2, questionId: q[1], disciplineId, marked: true },
  ])
  await t.db
    .insert(attempts)
    .values({ userId: id, questionId: q[0], answer: 'A', correct: true, source: 'simulado', simulationId: sitting.id })
  await t.db.insert(offlineDownloads).values({ userId: id, questionId: q[1], downloadedAt: at })
  await t.db.insert(notes).values({ userId: id, questionId: q[0], content: `nota ${tag}` })
  const [notebook] = await t.db
    .insert(notebooks)
    .values({ userId: id, name: `caderno ${tag}`, color: '#2563eb' })
    .returning()
  await t.db.insert(notebookQuestions).values({ notebookId: notebook.id, questionId: q[1] })
  const [topic] = await t.db
    .insert(forumTopics)
    .values({ questionId: q[0], userId: id, title: `tópico ${tag}`, content: `texto ${tag}` })
    .returning()
  const [peerTopic] = await t.db.select().from(forumTopics).where(eq(forumTopics.userId, peer.user.id))
  const target = peerTopic ?? topic
  const [reply] = await t.db
    .insert(forumReplies)
    .values({ topicId: target.id, userId: id, content: `resposta ${tag}` })
    .returning()
  await t.db.insert(forumTopicVotes).values({ topicId: target.id, userId: id, value: 1 })
  await t.db.insert(forumReplyVotes).values({ replyId: reply.id, userId: id, value: -1 })
  await t.db.insert(forumFlags).values({ topicId: target.id, userId: id, reason: `denúncia ${tag}` })
  const [explained] = await t.db
    .insert(studentExplanations)
    .values({ questionId: q[0], userId: id, content: `explicação ${tag} para quem errou` })
    .returning()
  const [peerExplained] = await t.db.select().from(studentExplanations).where(eq(studentExplanations.userId, peer.user.id))
  const voteOn = peerExplained ?? explained
  await t.db.insert(explanationVotes).values({ explanationId: voteOn.id, userId: id })
  await t.db.insert(explanationFlags).values({ explanationId: voteOn.id, userId: id, reason: `denúncia ${tag}` })
  await t.db.insert(explanationStrikes).values({ userId: id, explanationId: explained.id })
  const [report] = await t.db
    .insert(errorReports)
    .values({ questionId: q[0], userId: id, message: `erro ${tag}` })
    .returning()
  await t.db.insert(videoWatches).values({ userId: id, questionId: q[0] })
  const [sub] = await t.db
    .insert(subscriptions)
    .values({ userId: id, planName: 'PREMIUM', currentPeriodStart: new Date('2026-03-01T00:00:00Z') })
    .returning()
  const [paid] = await t.db
    .insert(payments)
    .values([
      {
        userId: id,
        subscriptionId: sub.id,
        planName: 'PREMIUM',
        provider: 'sandbox',
        method: 'paypal',
        amountCents: 3500,
        status: 'approved',
      },
      { userId: id, planName: 'PRO', provider: 'sandbox', method: 'paypal', amountCents: 5000 },
    ])
    .returning()
  await t.db.insert(paymentEvents).values({ provider: 'sandbox', eventId: `evento-${id}`, type: 'payment.approved', paymentId: paid.id })
  await t.db.insert(chatMessages).values({ userId: id, type: 'user', content: `chat ${tag}` })
  const [contact] = await t.db
    .insert(contactMessages)
    .values({ name: tag, email: who.user.email, subject: 'Assunto', message: `contato ${tag}` })
    .returning()

  // As a professor: an analysis, published under their name, and its versions.
  analysisVersion += 1
  await t.db
    .update(questions)
    .set({
      explanation: `análise ${tag}`,
      explanationSource: 'professor',
      explanationBy: id,
      explanationVersion: analysisVersion,
      explanationUpdatedAt: at,
    })
    .where(eq(questions.id, q[2]))
  await t.db
    .insert(analysisRevisions)
    .values({ questionId: q[2], version: analysisVersion, authorId: id, action: 'publish', text: `análise ${tag}`, createdAt: at })
  // As staff, on the peer's rows when there are any.
  const [peerReply] = await t.db.select().from(forumReplies).where(eq(forumReplies.userId, peer.user.id))
  const [peerReport] = await t.db.select().from(errorReports).where(eq(errorReports.userId, peer.user.id))
  const [peerContact] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, peer.user.email))
  const [peerSub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, peer.user.id))
  await t.db.update(forumTopics).set({ hiddenBy: id, hiddenAt: at }).where(eq(forumTopics.id, target.id))
  await t.db
    .update(forumReplies)
    .set({ hiddenBy: id, hiddenAt: at })
    .where(eq(forumReplies.id, (peerReply ?? reply).id))
  await t.db.update(studentExplanations).set({ hiddenBy: id, hiddenAt: at }).where(eq(studentExplanations.id, voteOn.id))
  await t.db
    .update(errorReports)
    .set({ answeredBy: id, answer: `corrigido ${tag}`, answeredAt: at, status: 'corrigido' })
    .where(eq(errorReports.id, (peerReport ?? report).id))
  await t.db
    .update(contactMessages)
    .set({ repliedBy: id, reply: `resposta ao contato ${tag}`, repliedAt: at, readAt: at })
    .where(eq(contactMessages.id, (peerContact ?? contact).id))
  await t.db
    .update(subscriptions)
    .set({ grantedBy: id })
    .where(eq(subscriptions.id, (peerSub ?? sub).id))
  // An old price, never the one charged.
  await t.db.insert(planPrices).values({ planName: 'PRO', amountCents: 4900, effectiveAt: new Date('2000-01-01T00:00:00Z'), createdBy: id })
  // An outdated badge removed from one question (ADR 090).
  const [change] = await t.db
    .insert(legislativeChanges)
    .values({ label: `Lei ${tag}`, name: `Lei de teste ${tag}`, inForce: '2020-01-01' })
    .returning({ id: legislativeChanges.id })
  await t.db
    .insert(questionOutdatedOverrides)
    .values({ questionId: q[0], changeId: change.id, decision: 'remove', decidedBy: id, decidedAt: at })
}

const sectionNames = Object.keys(EXPORTED) as (keyof typeof EXPORTED)[]
const sectionOf = (name: string): Section => EXPORTED[name as keyof typeof EXPORTED]
const propertyOf = (section: Section, column: PgColumn) => Object.entries(getTableColumns(section.table)).find(([, c]) => c === column)![0]

/** What a SELECT finds for the person in the section's table, by the column that ties its rows to them. */
async function expectedRows(name: string, who: { id: string; email: string }): Promise<Record<string, unknown>[]> {
  const section = sectionOf(name)
  const by = section.by
  let where
  if ('user' in by) where = eq(by.user, who.id)
  else if ('email' in by) where = eq(by.email, who.email)
  else {
    const parent = sectionOf(by.parent)
    const keys = (await expectedRows(by.parent, who)).map((row) => row[propertyOf(parent, by.parentColumn)])
    if (!keys.length) return []
    where = inArray(by.column, keys)
  }
  const rows = await t.db.select(sectionColumns(section)).from(section.table).where(where)
  return JSON.parse(JSON.stringify(rows)) as Record<string, unknown>[]
}

const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort()

describe('preferences (PUT /profile)', () => {
  it('stores notifications off and the ranking opt-out as chosen; a later save of other fields keeps them', async () => {
    const { auth } = await createTestUser(t.ctx)
    const fresh = await request(t.app).get('/api/v1/profile').set(auth)
    expect(fresh.body.profile).toMatchObject({ notifications_enabled: true, ranking_opt_out: false })
    const saved = await request(t.app).put('/api/v1/profile').set(auth).send({ notifications_enabled: false, ranking_opt_out: true })
    expect(saved.status).toBe(200)
    expect(saved.body.profile).toMatchObject({ notifications_enabled: false, ranking_opt_out: true })
    await request(t.app).put('/api/v1/profile').set(auth).send({ name: 'Outro Nome' }).expect(200)
    const reloaded = await request(t.app).get('/api/v1/profile').set(auth)
    expect(reloaded.body.profile).toMatchObject({ notifications_enabled: false, ranking_opt_out: true })
    const bad = await request(t.app).put('/api/v1/profile').set(auth).send({ ranking_opt_out: 'sim' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('ranking_opt_out deve ser verdadeiro ou falso')
  })
})

describe('GET /me/export', () => {
  it('holds, section by section, exactly the rows a SELECT finds for this student, and none of another’s', async () => {
    const me = await createTestUser(t.ctx, { name: 'Ana Exporta' })
    const other = await createTestUser(t.ctx, { name: 'Bia Outra' })
    await seedEverything(other, 'DELA', me)
    await seedEverything(me, 'MINHA', other)
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('senha-certa-1'), tempPasswordHash: '$argon2id$temporaria' })
      .where(eq(users.id, me.user.id))

    const res = await request(t.app).get('/api/v1/me/export').set(me.auth)
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="gabarita-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/)
    const body = res.body
    expect(body.sobre).toEqual(expect.stringContaining('LGPD'))
    expect(new Date(body.exported_at).toString()).not.toBe('Invalid Date')
    expect(body.user).toMatchObject({ id: me.user.id, email: me.user.email, name: 'Ana Exporta', isProfessor: true, googleLinked: true })
    expect(body.profile).toMatchObject({ userId: me.user.id, bio: 'bio MINHA', notificationsEnabled: false })
    expect(body.receipts).toHaveLength(1)

    for (const name of sectionNames) {
      const expected = await expectedRows(name, me.user)
      // The seed used every feature: every section has something to compare.
      expect(expected.length, name).toBeGreaterThan(0)
      if (name === 'user') {
        const { googleSub, ...account } = expected[0]
        expect(body.user, name).toEqual({ ...account, googleLinked: googleSub !== null })
      } else if ('one' in EXPORTED[name]) expect(body[name], name).toEqual(expected[0])
      else expect(sorted(body[name]), name).toEqual(sorted(expected))
    }
    // The reply, vote and flag are on the other student's thread: only the student's own rows come.
    expect(body.forum_replies).toMatchObject([{ content: 'resposta MINHA' }])
    expect(body.simulation_questions).toMatchObject([{ choice: 'A' }, { marked: true }])
    expect(body.questions_explanation_by).toMatchObject([{ id: q[2], explanation: 'análise MINHA' }])
    const text = JSON.stringify(body)
    expect(text).not.toContain(other.user.id)
    expect(text).not.toContain('DELA')
    expect(text).not.toContain('argon2')
    expect(text).not.toContain(me.token)
    expect(text).not.toMatch(/passwordHash|tokenHash|token_hash|password_hash/i)
  })
})

describe('DELETE /me', () => {
  it('refuses a wrong password and keeps everything; the right one leaves no row pointing at the person, keeps the threads and the payments', async () => {
    const me = await createTestUser(t.ctx, { name: 'Caio Sai' })
    const other = await createTestUser(t.ctx, { name: 'Dani Fica' })
    await seedEverything(other, 'FICA', me)
    await seedEverything(me, 'SAI', other)
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('senha-certa-1') })
      .where(eq(users.id, me.user.id))
    const before = (await request(t.app).get('/api/v1/me/export').set(other.auth)).body
    const id = me.user.id
    // Every row of the person's, by the schema's user columns, and the rows hanging off them.
    const references = userReferences().filter((r) => r.table.name !== 'users' && !KEPT_ON_DELETE[r.key])
    const referencing = async () => {
      const found: Record<string, number> = {}
      for (const r of references) {
        const rows = await t.db.select().from(r.table.table).where(eq(r.column, id))
        if (rows.length) found[r.key] = rows.length
      }
      return found
    }
    const mine = await referencing()
    expect(Object.keys(mine).length).toBeGreaterThan(30)
    const children = new Map<string, unknown[]>()
    for (const child of childTables()) {
      const parents = await t.db
        .select({ key: child.parentColumn })
        .from(child.parent.table)
        .where(
          and(
            ...userReferences()
              .filter((r) => r.owner && r.table.name === child.parent.name)
              .map((r) => eq(r.column, id)),
          ),
        )
      children.set(
        child.table.name,
        parents.map((p) => p.key),
      )
    }

    const missing = await request(t.app).delete('/api/v1/me').set(me.auth).send({})
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('Digite sua senha para confirmar a exclusão.')
    // `password`, as the issue names the field, is the same confirmation as the form's `confirmacao`.
    const wrong = await request(t.app).delete('/api/v1/me').set(me.auth).send({ password: 'senha-errada' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('Senha incorreta.')
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(1)
    expect(await referencing()).toEqual(mine)

    const ok = await request(t.app).delete('/api/v1/me').set(me.auth).send({ password: 'senha-certa-1' })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Sua conta foi excluída.')

    // No row of any table points at the person any more.
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(0)
    expect(await referencing()).toEqual({})
    // What hung off the person's rows went with them; a row kept unlinked (a payment) keeps its own (its provider's events).
    for (const child of childTables()) {
      const keys = children.get(child.table.name)!
      expect(keys.length, child.table.name).toBeGreaterThan(0)
      const kept = (await t.db.select({ key: child.parentColumn }).from(child.parent.table).where(inArray(child.parentColumn, keys))).map(
        (row) => row.key,
      )
      const gone = keys.filter((key) => !kept.includes(key))
      if (gone.length) expect(await t.db.select().from(child.table.table).where(inArray(child.column, gone)), child.table.name).toEqual([])
    }
    // The old token opens nothing.
    expect((await request(t.app).get('/api/v1/profile').set(me.auth)).status).toBe(401)

    // The threads stay readable for the other student, the deleted author shown as nobody
    // (the page writes 'Usuário removido').
    const page = await request(t.app).get(`/api/v1/questions/${q[0]}/forum/topics`).set(other.auth)
    expect(page.status).toBe(200)
    const myTopic = page.body.topics.find((x: { title: string }) => x.title === 'tópico SAI')
    expect(myTopic).toMatchObject({ author: null, content: 'texto SAI', is_mine: false })
    const hers = await t.db.select().from(forumTopics).where(eq(forumTopics.title, 'tópico FICA'))
    expect(hers).toMatchObject([{ userId: other.user.id, hiddenBy: null }])
    expect(await t.db.select().from(errorReports).where(eq(errorReports.message, 'erro SAI'))).toMatchObject([{ userId: null }])
    // The analysis stays published, without the name; its versions stay, without the author.
    expect(await t.db.select().from(questions).where(eq(questions.id, q[2]))).toMatchObject([
      { explanation: 'análise SAI', explanationBy: null },
    ])
    expect(await t.db.select().from(analysisRevisions).where(eq(analysisRevisions.text, 'análise SAI'))).toMatchObject([{ authorId: null }])

    // Payments: kept for the tax records, unlinked; the pending checkout can no longer complete.
    const kept = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.method, 'paypal'), ne(payments.amountCents, 0)))
    const orphans = kept.filter((p) => p.userId === null).map((p) => [p.planName, p.status])
    expect(orphans.sort()).toEqual([
      ['PREMIUM', 'approved'],
      ['PRO', 'declined'],
    ])
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, `evento-${id}`)),
    ).toMatchObject([{ paymentId: expect.any(Number) }])

    // The other student's data is untouched but for the links to the person, now null.
    const after = (await request(t.app).get('/api/v1/me/export').set(other.auth)).body
    const unlinked = JSON.parse(JSON.stringify(before).replaceAll(`"${id}"`, 'null')) as Record<string, unknown>
    for (const name of [...sectionNames, 'receipts']) expect(after[name], name).toEqual(unlinked[name])
  })

  it('confirms an account without a password (made with Google) by its email', async () => {
    const google = await createTestUser(t.ctx, { email: 'gui.google@teste.gabarita' })
    const wrong = await request(t.app).delete('/api/v1/me').set(google.auth).send({ confirmacao: 'outro@teste.gabarita' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('Senha incorreta.')
    const ok = await request(t.app).delete('/api/v1/me').set(google.auth).send({ confirmacao: ' Gui.Google@teste.gabarita ' })
    expect(ok.status).toBe(200)
    expect(await t.db.select().from(users).where(eq(users.id, google.user.id))).toHaveLength(0)
  })

  it('answers 401 without a login and limits wrong guesses per account', async () => {
    expect((await request(t.app).delete('/api/v1/me').send({ password: 'x' })).status).toBe(401)
    const { auth } = await createTestUser(t.ctx)
    t.ctx.config.rateLimit = true
    try {
      const statuses: number[] = []
      for (let i = 0; i < 11; i += 1)
        statuses.push(
          (
            await request(t.app)
              .delete('/api/v1/me')
              .set(auth)
              .send({ password: `errada-${i}` })
          ).status,
        )
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400))
      expect(statuses[10]).toBe(429)
    } finally {
      t.ctx.config.rateLimit = false
    }
  })
})

// The web side: the Remix actions a browser posts to, signed in with a real session cookie.
const context = { cspNonce: 'n', requestId: 'test', clientIp: '10.0.0.9', documentRequest: false, csrfToken: 't' } as AppLoadContext
function post(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, { method: 'POST', headers: { Cookie: cookie }, body: new URLSearchParams(fields) })
}

describe('the Configurações tab and the mascot picker (web actions)', () => {
  it('saves unchecked boxes as off, and the tab loads them off again', async () => {
    const student = await createTestUser(t.ctx)
    const cookie = await sessionCookieFor(student.token)
    // What /dashboard?aba=configuracoes renders: the page's own loader.
    const tab = async () => {
      const res = await loadDashboard(new Request('http://localhost/dashboard?aba=configuracoes', { headers: { Cookie: cookie } }), context)
      return ((await res.json()) as { tab: { settings?: unknown } }).tab.settings
    }
    expect(await tab()).toMatchObject({ notificationsEnabled: true, rankingOptOut: false })

    const res = (await preferencesAction({
      request: post('/minha-conta/preferencias', cookie, { rankingOptOut: 'on' }),
      params: {},
      context,
    })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/dashboard?aba=configuracoes')
    expect(await tab()).toMatchObject({ notificationsEnabled: false, rankingOptOut: true })
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, student.user.id))
    expect(row).toMatchObject({ notificationsEnabled: false, rankingOptOut: true })
  })

  it('saves the chosen mascot and goes back to the tab it was opened from', async () => {
    const student = await createTestUser(t.ctx)
    const cookie = await sessionCookieFor(student.token)
    const res = (await mascotAction({
      request: post('/dashboard/mascote?aba=configuracoes', cookie, { mascot: 'squirrel' }),
      params: {},
      context,
    })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/dashboard?aba=configuracoes')
    const [row] = await t.db.select().from(users).where(eq(users.id, student.user.id))
    expect(row.mascot).toBe('squirrel')

    const bad = (await mascotAction({ request: post('/dashboard/mascote', cookie, { mascot: 'dragon' }), params: {}, context })) as Response
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'Escolha um dos mascotes.' })
  })
})
