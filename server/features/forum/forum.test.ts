import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { featureToggles, forumFlags, forumReplies, forumTopics, forumTopicVotes } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Discussões (issue 13): topics, replies, the spec's vote transitions, concurrency, sorting,
// plan gating and the toggle, flags, moderation as students see it, authorship (IDOR),
// deletion, rate limit and hostile text stored and returned verbatim.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let ana: User
let bruno: User
let gratuito: User
let basico: User
let questionId: number
let otherQuestionId: number
let removedQuestionId: number

const api = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

/** A student with a plan granted by the admin API (a complimentary plan). */
async function withPlan(plan: 'PREMIUM' | 'PRO' | 'BASICO', name: string) {
  const user = await createTestUser(t.ctx, { name })
  await api('put', `/admin/users/${user.user.id}/plan`, admin.auth).send({ plan_name: plan }).expect(200)
  return user
}

async function newTopic(user: User, title = 'Dúvida sobre a alternativa C', content = 'Por que a C está errada?', qid = questionId) {
  const res = await api('post', `/questions/${qid}/forum/topics`, user.auth).send({ title, content })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.topic as { id: number; title: string; content: string }
}

async function topics(user: User, qid = questionId) {
  const res = await api('get', `/questions/${qid}/forum/topics`, user.auth)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as {
    topics: Array<{
      id: number
      title: string
      content: string
      upvotes: number
      downvotes: number
      userVote: string
      isHighlighted: boolean
      hidden: boolean
      deleted: boolean
      author: { name: string } | null
      replies: Array<{ id: number; content: string; upvotes: number; downvotes: number; userVote: string; hidden: boolean }>
    }>
    total: number
    posting: { allowed: boolean; message?: string; code?: string }
    question: { id: number; number: number }
  }
}

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Questão do fórum.' },
    { discipline: 'Direito Penal', statement: 'Outra questão.' },
    { discipline: 'Direito Penal', statement: 'Questão removida.', removed: true },
  ])
  ;[questionId, otherQuestionId, removedQuestionId] = bank.questions.map((q) => q.id)
  ana = await withPlan('PREMIUM', 'Ana Premium')
  bruno = await withPlan('PRO', 'Bruno Pro')
  basico = await withPlan('BASICO', 'Beatriz Básico')
  gratuito = await createTestUser(t.ctx, { name: 'Gil Gratuito' })
})
afterAll(() => t.close())
afterEach(async () => {
  await t.db.delete(featureToggles)
})

