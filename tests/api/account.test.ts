import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { AppLoadContext } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  apiTokens,
  attempts,
  chatMessages,
  contactMessages,
  errorReports,
  forumFlags,
  forumReplies,
  forumReplyVotes,
  forumTopics,
  forumTopicVotes,
  notebookQuestions,
  notebooks,
  notes,
  payments,
  profiles,
  questionUsage,
  subscriptions,
  users,
  videoWatches,
} from '#server/db/schema'
import { hashPassword } from '#server/domain/auth/passwords'
import { action as mascotAction } from '~/routes/dashboard.mascote/route'
import { loadDashboard } from '~/routes/dashboard/dashboard.server'
import { action as preferencesAction } from '~/routes/minha-conta.preferencias/route'
import { commitSession, sealToken, sessionStorage } from '~/utils/session.server'

import { createTestContext, createTestUser } from '../support/context'
import { insertQuestions } from '../support/questions'

// The account part of issue 14: preferences, 'Baixar meus dados' (every table's rows of the
// student, nobody else's) and 'Excluir minha conta' (ADR 022), through the API and through the
// Remix actions a browser without JS posts to.

let t: Awaited<ReturnType<typeof createTestContext>>
let server: Server
let q: number[]

beforeAll(async () => {
  t = await createTestContext()
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Civil 1', correctAnswer: 'A' },
    { discipline: 'Direito Civil', statement: 'Civil 2', correctAnswer: 'B' },
  ])
  q = bank.questions.map((x) => x.id)
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t?.close()
})

type Student = Awaited<ReturnType<typeof createTestUser>>

/** One row in every table that holds a user's data, each marked with `tag`; `peer` owns the thread replied to. */
async function seedEverything(who: Student, tag: string, peer: Student) {
  const id = who.user.id
  await t.db.insert(profiles).values({ userId: id, bio: `bio ${tag}`, notificationsEnabled: false })
  await t.db.insert(attempts).values({ userId: id, questionId: q[0], answer: 'A', correct: true })
  await t.db.insert(questionUsage).values({ userId: id, questionId: q[0], weekStart: '2026-03-09' })
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
  await t.db.insert(errorReports).values({ questionId: q[0], userId: id, message: `erro ${tag}` })
  await t.db.insert(videoWatches).values({ userId: id, questionId: q[0] })
  const [sub] = await t.db
    .insert(subscriptions)
    .values({ userId: id, planName: 'PREMIUM', currentPeriodStart: new Date('2026-03-01T00:00:00Z') })
    .returning()
  await t.db.insert(payments).values([
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
  await t.db.insert(chatMessages).values({ userId: id, type: 'user', content: `chat ${tag}` })
  await t.db.insert(contactMessages).values({ name: tag, email: who.user.email, subject: 'Assunto', message: `contato ${tag}` })
}

const TABLES = [
  'attempts',
  'question_usage',
  'notes',
  'notebooks',
  'notebook_questions',
  'forum_topics',
  'forum_replies',
  'forum_topic_votes',
  'forum_reply_votes',
  'forum_flags',
  'error_reports',
  'video_watches',
  'subscriptions',
  'payments',
  'chat_messages',
  'contact_messages',
] as const

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
  it('holds every table’s rows of this student and none of another’s', async () => {
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
    expect(body.user).toMatchObject({ id: me.user.id, email: me.user.email, name: 'Ana Exporta' })
    expect(body.profile).toMatchObject({ userId: me.user.id, bio: 'bio MINHA', notificationsEnabled: false })
    for (const table of TABLES) {
      const rows = body[table] as Record<string, unknown>[]
      expect(rows.length, table).toBe(table === 'payments' ? 2 : 1)
      for (const row of rows) if ('userId' in row) expect(row.userId, table).toBe(me.user.id)
    }
    // The reply, vote and flag are on the other student's thread: only the student's own rows come.
    expect(body.forum_replies[0].content).toBe('resposta MINHA')
    const text = JSON.stringify(body)
    expect(text).not.toContain(other.user.id)
    expect(text).not.toContain('DELA')
    expect(text).not.toContain('argon2')
    expect(text).not.toContain(me.token)
    expect(text).not.toMatch(/password|token_?hash/i)
  })
})

