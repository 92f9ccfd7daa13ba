import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { forumReplies, forumTopics, questions } from '#server/db/schema'
import { readCitations } from '#server/domain/citations/store'
import { communityAnswers } from '#server/domain/community-answers'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'

// Every wrong answer teaches something (issue 40): the answer says who wrote the explanation
// ('Análise do professor' only for a professor's text), and without one a plan with discussions
// reads the community's most-voted answer; the law the question cites shows on every plan.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let q: { professor: number; imported: number; none: number; quiet: number }
let professor: User

const api = (method: 'get' | 'put' | 'post', url: string, auth: Record<string, string>) =>
  contractRequest(t.app)[method](`/api/v1${url}`).set(auth)
const answer = (id: number, user: User, letter = 'B') => api('post', `/questions/${id}/attempts`, user.auth).send({ answer: letter })

async function topic(user: User, qid: number, content: string) {
  const res = await api('post', `/questions/${qid}/forum/topics`, user.auth).send({ title: 'Por que não a B?', content }).expect(201)
  return res.body.topic.id as number
}
async function reply(user: User, topicId: number, content: string) {
  return (await api('post', `/forum/topics/${topicId}/replies`, user.auth).send({ content }).expect(201)).body.reply.id as number
}
async function votes(kind: 'topics' | 'replies', id: number, voters: User[], vote: 'up' | 'down') {
  for (const voter of voters) await api('put', `/forum/${kind}/${id}/vote`, voter.auth).send({ vote }).expect(200)
}

beforeAll(async () => {
  t = await createTestContext()
  professor = await createTestUser(t.ctx, { name: 'Profa. Helena Prado' })
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Analisada pelo professor.', correctAnswer: 'C', explanation: 'Art. 421 do Código Civil.' },
    {
      discipline: 'Direito Civil',
      statement: 'Com comentário da prova.',
      correctAnswer: 'C',
      explanation: 'A resposta está no art. 5º da Constituição.',
      exam: { name: 'XXXV Exame de Ordem Unificado', year: 2022, board: 'FGV' },
    },
    { discipline: 'Direito Civil', statement: 'Sem explicação; cita o art. 186 do Código Civil.', correctAnswer: 'C' },
    { discipline: 'Direito Civil', statement: 'Sem explicação nem discussão.', correctAnswer: 'C' },
  ])
  const [professorQ, imported, none, quiet] = bank.questions.map((row) => row.id)
  q = { professor: professorQ, imported, none, quiet }
  await t.db
    .update(questions)
    .set({
      explanationSource: 'professor',
      explanationBy: professor.user.id,
      explanationCredit: 'Bruno Lima',
      alternativeComments: { C: 'Correta: é a <n>liberdade contratual</n>.', A: 'Errada: confunde nulidade com anulabilidade.', B: '  ' },
    })
    .where(eq(questions.id, professorQ))
  await t.db.update(questions).set({ explanationSource: 'import' }).where(eq(questions.id, imported))
  await readCitations(t.db)
})
afterAll(() => t.close())