describe('topics and replies', () => {
  it('creates a topic with its author and counts, lists it with the question number, appends replies in order', async () => {
    const created = await newTopic(ana, '  Dúvida na questão  ', '  Linha 1\r\nLinha 2  ', otherQuestionId)
    expect(created).toMatchObject({
      title: 'Dúvida na questão',
      content: 'Linha 1\nLinha 2',
      upvotes: 0,
      downvotes: 0,
      userVote: 'none',
      is_mine: true,
      reply_count: 0,
    })
    expect((created as unknown as { author: { name: string } }).author.name).toBe('Ana Premium')
    const first = await api('post', `/forum/topics/${created.id}/replies`, bruno.auth).send({ content: 'Primeira resposta' })
    expect(first.status).toBe(201)
    expect(first.body.reply).toMatchObject({
      content: 'Primeira resposta',
      topic_id: created.id,
      is_mine: true,
      author: { name: 'Bruno Pro' },
    })
    await api('post', `/forum/topics/${created.id}/replies`, ana.auth).send({ content: 'Segunda resposta' }).expect(201)
    const list = await topics(gratuito, otherQuestionId)
    expect(list.question.id).toBe(otherQuestionId)
    expect(list.total).toBe(1)
    expect(list.topics[0].replies.map((r) => r.content)).toEqual(['Primeira resposta', 'Segunda resposta'])
    // The card's button shows the count.
    const card = await api('get', `/questions/${otherQuestionId}`, gratuito.auth)
    expect(card.body.data.forum_topics_count).toBe(1)
  })

  it('reading needs a login; unknown and removed questions are 404', async () => {
    const anon = await api('get', `/questions/${questionId}/forum/topics`)
    expect(anon.status).toBe(401)
    expect(anon.body).toEqual({ error: 'Faça login para ver e participar das discussões.' })
    expect((await api('post', `/questions/${questionId}/forum/topics`).send({ title: 'x', content: 'y' })).status).toBe(401)
    expect((await api('get', `/questions/999999/forum/topics`, ana.auth)).status).toBe(404)
    expect((await api('get', `/questions/${removedQuestionId}/forum/topics`, ana.auth)).status).toBe(404)
    expect((await api('post', `/questions/${removedQuestionId}/forum/topics`, ana.auth).send({ title: 'a', content: 'b' })).status).toBe(
      404,
    )
    expect((await api('get', `/questions/abc/forum/topics`, ana.auth)).status).toBe(404)
    expect((await api('post', `/forum/topics/999999/replies`, ana.auth).send({ content: 'oi' })).status).toBe(404)
  })

  it('refuses blank, oversize and NUL text with Portuguese messages, storing nothing', async () => {
    const before = (await t.db.select().from(forumTopics)).length
    const cases: [object, string][] = [
      [{ title: '   ', content: 'ok' }, 'Informe o título do tópico.'],
      [{ content: 'ok' }, 'Informe o título do tópico.'],
      [{ title: 'ok', content: ' \n ' }, 'Escreva o conteúdo do tópico.'],
      [{ title: 'x'.repeat(151), content: 'ok' }, 'O título pode ter no máximo 150 caracteres.'],
      [{ title: 'ok', content: 'x'.repeat(5001) }, 'O conteúdo pode ter no máximo 5000 caracteres.'],
      [{ title: 'ok\u0007', content: 'ok' }, 'O texto contém caracteres inválidos.'],
      [{ title: 'ok\u0000', content: 'ok' }, 'Caracteres inválidos na requisição.'],
    ]
    for (const [body, message] of cases) {
      const res = await api('post', `/questions/${questionId}/forum/topics`, ana.auth).send(body)
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(res.body.error).toBe(message)
    }
    expect((await newTopic(ana, 'x'.repeat(150), 'y'.repeat(5000))).title).toHaveLength(150)
    expect((await t.db.select().from(forumTopics)).length).toBe(before + 1)
    const topic = await newTopic(ana)
    const reply = await api('post', `/forum/topics/${topic.id}/replies`, ana.auth).send({ content: '  ' })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toBe('Escreva sua resposta.')
    expect((await api('post', `/forum/topics/${topic.id}/replies`, ana.auth).send({ content: 'z'.repeat(5001) })).body.error).toBe(
      'A resposta pode ter no máximo 5000 caracteres.',
    )
  })
})

