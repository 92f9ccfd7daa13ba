import fs from 'node:fs'

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, officialMix, questions, questionTopics, topics } from '#server/db/schema'
import { TOPIC_MODEL } from '#server/domain/topics/model'

import { createTestContext, createTestUser } from '../support/context'
import { contractRequest } from '../support/contract'
import { oabFile } from '../support/oab'

// Issue 65 on real exams imported as an admin would, without a topic in the files: every question
// of an OAB discipline gets one (the shipped tree seeded into its discipline, the topic model's
// prediction stored with its confidence); everything that reads topics works on them; the desk
// confirms or changes them; the trees are edited and exported; bad trees change nothing.

const EXAMS = ['2012-vii-exame-de-ordem-unificado.txt', '2011-v-exame-de-ordem-unificado.txt']

describe('topics on a bank imported without them', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>
  let admin: Awaited<ReturnType<typeof createTestUser>>
  let student: Awaited<ReturnType<typeof createTestUser>>
  const api = () => contractRequest(t.app)

  const linkRows = () =>
    t.db
      .select({
        question: questionTopics.questionId,
        topic: questionTopics.topicId,
        source: questionTopics.source,
        confidence: questionTopics.confidence,
      })
      .from(questionTopics)

  beforeAll(async () => {
    t = await createTestContext()
    admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    student = await createTestUser(t.ctx, { plan: 'PRO' })
    // As a new admin would: the dataset's discipline file (names only), then the exams.
    await api()
      .post('/api/v1/admin/disciplines/upload')
      .set(admin.auth)
      .attach('file', fs.readFileSync(oabFile('disciplinas-oab.json')), 'disciplinas-oab.json')
      .expect(200)
    for (const name of EXAMS) {
      const res = await api()
        .post('/api/v1/admin/questions/upload-exam-txt')
        .set(admin.auth)
        .attach('file', fs.readFileSync(oabFile(name)), name)
      expect(res.status).toBe(200)
      expect(res.body.files[0].predicted_topics).toBe(80)
    }
  }, 120_000)
  afterAll(() => t.close())

  it('gives every question one topic of its discipline, predicted, with its confidence; the trees are the official disciplines’', async () => {
    const rows = await t.db
      .select({
        id: questions.id,
        discipline: questions.disciplineId,
        topic: topics.disciplineId,
        source: questionTopics.source,
        confidence: questionTopics.confidence,
      })
      .from(questions)
      .leftJoin(questionTopics, eq(questionTopics.questionId, questions.id))
      .leftJoin(topics, eq(topics.id, questionTopics.topicId))
    expect(rows).toHaveLength(160)
    for (const r of rows) {
      expect(r.topic).toBe(r.discipline)
      expect(r.source).toBe('prediction')
      expect(r.confidence).toBeGreaterThan(0)
    }
    const confident = rows.filter((r) => r.confidence! >= TOPIC_MODEL.threshold).length
    expect(confident / rows.length).toBeGreaterThan(0.7)
    const official = new Set((await t.db.select({ name: officialMix.name }).from(officialMix)).map((r) => r.name))
    const seeded = await t.db.select({ name: disciplines.name, version: disciplines.topicTreeVersion }).from(disciplines)
    for (const d of seeded) {
      expect(official.has(d.name), d.name).toBe(true)
      expect(d.version).toBe(1)
    }
  })

  it('offers the chosen disciplines’ topics with their counts, and the Assuntos filter finds their questions', async () => {
    const list = (await api().get('/api/v1/disciplines').expect(200)).body.data as {
      id: number
      name: string
      topics: { id: number; name: string; questions: number }[]
    }[]
    const civil = list.find((d) => d.name === 'Direito Civil')!
    const counted = civil.topics.reduce((n, topic) => n + topic.questions, 0)
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(eq(questions.disciplineId, civil.id))
    expect(counted).toBe(Number(n))
    const busiest = [...civil.topics].sort((a, b) => b.questions - a.questions)[0]
    const found = (await api().get(`/api/v1/questions/search?topic_ids=${busiest.id}&per_page=100`).set(student.auth).expect(200)).body
    expect(found.total).toBe(busiest.questions)
    for (const q of found.data) expect(q.topics.map((x: { id: number }) => x.id)).toContain(busiest.id)
  })

  it('says "classificação automática" of a predicted topic in the question’s details', async () => {
    const [link] = await linkRows()
    const details = (await api().get(`/api/v1/questions/${link.question}/details`).set(student.auth).expect(200)).body
    expect(details.data.predicted_topic_ids).toEqual([link.topic])
  })

  it('counts a student’s answers by predicted topic: the dashboard and the study plan’s weak topics, and they follow a corrected topic', async () => {
    const [link] = await linkRows()
    const [q] = await t.db.select({ key: questions.correctAnswer }).from(questions).where(eq(questions.id, link.question))
    const wrong = ['A', 'B', 'C', 'D'].find((letter) => letter !== q.key)!
    await api().post(`/api/v1/questions/${link.question}/attempts`).set(student.auth).send({ answer: wrong }).expect(201)
    const performance = (await api().get('/api/v1/me/performance').set(student.auth).expect(200)).body
    expect(performance.weakest_topics).toEqual([expect.objectContaining({ topic_id: link.topic, correct: 0, total: 1 })])
    const plan = (await api().put('/api/v1/study-plan').set(student.auth).send({ exam_date: '2027-06-01', hours_per_week: 10 }).expect(200))
      .body
    expect(JSON.stringify(plan)).toContain(`"topic_id":${link.topic}`)

    // The admin moves it to another topic of its discipline: the answer moves with it.
    const [mine] = await t.db.select({ discipline: topics.disciplineId }).from(topics).where(eq(topics.id, link.topic))
    const [other] = await t.db
      .select({ id: topics.id })
      .from(topics)
      .where(sql`${topics.disciplineId} = ${mine.discipline} AND ${topics.id} <> ${link.topic}`)
      .limit(1)
    const reviewed = await api()
      .post('/api/v1/admin/classification/topics/reviews')
      .set(admin.auth)
      .send({ items: [{ question_id: link.question, topic_id: other.id }] })
      .expect(200)
    expect(reviewed.body).toMatchObject({ message: '1 assunto confirmado.', reviewed: 1, changed: 1 })
    const after = (await api().get('/api/v1/me/performance').set(student.auth).expect(200)).body
    expect(after.weakest_topics).toEqual([expect.objectContaining({ topic_id: other.id, correct: 0, total: 1 })])
    const [stored] = (await linkRows()).filter((l) => l.question === link.question)
    expect(stored).toEqual({ question: link.question, topic: other.id, source: 'review', confidence: null })
  })

  it('lists the predicted topics least confident first, and refuses an unknown question, an unknown topic or one of another discipline', async () => {
    const queue = (await api().get('/api/v1/admin/classification/topics?confidence=todas').set(admin.auth).expect(200)).body
    expect(queue.total).toBe(159)
    const confidences = queue.data.map((r: { confidence: number }) => r.confidence)
    expect(confidences).toEqual([...confidences].sort((a: number, b: number) => a - b))
    const low = (await api().get('/api/v1/admin/classification/topics?confidence=baixa').set(admin.auth).expect(200)).body
    expect(low.total).toBe(queue.totals.to_review)
    const [row] = queue.data
    const foreign = queue.disciplines.find((d: { id: number }) => d.id !== row.discipline.id).topics[0]
    const before = await linkRows()
    const cases = [
      {
        items: [{ question_id: 999_999, topic_id: row.topic.id }],
        status: 404,
        message: 'Questão não encontrada: 999999. Nenhuma classificação foi salva.',
      },
      {
        items: [{ question_id: row.id, topic_id: 999_999 }],
        status: 422,
        message: 'Assunto não encontrado: 999999. Nenhum assunto foi salvo.',
      },
      {
        items: [{ question_id: row.id, topic_id: foreign.id }],
        status: 422,
        message: `O assunto "${foreign.name}" não é da disciplina da questão ${row.id}. Nenhum assunto foi salvo.`,
      },
      { items: [], status: 400, message: 'Selecione pelo menos uma questão.' },
    ]
    for (const c of cases) {
      const res = await api().post('/api/v1/admin/classification/topics/reviews').set(admin.auth).send({ items: c.items })
      expect(res.status).toBe(c.status)
      expect(res.body.error).toBe(c.message)
    }
    expect(await linkRows()).toEqual(before)
    // Many at once: the first page confirmed as predicted.
    const many = queue.data.slice(0, 5).map((r: { id: number; topic: { id: number } }) => ({ question_id: r.id, topic_id: r.topic.id }))
    const res = await api().post('/api/v1/admin/classification/topics/reviews').set(admin.auth).send({ items: many }).expect(200)
    expect(res.body).toMatchObject({ reviewed: 5, changed: 0 })
  })

  it('reports who gave the topics, per exam (gabarita classify)', async () => {
    const report = (await api().get('/api/v1/admin/classification/report').set(admin.auth).expect(200)).body
    expect(report.totals.topics).toEqual({ file: 0, review: 6, predicted: 154, confident: expect.any(Number), none: 0 })
  })

  it('keeps an editor’s topic when the file comes again without one, and a file’s own topic wins', async () => {
    const [exam] = EXAMS
    const text = fs.readFileSync(oabFile(exam), 'utf8')
    await api()
      .post('/api/v1/admin/questions/upload-exam-txt?force=true')
      .set(admin.auth)
      .attach('file', Buffer.from(text), exam)
      .expect(200)
    expect((await linkRows()).filter((l) => l.source === 'review')).toHaveLength(6)
    const withTopic = text.replace(/(QUESTAO: 1\nDISCIPLINA: Ética Profissional\n)/, '$1ASSUNTOS: Sociedade de Advogados\n')
    await api()
      .post('/api/v1/admin/questions/upload-exam-txt?force=true')
      .set(admin.auth)
      .attach('file', Buffer.from(withTopic), exam)
      .expect(200)
    const first = await t.db.execute(sql`
      SELECT t.name, l.source FROM question_topics l JOIN topics t ON t.id = l.topic_id JOIN questions q ON q.id = l.question_id
       JOIN exams e ON e.id = q.exam_id WHERE q.number = 1 AND e.name = 'VII Exame de Ordem Unificado'`)
    expect((first as unknown as { rows: unknown[] }).rows).toEqual([{ name: 'Sociedade de Advogados', source: 'file' }])
  })
})