describe('where the explanation came from', () => {
  it('a professor’s analysis names its author, its credit and the comment on each alternative', async () => {
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const res = await answer(q.professor, premium).expect(201)
    expect(res.body).toMatchObject({
      correct: false,
      explanation: 'Art. 421 do Código Civil.',
      explanation_source: 'professor',
      explanation_author: 'Profa. Helena Prado',
      explanation_credit: 'Bruno Lima',
      explanation_exam: null,
      // Blank comments are left out; letters in order.
      alternative_comments: { A: 'Errada: confunde nulidade com anulabilidade.', C: 'Correta: é a <n>liberdade contratual</n>.' },
      community_answer: null,
    })
    expect(Object.keys(res.body.alternative_comments)).toEqual(['A', 'C'])
    const again = await api('get', `/questions/${q.professor}/reveal`, premium.auth).expect(200)
    expect(again.body.explanation_author).toBe('Profa. Helena Prado')
  })

  it('an imported text says which exam file brought it, and has no author', async () => {
    const gratuito = await createTestUser(t.ctx)
    const res = await answer(q.imported, gratuito).expect(201)
    expect(res.body).toMatchObject({
      explanation: 'A resposta está no art. 5º da Constituição.',
      explanation_source: 'import',
      explanation_author: null,
      explanation_credit: null,
      explanation_exam: 'OAB XXXV',
      alternative_comments: null,
    })
  })

  it('a download for offline study carries the same origin', async () => {
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const res = await api('post', '/offline/downloads', premium.auth)
      .send({ question_ids: [q.professor, q.imported, q.none] })
      .expect(200)
    const byId = new Map(res.body.questions.map((row: { id: number }) => [row.id, row]))
    expect(byId.get(q.professor)).toMatchObject({
      explanation_source: 'professor',
      explanation_author: 'Profa. Helena Prado',
      explanation_credit: 'Bruno Lima',
      alternative_comments: { A: 'Errada: confunde nulidade com anulabilidade.', C: 'Correta: é a <n>liberdade contratual</n>.' },
    })
    expect(byId.get(q.imported)).toMatchObject({ explanation_source: 'import', explanation_author: null, explanation_exam: 'OAB XXXV' })
    expect(byId.get(q.none)).toMatchObject({ explanation: null, explanation_source: null, alternative_comments: null })
  })

  it('no origin and no comments for an explanation the plan keeps closed', async () => {
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentedQuestionsEnabled: false }).expect(200)
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const res = await answer(q.professor, premium).expect(201)
    expect(res.body).toMatchObject({
      explanation: null,
      explanation_locked: 'disabled',
      explanation_source: null,
      explanation_author: null,
      alternative_comments: null,
    })
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentedQuestionsEnabled: true }).expect(200)
  })
})