describe('votes: the spec transitions, one per user, enforced by the database', () => {
  it('none→up, up→up clears, up→down moves one count, down→down clears, down→none, none→none', async () => {
    const topic = await newTopic(ana)
    const vote = async (v: string) => {
      const res = await api('put', `/forum/topics/${topic.id}/vote`, bruno.auth).send({ vote: v })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return [res.body.upvotes, res.body.downvotes, res.body.userVote]
    }
    expect(await vote('up')).toEqual([1, 0, 'up'])
    expect(await vote('up')).toEqual([0, 0, 'none'])
    expect(await vote('up')).toEqual([1, 0, 'up'])
    expect(await vote('down')).toEqual([0, 1, 'down'])
    expect(await vote('up')).toEqual([1, 0, 'up'])
    expect(await vote('none')).toEqual([0, 0, 'none'])
    expect(await vote('down')).toEqual([0, 1, 'down'])
    expect(await vote('down')).toEqual([0, 0, 'none'])
    expect(await vote('down')).toEqual([0, 1, 'down'])
    expect(await vote('none')).toEqual([0, 0, 'none'])
    expect(await vote('none')).toEqual([0, 0, 'none'])
    // Two users count apart; the listing shows each one's own vote.
    await vote('up')
    await api('put', `/forum/topics/${topic.id}/vote`, ana.auth).send({ vote: 'down' }).expect(200)
    const asBruno = (await topics(bruno)).topics.find((x) => x.id === topic.id)!
    expect([asBruno.upvotes, asBruno.downvotes, asBruno.userVote]).toEqual([1, 1, 'up'])
    expect((await topics(ana)).topics.find((x) => x.id === topic.id)!.userVote).toBe('down')
    expect((await api('put', `/forum/topics/${topic.id}/vote`, bruno.auth).send({ vote: 'sideways' })).body.error).toBe(
      'Voto inválido: use up, down ou none.',
    )
  })

  it('the same transitions on replies', async () => {
    const topic = await newTopic(ana)
    const { body } = await api('post', `/forum/topics/${topic.id}/replies`, ana.auth).send({ content: 'Resposta' }).expect(201)
    const vote = async (v: string) => {
      const res = await api('put', `/forum/replies/${body.reply.id}/vote`, bruno.auth).send({ vote: v })
      expect(res.status).toBe(200)
      return [res.body.upvotes, res.body.downvotes, res.body.userVote]
    }
    expect(await vote('down')).toEqual([0, 1, 'down'])
    expect(await vote('up')).toEqual([1, 0, 'up'])
    expect(await vote('up')).toEqual([0, 0, 'none'])
    expect(await vote('down')).toEqual([0, 1, 'down'])
    expect(await vote('none')).toEqual([0, 0, 'none'])
    const reply = (await topics(bruno)).topics.find((x) => x.id === topic.id)!.replies[0]
    expect([reply.upvotes, reply.downvotes, reply.userVote]).toEqual([0, 0, 'none'])
  })

  it('concurrent votes from one user leave at most one vote row and consistent counts', async () => {
    const topic = await newTopic(ana)
    for (const [a, b] of [
      ['up', 'up'],
      ['up', 'down'],
      ['down', 'down'],
      ['down', 'up'],
    ]) {
      await t.db.delete(forumTopicVotes).where(eq(forumTopicVotes.topicId, topic.id))
      const [r1, r2] = await Promise.all([
        api('put', `/forum/topics/${topic.id}/vote`, bruno.auth).send({ vote: a }),
        api('put', `/forum/topics/${topic.id}/vote`, bruno.auth).send({ vote: b }),
      ])
      expect([r1.status, r2.status]).toEqual([200, 200])
      const rows = await t.db
        .select()
        .from(forumTopicVotes)
        .where(and(eq(forumTopicVotes.topicId, topic.id), eq(forumTopicVotes.userId, bruno.user.id)))
      expect(rows.length).toBeLessThanOrEqual(1)
      // Applied one after the other: the same vote twice clears, opposite votes leave the second.
      const listed = (await topics(bruno)).topics.find((x) => x.id === topic.id)!
      expect(listed.upvotes + listed.downvotes).toBe(rows.length)
      if (a === b) expect(rows).toHaveLength(0)
      else expect(rows).toHaveLength(1)
    }
    // Many at once: still one row at most.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => api('put', `/forum/topics/${topic.id}/vote`, bruno.auth).send({ vote: i % 2 ? 'up' : 'down' })),
    )
    const rows = await t.db.select().from(forumTopicVotes).where(eq(forumTopicVotes.topicId, topic.id))
    expect(rows.length).toBeLessThanOrEqual(1)
  })

  it('the database itself refuses a second vote row for the same user and item', async () => {
    const topic = await newTopic(ana)
    await t.db.insert(forumTopicVotes).values({ topicId: topic.id, userId: bruno.user.id, value: 1 })
    await expect(t.db.insert(forumTopicVotes).values({ topicId: topic.id, userId: bruno.user.id, value: -1 })).rejects.toThrow()
  })
})