describe('editing and exporting the trees; bad trees change nothing', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>
  let admin: Awaited<ReturnType<typeof createTestUser>>
  const api = () => contractRequest(t.app)
  let civil: number

  beforeAll(async () => {
    t = await createTestContext()
    admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    const file = {
      disciplinas: [
        { nome: 'Direito Civil', assuntos: [{ nome: 'Sucessões', artigos: ['cc@arts. 1784-2027'], palavras: ['herança'] }, 'Família'] },
      ],
    }
    await api()
      .post('/api/v1/admin/disciplines/upload')
      .set(admin.auth)
      .attach('file', Buffer.from(JSON.stringify(file)), 'd.json')
      .expect(200)
    ;[{ id: civil }] = await t.db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.name, 'Direito Civil'))
  })
  afterAll(() => t.close())

  const tree = async () =>
    (
      await t.db
        .select({ name: topics.name, articles: topics.articles, keywords: topics.keywords })
        .from(topics)
        .where(eq(topics.disciplineId, civil))
    ).sort((a, b) => a.name.localeCompare(b.name))

  it('exports the discipline JSON with ranges and words, which imports back unchanged', async () => {
    const exported = (await api().get('/api/v1/admin/disciplines/export').set(admin.auth).expect(200)).body
    expect(exported).toEqual({
      disciplinas: [
        {
          nome: 'Direito Civil',
          assuntos: [
            { nome: 'Família', artigos: [], palavras: [] },
            { nome: 'Sucessões', artigos: ['cc@arts. 1784-2027'], palavras: ['herança'] },
          ],
        },
      ],
    })
    const before = await tree()
    const res = await api()
      .post('/api/v1/admin/disciplines/upload')
      .set(admin.auth)
      .attach('file', Buffer.from(JSON.stringify(exported)), 'e.json')
      .expect(200)
    expect(res.body.files[0]).toMatchObject({ created_disciplines: 0, created_topics: 0 })
    expect(await tree()).toEqual(before)
  })

  it('refuses a JSON whose range overlaps a topic the bank has, naming it, and imports nothing of it', async () => {
    const before = await tree()
    const file = { disciplinas: [{ nome: 'Direito Civil', assuntos: [{ nome: 'Família', artigos: ['cc@arts. 1511-1800'] }, 'Contratos'] }] }
    const res = await api()
      .post('/api/v1/admin/disciplines/upload')
      .set(admin.auth)
      .attach('file', Buffer.from(JSON.stringify(file)), 'f.json')
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual([
      'f.json: disciplinas[0].assuntos[0].artigos: "cc@arts. 1511-1800" sobrepõe "cc@arts. 1784-2027" do assunto "Sucessões" (já cadastrado)',
    ])
    expect(await tree()).toEqual(before)
  })

  it('saves a tree from its text and names the line of each mistake, never half-saved', async () => {
    const before = await tree()
    for (const [assuntos, status, message] of [
      [
        'Sucessões | cc@arts. 1784-2027\nFamília | cc@arts. 2000-2010',
        422,
        'linha 2: "cc@arts. 2000-2010" sobrepõe artigos do assunto "Sucessões" (linha 1)',
      ],
      ['Sucessões\nsucessões', 422, 'linha 2: assunto repetido "sucessões" (já na linha 1)'],
      [
        'Posse | cc@artigo mil',
        422,
        'linha 1: "cc@artigo mil" não é um intervalo de artigos (use, por exemplo, "cc@arts. 1784-2027", "cf@art. 5" ou "lei:8666")',
      ],
    ] as const) {
      const res = await api().put(`/api/v1/admin/disciplines/${civil}/topics`).set(admin.auth).send({ assuntos })
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      expect(res.body.validations[0].errors[0].message).toBe(message)
    }
    // A NUL byte never reaches the tree: the web defences refuse the request (server/web).
    const nul = await api().put(`/api/v1/admin/disciplines/${civil}/topics`).set(admin.auth).send({ assuntos: 'Posse\u0000' })
    expect(nul.status).toBe(400)
    expect(nul.body.error).toBe('Caracteres inválidos na requisição.')
    const big = await api()
      .put(`/api/v1/admin/disciplines/${civil}/topics`)
      .set(admin.auth)
      .send({ assuntos: 'x'.repeat(50_001) })
    expect(big.status).toBe(400)
    expect(big.body.error).toContain('no máximo 50000 caracteres')
    expect((await api().put('/api/v1/admin/disciplines/999999/topics').set(admin.auth).send({ assuntos: 'Posse' })).status).toBe(404)
    expect(await tree()).toEqual(before)

    const saved = await api()
      .put(`/api/v1/admin/disciplines/${civil}/topics`)
      .set(admin.auth)
      .send({ assuntos: 'Sucessões | cc@arts. 1784-2027; dl:4657@art. 10\nPosse e Propriedade | cc@arts. 1196-1368' })
      .expect(200)
    expect(saved.body).toMatchObject({
      message: 'Assuntos de Direito Civil salvos: 1 novo, 1 alterado, 1 removido.',
      created: 1,
      updated: 1,
      removed: 1,
    })
    expect(await tree()).toEqual([
      { name: 'Posse e Propriedade', articles: ['cc@arts. 1196-1368'], keywords: [] },
      { name: 'Sucessões', articles: ['cc@arts. 1784-2027', 'dl:4657@art. 10'], keywords: ['herança'] },
    ])
  })
})