describe('the community’s most-voted answer, while no analysis exists', () => {
  it('Premium reads the best post (hidden, deleted and negative ones left out); Gratuito reads none', async () => {
    const [ana, bruno, carla, davi, eva] = await Promise.all(
      ['Ana', 'Bruno', 'Carla', 'Davi', 'Eva'].map((name) => createTestUser(t.ctx, { plan: 'PREMIUM', name })),
    )
    const first = await topic(ana, q.none, 'Acho que é a C, pelo art. 186.')
    const best = await reply(bruno, first, 'É a C: o art. 186 define o ato ilícito; a B confunde dano com culpa.')
    const hidden = await reply(carla, first, 'Resposta escondida pela moderação.')
    const deleted = await reply(davi, first, 'Resposta apagada pelo autor.')
    const negative = await topic(eva, q.none, 'Chutei a B.')
    await votes('topics', first, [bruno], 'up')
    await votes('replies', best, [ana, carla, davi], 'up')
    await votes('replies', best, [eva], 'down')
    await votes('replies', hidden, [ana, bruno, davi, eva], 'up')
    await votes('replies', deleted, [ana, bruno, carla, eva], 'up')
    await votes('topics', negative, [ana, bruno], 'down')
    await t.db.update(forumReplies).set({ hiddenAt: new Date() }).where(eq(forumReplies.id, hidden))
    await t.db.update(forumReplies).set({ deletedAt: new Date() }).where(eq(forumReplies.id, deleted))

    const listed = await communityAnswers(t.db, q.none, 5)
    expect(listed.map((a) => [a.kind, a.id, a.votes])).toEqual([
      ['reply', best, 2],
      ['topic', first, 1],
    ])
    expect(listed[0]).toMatchObject({ topic_id: first, author_name: 'Bruno', text: expect.stringContaining('art. 186') })

    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const res = await answer(q.none, premium).expect(201)
    expect(res.body.explanation).toBeNull()
    expect(res.body.community_answer).toEqual({
      kind: 'reply',
      id: best,
      topic_id: first,
      author_name: 'Bruno',
      votes: 2,
      excerpt: 'É a C: o art. 186 define o ato ilícito; a B confunde dano com culpa.',
      truncated: false,
    })
    // The law the question cites shows on every plan, with or without an explanation.
    expect(res.body.citations).toEqual([expect.objectContaining({ article: 'art. 186' })])

    const gratuito = await createTestUser(t.ctx)
    const free = await answer(q.none, gratuito).expect(201)
    expect(free.body.community_answer).toBeNull()
    expect(free.body.citations).toEqual(res.body.citations)
    const basico = await createTestUser(t.ctx, { plan: 'BASICO' })
    expect((await answer(q.none, basico).expect(201)).body.community_answer).toBeNull()
  })

  it('ties go to the oldest post; a long one is cut at a word; none without a post in favour', async () => {
    const [fabio, gil] = await Promise.all(['Fábio', 'Gil'].map((name) => createTestUser(t.ctx, { plan: 'PRO', name })))
    const long = `${'Fundamento longo '.repeat(60)}fim.`
    const older = await topic(fabio, q.quiet, long)
    const newer = await topic(gil, q.quiet, 'Mesma nota, mais nova.')
    await votes('topics', older, [gil], 'up')
    await votes('topics', newer, [fabio], 'up')
    const pro = await createTestUser(t.ctx, { plan: 'PRO' })
    const res = await answer(q.quiet, pro).expect(201)
    expect(res.body.community_answer).toMatchObject({ kind: 'topic', id: older, votes: 1, truncated: true })
    expect(res.body.community_answer.excerpt.length).toBeLessThanOrEqual(601)
    expect(res.body.community_answer.excerpt).toMatch(/Fundamento longo…$/)
    // A hidden topic takes its replies with it; nothing in favour is left: null.
    await t.db.update(forumTopics).set({ hiddenAt: new Date() }).where(eq(forumTopics.questionId, q.quiet))
    expect((await answer(q.quiet, pro).expect(201)).body.community_answer).toBeNull()
  })

  it('not while an explanation can be read, nor with discussions switched off', async () => {
    const [hana, igor] = await Promise.all(['Hana', 'Igor'].map((name) => createTestUser(t.ctx, { plan: 'PREMIUM', name })))
    const post = await topic(hana, q.imported, 'Comentário útil.')
    await votes('topics', post, [igor], 'up')
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    expect((await answer(q.imported, premium).expect(201)).body.community_answer).toBeNull()
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentsEnabled: false }).expect(200)
    expect((await answer(q.none, premium).expect(201)).body.community_answer).toBeNull()
    await api('put', '/admin/feature-toggles', admin.auth).send({ commentsEnabled: true }).expect(200)
    expect((await answer(q.none, premium).expect(201)).body.community_answer).not.toBeNull()
  })
})

describe('a simulado’s result', () => {
  it('names the origin of each explanation, as the answer does', async () => {
    // Five questions of the board: the simulado draws them all.
    await insertQuestions(t.db, [{ discipline: 'Direito Civil', statement: 'Quinta questão da banca.', correctAnswer: 'C' }])
    const premium = await createTestUser(t.ctx, { plan: 'PREMIUM' })
    const created = await api('post', '/simulations', premium.auth)
      .send({ kind: 'personalizado', size: 5, duration_minutes: null, filters: { exam_board: ['FGV'] } })
      .expect(201)
    const id = created.body.simulation.id as number
    await api('post', `/simulations/${id}/finish`, premium.auth).expect(200)
    const review = (await api('get', `/simulations/${id}/result`, premium.auth).expect(200)).body.result.review as {
      question_id: number
    }[]
    expect(review.find((item) => item.question_id === q.professor)).toMatchObject({
      explanation_source: 'professor',
      explanation_author: 'Profa. Helena Prado',
      explanation_credit: 'Bruno Lima',
      alternative_comments: { A: 'Errada: confunde nulidade com anulabilidade.', C: 'Correta: é a <n>liberdade contratual</n>.' },
    })
    expect(review.find((item) => item.question_id === q.imported)).toMatchObject({
      explanation_source: 'import',
      explanation_exam: 'OAB XXXV',
    })
    expect(review.find((item) => item.question_id === q.none)).toMatchObject({ explanation: null, explanation_source: null })
  })
})