describe('sorting: highlighted first, then net votes, then newest', () => {
  it('orders the list and moves a highlighted topic to the top', async () => {
    const bank = await insertQuestions(t.db, [{ discipline: 'Direito Civil', statement: 'Ordem dos tópicos.' }])
    const qid = bank.questions[0].id
    const old = await newTopic(ana, 'Antigo', 'a', qid)
    const liked = await newTopic(ana, 'Mais votado', 'b', qid)
    const disliked = await newTopic(ana, 'Negativado', 'c', qid)
    const newest = await newTopic(ana, 'Mais novo', 'd', qid)
    await api('put', `/forum/topics/${liked.id}/vote`, bruno.auth).send({ vote: 'up' }).expect(200)
    await api('put', `/forum/topics/${liked.id}/vote`, ana.auth).send({ vote: 'up' }).expect(200)
    await api('put', `/forum/topics/${disliked.id}/vote`, bruno.auth).send({ vote: 'down' }).expect(200)
    const titles = async () => (await topics(gratuito, qid)).topics.map((x) => x.title)
    expect(await titles()).toEqual(['Mais votado', 'Mais novo', 'Antigo', 'Negativado'])
    await api('put', `/admin/forum/topics/${disliked.id}`, admin.auth).send({ highlighted: true }).expect(200)
    expect(await titles()).toEqual(['Negativado', 'Mais votado', 'Mais novo', 'Antigo'])
    expect((await topics(gratuito, qid)).topics[0].isHighlighted).toBe(true)
    await api('put', `/admin/forum/topics/${disliked.id}`, admin.auth).send({ highlighted: false }).expect(200)
    expect(await titles()).toEqual(['Mais votado', 'Mais novo', 'Antigo', 'Negativado'])
    void old
    void newest
  })
})

describe('plans and the commentsEnabled toggle', () => {
  it('Gratuito and Básico read but cannot post, reply, edit or vote; the listing says which plans can', async () => {
    const topic = await newTopic(ana)
    for (const user of [gratuito, basico]) {
      const list = await topics(user)
      expect(list.posting).toEqual({
        allowed: false,
        code: 'PLAN_REQUIRED',
        message: 'Participar das discussões é um recurso dos planos Premium e Pro.',
      })
      const attempts = [
        api('post', `/questions/${questionId}/forum/topics`, user.auth).send({ title: 'T', content: 'C' }),
        api('post', `/forum/topics/${topic.id}/replies`, user.auth).send({ content: 'C' }),
        api('put', `/forum/topics/${topic.id}/vote`, user.auth).send({ vote: 'up' }),
      ]
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403)
        expect(res.body).toEqual({ error: 'Participar das discussões é um recurso dos planos Premium e Pro.', code: 'PLAN_REQUIRED' })
      }
    }
    expect((await topics(ana)).posting).toEqual({ allowed: true })
    const [row] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))
    expect(row.title).toBe('Dúvida sobre a alternativa C')
    expect(await t.db.select().from(forumTopicVotes).where(eq(forumTopicVotes.topicId, topic.id))).toEqual([])
  })

  it('with commentsEnabled off nobody posts, even Premium and Pro; reading still works; on again, posting returns', async () => {
    const topic = await newTopic(ana)
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentsEnabled: false }).expect(200)
    const list = await topics(ana)
    expect(list.posting).toMatchObject({ allowed: false, code: 'COMMENTS_DISABLED' })
    expect(list.topics.some((x) => x.id === topic.id)).toBe(true)
    const res = await api('post', `/questions/${questionId}/forum/topics`, bruno.auth).send({ title: 'T', content: 'C' })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('As discussões estão fechadas para novas mensagens no momento.')
    expect((await api('post', `/forum/topics/${topic.id}/replies`, bruno.auth).send({ content: 'C' })).status).toBe(403)
    expect((await api('put', `/forum/topics/${topic.id}/vote`, bruno.auth).send({ vote: 'up' })).status).toBe(403)
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentsEnabled: true }).expect(200)
    await api('post', `/forum/topics/${topic.id}/replies`, bruno.auth).send({ content: 'C' }).expect(201)
  })
})