describe('DELETE /me', () => {
  it('refuses a wrong password and keeps everything; the right one erases the person, keeps the threads and the payments', async () => {
    const me = await createTestUser(t.ctx, { name: 'Caio Sai' })
    const other = await createTestUser(t.ctx, { name: 'Dani Fica' })
    await seedEverything(other, 'FICA', me)
    await seedEverything(me, 'SAI', other)
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('senha-certa-1') })
      .where(eq(users.id, me.user.id))
    const before = (await request(t.app).get('/api/v1/me/export').set(other.auth)).body
    const [myNotebook] = await t.db.select().from(notebooks).where(eq(notebooks.userId, me.user.id))

    const missing = await request(t.app).delete('/api/v1/me').set(me.auth).send({})
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('Digite sua senha para confirmar a exclusão.')
    // `password`, as the issue names the field, is the same confirmation as the form's `confirmacao`.
    const wrong = await request(t.app).delete('/api/v1/me').set(me.auth).send({ password: 'senha-errada' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('Senha incorreta.')
    expect(await t.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1)
    expect(await t.db.select().from(notes).where(eq(notes.userId, me.user.id))).toHaveLength(1)

    const ok = await request(t.app).delete('/api/v1/me').set(me.auth).send({ password: 'senha-certa-1' })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Sua conta foi excluída.')

    // Personal data: gone.
    const id = me.user.id
    for (const [name, table] of [
      ['users', users],
      ['attempts', attempts],
      ['question_usage', questionUsage],
      ['notes', notes],
      ['notebooks', notebooks],
      ['forum_topic_votes', forumTopicVotes],
      ['forum_reply_votes', forumReplyVotes],
      ['forum_flags', forumFlags],
      ['video_watches', videoWatches],
      ['subscriptions', subscriptions],
      ['chat_messages', chatMessages],
      ['api_tokens', apiTokens],
    ] as const) {
      const column = 'userId' in table ? table.userId : users.id
      expect(await t.db.select().from(table).where(eq(column, id)), name).toHaveLength(0)
    }
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, id))).toHaveLength(0)
    expect(await t.db.select().from(notebookQuestions).where(eq(notebookQuestions.notebookId, myNotebook.id))).toHaveLength(0)
    // The old token opens nothing.
    expect((await request(t.app).get('/api/v1/profile').set(me.auth)).status).toBe(401)

    // The threads stay readable for the other student, the deleted author shown as nobody
    // (the page writes 'Usuário removido').
    const page = await request(t.app).get(`/api/v1/questions/${q[0]}/forum/topics`).set(other.auth)
    expect(page.status).toBe(200)
    const mine = page.body.topics.find((x: { title: string }) => x.title === 'tópico SAI')
    expect(mine).toMatchObject({ author: null, content: 'texto SAI', is_mine: false })
    const hers = page.body.topics.find((x: { title: string }) => x.title === 'tópico FICA')
    expect(hers.author).toMatchObject({ name: 'Dani Fica' })
    const replies = hers.replies as { content: string; author: unknown }[]
    expect(replies.find((r) => r.content === 'resposta SAI')).toMatchObject({ author: null })
    expect(await t.db.select().from(errorReports).where(eq(errorReports.message, 'erro SAI'))).toMatchObject([{ userId: null }])

    // Payments: kept for the tax records, unlinked; the pending checkout can no longer complete.
    const kept = await t.db.select().from(payments).where(eq(payments.method, 'paypal'))
    const orphans = kept.filter((p) => p.userId === null).map((p) => [p.planName, p.status])
    expect(orphans.sort()).toEqual([
      ['PREMIUM', 'approved'],
      ['PRO', 'declined'],
    ])

    // The other student's data is untouched.
    const after = (await request(t.app).get('/api/v1/me/export').set(other.auth)).body
    for (const table of TABLES) expect(after[table], table).toEqual(before[table])
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
async function cookieFor(token: string) {
  const session = await sessionStorage().getSession()
  session.set('token', sealToken(token))
  return (await commitSession(session)).split(';')[0]
}
const context = { cspNonce: 'n', requestId: 'test', clientIp: '10.0.0.9', documentRequest: false, csrfToken: 't' } as AppLoadContext
function post(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, { method: 'POST', headers: { Cookie: cookie }, body: new URLSearchParams(fields) })
}

describe('the Configurações tab and the mascot picker (web actions)', () => {
  it('saves unchecked boxes as off, and the tab loads them off again', async () => {
    const student = await createTestUser(t.ctx)
    const cookie = await cookieFor(student.token)
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
    const cookie = await cookieFor(student.token)
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