describe('flags', () => {
  it('any logged-in user flags a post once; a second flag is 409; the admin queue shows the reasons first', async () => {
    const topic = await newTopic(ana, 'Tópico denunciado', 'Conteúdo ofensivo')
    const reply = (await api('post', `/forum/topics/${topic.id}/replies`, ana.auth).send({ content: 'Resposta denunciada' })).body.reply
    const first = await api('post', `/forum/topics/${topic.id}/flag`, gratuito.auth).send({ reason: 'Ofensivo' })
    expect(first.status).toBe(201)
    const again = await api('post', `/forum/topics/${topic.id}/flag`, gratuito.auth).send({ reason: 'De novo' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ error: 'Você já denunciou esta mensagem.' })
    await api('post', `/forum/topics/${topic.id}/flag`, basico.auth).send({ reason: 'Spam' }).expect(201)
    await api('post', `/forum/replies/${reply.id}/flag`, gratuito.auth).send({ reason: 'Fora do tema' }).expect(201)
    expect((await api('post', `/forum/replies/${reply.id}/flag`, gratuito.auth).send({ reason: 'x' })).status).toBe(409)
    expect((await api('post', `/forum/topics/${topic.id}/flag`, bruno.auth).send({ reason: ' ' })).body.error).toBe(
      'Informe o motivo da denúncia.',
    )
    expect((await api('post', `/forum/topics/${topic.id}/flag`).send({ reason: 'x' })).status).toBe(401)
    const rows = await t.db.select().from(forumFlags).where(eq(forumFlags.topicId, topic.id))
    expect(rows).toHaveLength(3)
    expect((await topics(gratuito)).topics.find((x) => x.id === topic.id)).toMatchObject({ flagged_by_me: true })

    const queue = await api('get', '/admin/forum', admin.auth)
    expect(queue.status).toBe(200)
    expect(queue.body.data[0]).toMatchObject({ kind: 'topic', id: topic.id, open_flags: 2, title: 'Tópico denunciado' })
    expect(queue.body.data[0].flags.map((f: { reason: string }) => f.reason)).toEqual(['Ofensivo', 'Spam'])
    expect(queue.body.data[1]).toMatchObject({ kind: 'reply', id: reply.id, open_flags: 1, topic_title: 'Tópico denunciado' })
    const flagged = await api('get', '/admin/forum?filter=flagged', admin.auth)
    expect(flagged.body.data.map((i: { id: number }) => i.id)).toEqual([topic.id, reply.id])
    // Acting on it resolves its flags: off the flagged list.
    await api('put', `/admin/forum/topics/${topic.id}`, admin.auth).send({ dismiss_flags: true }).expect(200)
    await api('put', `/admin/forum/replies/${reply.id}`, admin.auth).send({ hidden: true }).expect(200)
    expect((await api('get', '/admin/forum?filter=flagged', admin.auth)).body.data).toEqual([])
    expect((await api('get', '/admin/forum?filter=hidden', admin.auth)).body.data.map((i: { id: number }) => i.id)).toEqual([reply.id])
    expect((await api('get', '/admin/forum?filter=bogus', admin.auth)).status).toBe(400)
  })
})

describe('moderation: hidden posts', () => {
  it('hidden topics and replies vanish for students (and their writes get 404), admins see them marked; restore brings them back', async () => {
    const topic = await newTopic(ana, 'Vai sumir', 'texto')
    const reply = (await api('post', `/forum/topics/${topic.id}/replies`, ana.auth).send({ content: 'Resposta que some' })).body.reply
    const kept = await newTopic(ana, 'Fica', 'texto')
    await api('put', `/admin/forum/topics/${topic.id}`, admin.auth).send({ hidden: true }).expect(200)
    for (const user of [ana, bruno, gratuito]) {
      const ids = (await topics(user)).topics.map((x) => x.id)
      expect(ids).not.toContain(topic.id)
      expect(ids).toContain(kept.id)
    }
    expect((await api('post', `/forum/topics/${topic.id}/replies`, bruno.auth).send({ content: 'oi' })).status).toBe(404)
    expect((await api('put', `/forum/topics/${topic.id}/vote`, bruno.auth).send({ vote: 'up' })).status).toBe(404)
    expect((await api('put', `/forum/replies/${reply.id}/vote`, bruno.auth).send({ vote: 'up' })).status).toBe(404)
    expect((await api('put', `/forum/topics/${topic.id}`, ana.auth).send({ title: 'x', content: 'y' })).status).toBe(404)
    const asAdmin = (await topics(admin)).topics.find((x) => x.id === topic.id)!
    expect(asAdmin.hidden).toBe(true)
    const card = await api('get', `/questions/${questionId}`, gratuito.auth)
    const countHidden = card.body.data.forum_topics_count
    await api('put', `/admin/forum/topics/${topic.id}`, admin.auth).send({ hidden: false }).expect(200)
    expect((await topics(bruno)).topics.map((x) => x.id)).toContain(topic.id)
    expect((await api('get', `/questions/${questionId}`, gratuito.auth)).body.data.forum_topics_count).toBe(countHidden + 1)

    await api('put', `/admin/forum/replies/${reply.id}`, admin.auth).send({ hidden: true }).expect(200)
    expect((await topics(bruno)).topics.find((x) => x.id === topic.id)!.replies).toEqual([])
    expect((await topics(admin)).topics.find((x) => x.id === topic.id)!.replies[0]).toMatchObject({ id: reply.id, hidden: true })
    await api('put', `/admin/forum/replies/${reply.id}`, admin.auth).send({ hidden: false }).expect(200)
    expect((await topics(bruno)).topics.find((x) => x.id === topic.id)!.replies.map((r) => r.id)).toEqual([reply.id])
  })

  it('moderation is for admins only, with bodies checked', async () => {
    const topic = await newTopic(ana)
    for (const user of [ana, gratuito]) {
      expect((await api('get', '/admin/forum', user.auth)).status).toBe(403)
      expect((await api('put', `/admin/forum/topics/${topic.id}`, user.auth).send({ highlighted: true })).status).toBe(403)
      expect((await api('put', `/admin/forum/replies/1`, user.auth).send({ hidden: true })).status).toBe(403)
    }
    expect((await api('get', '/admin/forum')).status).toBe(401)
    expect((await api('put', `/admin/forum/topics/${topic.id}`, admin.auth).send({})).status).toBe(400)
    expect((await api('put', `/admin/forum/topics/${topic.id}`, admin.auth).send({ highlighted: 'sim' })).body.error).toBe(
      'highlighted deve ser verdadeiro ou falso (true/false).',
    )
    expect((await api('put', `/admin/forum/topics/999999`, admin.auth).send({ hidden: true })).status).toBe(404)
    const [row] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))
    expect(row.highlighted).toBe(false)
  })
})

describe('authorship: only the author edits or deletes (IDOR)', () => {
  it('another user (student, Premium, even admin) gets 403 on every write of someone else’s post; nothing changes', async () => {
    const topic = await newTopic(ana, 'Meu tópico', 'Meu conteúdo')
    const reply = (await api('post', `/forum/topics/${topic.id}/replies`, ana.auth).send({ content: 'Minha resposta' })).body.reply
    for (const intruder of [bruno, gratuito, admin]) {
      const writes = [
        api('put', `/forum/topics/${topic.id}`, intruder.auth).send({ title: 'Invadido', content: 'Invadido' }),
        api('delete', `/forum/topics/${topic.id}`, intruder.auth),
        api('put', `/forum/replies/${reply.id}`, intruder.auth).send({ content: 'Invadido' }),
        api('delete', `/forum/replies/${reply.id}`, intruder.auth),
      ]
      for (const res of await Promise.all(writes)) {
        expect(res.status).toBe(403)
        expect(res.body).toEqual({ error: 'Você só pode alterar as suas próprias mensagens.' })
      }
    }
    for (const [method, url] of [
      ['put', `/forum/topics/${topic.id}`],
      ['delete', `/forum/topics/${topic.id}`],
      ['put', `/forum/replies/${reply.id}`],
      ['delete', `/forum/replies/${reply.id}`],
    ] as const)
      expect((await api(method, url).send({ title: 'x', content: 'y' })).status).toBe(401)
    const [topicRow] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))
    expect(topicRow).toMatchObject({ title: 'Meu tópico', content: 'Meu conteúdo', deletedAt: null, editedAt: null })
    const [replyRow] = await t.db.select().from(forumReplies).where(eq(forumReplies.id, reply.id))
    expect(replyRow).toMatchObject({ content: 'Minha resposta', deletedAt: null })
    // Unknown ids are 404.
    expect((await api('put', `/forum/topics/999999`, ana.auth).send({ title: 'x', content: 'y' })).status).toBe(404)
    expect((await api('delete', `/forum/replies/999999`, ana.auth)).status).toBe(404)
  })

  it('the author edits (marked edited) and deletes; a deleted topic with replies stays as mensagem removida, without replies it goes', async () => {
    const topic = await newTopic(ana, 'Original', 'Texto original')
    const edited = await api('put', `/forum/topics/${topic.id}`, ana.auth).send({ title: 'Editado', content: 'Texto editado' })
    expect(edited.status).toBe(200)
    expect(edited.body.topic).toMatchObject({ title: 'Editado', content: 'Texto editado' })
    expect(edited.body.topic.edited_at).toEqual(expect.any(String))
    const reply = (await api('post', `/forum/topics/${topic.id}/replies`, bruno.auth).send({ content: 'Resposta do Bruno' })).body.reply
    const replyEdit = await api('put', `/forum/replies/${reply.id}`, bruno.auth).send({ content: 'Resposta corrigida' })
    expect(replyEdit.body.reply).toMatchObject({ content: 'Resposta corrigida' })

    await api('delete', `/forum/topics/${topic.id}`, ana.auth).expect(200)
    const listed = (await topics(bruno)).topics.find((x) => x.id === topic.id)!
    expect(listed).toMatchObject({ title: 'mensagem removida', content: 'mensagem removida', deleted: true, author: null })
    expect(listed.replies.map((r) => r.content)).toEqual(['Resposta corrigida'])
    const [row] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))
    expect([row.title, row.content]).toEqual(['', ''])
    // No more replies, edits or votes on a removed topic.
    expect((await api('post', `/forum/topics/${topic.id}/replies`, bruno.auth).send({ content: 'oi' })).status).toBe(404)
    expect((await api('delete', `/forum/topics/${topic.id}`, ana.auth)).status).toBe(404)

    // Its last reply deleted: the topic leaves the list.
    await api('delete', `/forum/replies/${reply.id}`, bruno.auth).expect(200)
    expect((await topics(bruno)).topics.map((x) => x.id)).not.toContain(topic.id)

    const lonely = await newTopic(ana, 'Sem respostas', 'x')
    await api('delete', `/forum/topics/${lonely.id}`, ana.auth).expect(200)
    expect((await topics(bruno)).topics.map((x) => x.id)).not.toContain(lonely.id)
  })
})

describe('hostile text is stored and returned verbatim, as text', () => {
  const corpus = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg/onload=alert(document.cookie)>',
    "javascript:alert('x')",
    '[clique](javascript:alert(1))',
    '{{constructor.constructor("alert(1)")()}}',
    '<a href="https://evil.example" target="_blank">link</a>',
    "'; DROP TABLE forum_topics; --",
    '&lt;b&gt;entidades&lt;/b&gt; &amp; 💥 \u202Eçãõ',
  ]
  it('every item of the corpus round-trips unchanged in title and content', async () => {
    for (const text of corpus) {
      const topic = await newTopic(ana, text.slice(0, 150), `${text}\nsegunda linha`)
      const listed = (await topics(bruno)).topics.find((x) => x.id === topic.id)!
      expect(listed.title).toBe(text.slice(0, 150))
      expect(listed.content).toBe(`${text}\nsegunda linha`)
    }
    expect((await t.db.select().from(forumTopics)).length).toBeGreaterThan(corpus.length)
  })
})

describe('rate limit', () => {
  it('a flood of posts from one user gets 429 with a Portuguese message; another user is not affected', async () => {
    const limited = await createTestContext({ rateLimit: true })
    try {
      const boss = await createTestUser(limited.ctx, { plan: 'ADMIN' })
      const [q] = (await insertQuestions(limited.db, [{ discipline: 'Direito Civil', statement: 'Flood.' }])).questions
      const make = async (name: string) => {
        const u = await createTestUser(limited.ctx, { name })
        await contractRequest(limited.app)
          .put(`/api/v1/admin/users/${u.user.id}/plan`)
          .set(boss.auth)
          .send({ plan_name: 'PREMIUM' })
          .expect(200)
        return u
      }
      const flooder = await make('Flood')
      const other = await make('Calmo')
      const statuses: number[] = []
      for (let i = 0; i < 21; i++) {
        const res = await contractRequest(limited.app)
          .post(`/api/v1/questions/${q.id}/forum/topics`)
          .set(flooder.auth)
          .send({ title: `T${i}`, content: 'c' })
        statuses.push(res.status)
        if (res.status === 429)
          expect(res.body).toEqual({ error: 'Você está enviando mensagens rápido demais. Aguarde alguns minutos e tente novamente.' })
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true)
      expect(statuses[20]).toBe(429)
      await contractRequest(limited.app)
        .post(`/api/v1/questions/${q.id}/forum/topics`)
        .set(other.auth)
        .send({ title: 'ok', content: 'c' })
        .expect(201)
    } finally {
      await limited.close()
    }
  })
})
