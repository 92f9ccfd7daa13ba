import fs from 'node:fs'
import path from 'node:path'

import { count, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, exams, questions, questionTopics, topics } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { OAB_DIR } from '../../../tests/support/oab'

const oabFiles = fs
  .readdirSync(OAB_DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
/** Questions per file, counted from the files themselves. */
const expectedCount = (file: string) => (fs.readFileSync(path.join(OAB_DIR, file), 'utf8').match(/^QUESTAO:/gm) ?? []).length

let t: Awaited<ReturnType<typeof createTestContext>>
let admin: Awaited<ReturnType<typeof createTestUser>>
let student: Awaited<ReturnType<typeof createTestUser>>
beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
  student = await createTestUser(t.ctx, { plan: 'GRATUITO' })
})
afterAll(() => t.close())

const small = (over: { prova?: string; disciplina?: string; extra?: string } = {}) =>
  Buffer.from(
    `PROVA: ${over.prova ?? 'Simulado Teste'}\nANO: 2024\nBANCA: FGV\n\nQUESTAO: 1\nDISCIPLINA: ${over.disciplina ?? 'Direito Penal'}\nENUNCIADO:\nEnunciado da questão de teste.\nA) Primeira\nB) Segunda\nGABARITO: B\n${over.extra ?? ''}`,
  )

async function snapshot() {
  const [q] = await t.db.select({ n: count() }).from(questions)
  const [d] = await t.db.select({ n: count() }).from(disciplines)
  const [e] = await t.db.select({ n: count() }).from(exams)
  const [tp] = await t.db.select({ n: count() }).from(topics)
  return { questions: q.n, disciplines: d.n, exams: e.n, topics: tp.n }
}

function uploadExams(files: { name: string; content: Buffer }[], force = false, auth = admin.auth) {
  let req = contractRequest(t.app).post(`/api/v1/admin/questions/upload-exam-txt?force=${force}`).set(auth)
  for (const f of files) req = req.attach('file', f.content, f.name)
  return req
}

describe('role checks on every admin endpoint', () => {
  const endpoints: ['get' | 'post', string][] = [
    ['post', '/api/v1/admin/disciplines/upload'],
    ['post', '/api/v1/admin/disciplines/search'],
    ['post', '/api/v1/admin/questions/upload-exam-txt'],
    ['get', '/api/v1/admin/dashboard/stats'],
    ['get', '/api/v1/admin/dashboard/questions-by-discipline'],
    ['get', '/api/v1/admin/dashboard/questions-by-topic'],
  ]
  it.each(endpoints)('%s %s: anonymous 401, student 403', async (method, url) => {
    const anon = await contractRequest(t.app)[method](url)
    expect(anon.status).toBe(401)
    expect(anon.body.error).toBe('Token de autenticação não encontrado')
    const asStudent = await contractRequest(t.app)[method](url).set(student.auth)
    expect(asStudent.status).toBe(403)
    expect(asStudent.body.error).toBe('Acesso restrito a administradores')
  })
})

describe('discipline upload and check', () => {
  it('upserts disciplines and topics, idempotently, matching names loosely', async () => {
    const file = Buffer.from(
      JSON.stringify({
        disciplinas: [
          { nome: 'Direito Penal', assuntos: ['Teoria do Crime', 'Penas'] },
          { nome: 'Ética Profissional', assuntos: ['Honorários Advocatícios'] },
        ],
      }),
    )
    const first = await contractRequest(t.app).post('/api/v1/admin/disciplines/upload').set(admin.auth).attach('file', file, 'd.json')
    expect(first.status).toBe(200)
    expect(first.body.message).toBe('Upload realizado com sucesso!')
    expect(first.body.files[0]).toMatchObject({ created_disciplines: 2, created_topics: 3 })
    const again = await contractRequest(t.app)
      .post('/api/v1/admin/disciplines/upload')
      .set(admin.auth)
      .attach('file', Buffer.from('[{"nome":"  direito   PENAL ","assuntos":["teoria do crime"]}]'), 'e.json')
    expect(again.status).toBe(200)
    expect(again.body.files[0]).toMatchObject({ created_disciplines: 0, created_topics: 0 })
    const list = await contractRequest(t.app).get('/api/v1/disciplines')
    expect(list.body.success).toBe(true)
    const penal = list.body.data.find((d: { name: string }) => d.name === 'Direito Penal')
    expect(penal.topics.map((x: { name: string }) => x.name)).toEqual(['Penas', 'Teoria do Crime'])
  })

  it('rejects a bad file with JSON paths and imports nothing from it, judging other files on their own', async () => {
    const before = await snapshot()
    const res = await contractRequest(t.app)
      .post('/api/v1/admin/disciplines/upload')
      .set(admin.auth)
      .attach('file', Buffer.from('{"disciplinas":[{"nome":"Nova A"},{"nome":"Nova B"},{"nome":"x"},{"nome":"  "}]}'), 'ruim.json')
      .attach('file', Buffer.from('oi'), 'leia.txt')
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Validação falhou - 2 erro(s) encontrado(s)')
    expect(res.body.files[0].validations).toEqual([{ item: 'disciplinas[3]', errors: [{ message: 'disciplinas[3].nome: obrigatório' }] }])
    expect(res.body.files[1].message).toBe('Tipo de arquivo não suportado: leia.txt')
    expect(await snapshot()).toEqual(before)
  })

  it('checks a discipline/topic pair', async () => {
    const ok = await contractRequest(t.app)
      .post('/api/v1/admin/disciplines/search')
      .set(admin.auth)
      .send({ discipline: 'direito penal', topic: 'PENAS' })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Disciplina e assunto validados com sucesso!')
    const blank = await contractRequest(t.app)
      .post('/api/v1/admin/disciplines/search')
      .set(admin.auth)
      .send({ discipline: '  ', topic: ' ' })
    expect(blank.status).toBe(400)
    expect(blank.body.error).toBe('Por favor, preencha tanto a disciplina quanto o assunto.')
    const missing = await contractRequest(t.app)
      .post('/api/v1/admin/disciplines/search')
      .set(admin.auth)
      .send({ discipline: 'Direito Penal', topic: 'Inexistente' })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('Assunto não encontrado em Direito Penal: Inexistente')
  })

  it('still reads the old Portuguese fields (disciplina, assunto) for one release, the new names first', async () => {
    const check = (body: object) => contractRequest(t.app).post('/api/v1/admin/disciplines/search').set(admin.auth).send(body)
    const old = await check({ disciplina: 'direito penal', assunto: 'PENAS' })
    expect(old.status).toBe(200)
    expect(old.body.data.topic.name).toBe('Penas')
    const both = await check({ discipline: 'Direito Penal', disciplina: 'Outra', topic: 'Inexistente', assunto: 'Penas' })
    expect(both.status).toBe(404)
    expect(both.body.error).toBe('Assunto não encontrado em Direito Penal: Inexistente')
    expect((await check({ disciplina: ' ', assunto: 'Penas' })).body.error).toBe('Por favor, preencha tanto a disciplina quanto o assunto.')
    // Nothing, or only one of the two: the document's minProperties and allOf say it too.
    for (const body of [{}, { discipline: 'Direito Penal' }, { assunto: 'Penas' }]) {
      const res = await check(body)
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('Por favor, preencha tanto a disciplina quanto o assunto.')
    }
  })
})

describe('exam upload rules', () => {
  it('refuses requests without files, with too many files or over 5 MB', async () => {
    const none = await contractRequest(t.app).post('/api/v1/admin/questions/upload-exam-txt').set(admin.auth).field('x', '1')
    expect(none.status).toBe(400)
    expect(none.body.error).toBe('Selecione pelo menos um arquivo')
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.txt`, content: small({ prova: `Muitos ${i}` }) }))
    const before = await snapshot()
    const many = await uploadExams(eleven)
    expect(many.status).toBe(400)
    expect(many.body.error).toBe('Envie no máximo 10 arquivos .txt por vez')
    const big = await uploadExams([{ name: 'grande.txt', content: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') }])
    expect(big.status).toBe(422)
    expect(big.body.files[0].message).toBe('Erro no arquivo grande.txt: arquivo maior que 5 MB')
    const wrong = await uploadExams([{ name: 'prova.pdf', content: small() }])
    expect(wrong.body.files[0].message).toBe('Tipo de arquivo não suportado: prova.pdf')
    expect(await snapshot()).toEqual(before)
  })

  it('without force refuses unknown disciplines; with force creates them', async () => {
    const before = await snapshot()
    const file = { name: 'nova.txt', content: small({ prova: 'Prova Nova', disciplina: 'Direito Espacial', extra: 'ASSUNTOS: Órbitas\n' }) }
    const refused = await uploadExams([file])
    expect(refused.status).toBe(422)
    expect(refused.body.message).toBe('Validação falhou - 1 erro(s) encontrado(s)')
    expect(refused.body.files[0].validations).toEqual([
      { item: 'QUESTAO 1', errors: [{ message: 'linha 6: Disciplina não cadastrada: Direito Espacial' }] },
    ])
    expect(await snapshot()).toEqual(before)
    const forced = await uploadExams([file], true)
    expect(forced.status).toBe(200)
    expect(forced.body.files[0]).toMatchObject({ processed_questions: 1, created_disciplines: 1, created_topics: 1 })
    const [q] = await t.db.select().from(questions).innerJoin(exams, eq(exams.id, questions.examId)).where(eq(exams.name, 'Prova Nova'))
    expect(q.questions).toMatchObject({ year: 2024, board: 'FGV', correctAnswer: 'B', difficulty: null })
    expect(q.questions.shortId).toMatch(/^[0-9a-z]{8}$/)
    const links = await t.db.select().from(questionTopics).where(eq(questionTopics.questionId, q.questions.id))
    expect(links).toHaveLength(1)
  })

  it('imports several files at once: shared new disciplines once, a repeated exam replaced by the later file, results in order', async () => {
    // On PostgreSQL two files import at once (ADR 027); on PGlite one after the other: same outcome.
    const before = await snapshot()
    const res = await uploadExams(
      [
        { name: 'a.txt', content: small({ prova: 'Lote A', disciplina: 'Direito Marítimo', extra: 'ASSUNTOS: Portos\n' }) },
        { name: 'b.txt', content: small({ prova: 'Lote B', disciplina: 'Direito Marítimo', extra: 'ASSUNTOS: Portos\n' }) },
        { name: 'c.txt', content: small({ prova: 'Lote C', disciplina: 'Direito Marítimo', extra: 'ASSUNTOS: Navios\n' }) },
        { name: 'a2.txt', content: small({ prova: 'Lote A', disciplina: 'Direito Aeronáutico' }) },
        { name: 'ruim.txt', content: Buffer.from('PROVA: Lote D\nANO: 2024\n') },
      ],
      true,
    )
    expect(res.status).toBe(422)
    expect(res.body.files.map((f: { filename: string; success: boolean }) => [f.filename, f.success])).toEqual([
      ['a.txt', true],
      ['b.txt', true],
      ['c.txt', true],
      ['a2.txt', true],
      ['ruim.txt', false],
    ])
    expect(res.body.files[0].exam.created).toBe(true)
    expect(res.body.files[3]).toMatchObject({ exam: { created: false }, updated: 1, created: 0 })
    const created = res.body.files.slice(0, 4).reduce((n: number, f: { created_disciplines: number }) => n + f.created_disciplines, 0)
    expect(created).toBe(2)
    const [lote] = await t.db
      .select({ discipline: disciplines.name })
      .from(questions)
      .innerJoin(exams, eq(exams.id, questions.examId))
      .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
      .where(eq(exams.name, 'Lote A'))
    expect(lote.discipline).toBe('Direito Aeronáutico')
    const maritime = await t.db
      .select()
      .from(topics)
      .innerJoin(disciplines, eq(disciplines.id, topics.disciplineId))
      .where(eq(disciplines.name, 'Direito Marítimo'))
    expect(maritime.map((r) => r.topics.name).sort()).toEqual(['Navios', 'Portos'])
    expect(await snapshot()).toEqual({
      questions: before.questions + 3,
      disciplines: before.disciplines + 2,
      exams: before.exams + 3,
      topics: before.topics + 2,
    })
  })

  it('stores hostile markup as plain text', async () => {
    const res = await uploadExams([{ name: 'hostile.txt', content: fs.readFileSync('fixtures/test/hostile.txt') }], true)
    expect(res.status).toBe(200)
    const rows = await t.db
      .select()
      .from(questions)
      .where(sql`${questions.statement} LIKE '%<script>%'`)
    expect(rows[0].statement).toContain('<script>alert(1)</script>')
    expect(rows[0].statement).toContain('<img src=x onerror=alert(1)>')
  })
})

describe('the 9 real OAB exams', () => {
  const files = () => oabFiles.map((name) => ({ name, content: fs.readFileSync(path.join(OAB_DIR, name)) }))
  let firstIds: Map<string, number>

  it('imports all 760 questions with exact counts per file, fast', async () => {
    const disciplinesFile = fs.readFileSync(path.join(OAB_DIR, 'disciplinas-oab.json'))
    const d = await contractRequest(t.app)
      .post('/api/v1/admin/disciplines/upload')
      .set(admin.auth)
      .attach('file', disciplinesFile, 'disciplinas-oab.json')
    expect(d.status).toBe(200)
    const started = performance.now()
    const res = await uploadExams(files())
    const elapsed = performance.now() - started
    console.info(`9 provas reais (760 questões) importadas em ${Math.round(elapsed)} ms`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Upload realizado com sucesso!')
    for (const file of res.body.files) expect(file.processed_questions).toBe(expectedCount(file.filename))
    expect(res.body.processed_questions).toBe(760)
    const [n] = await t.db
      .select({ n: count() })
      .from(questions)
      .where(sql`${questions.year} BETWEEN 2010 AND 2012`)
    expect(n.n).toBe(760)
    const annulled = await t.db
      .select({ n: count() })
      .from(questions)
      .where(sql`${questions.correctAnswer} IS NULL AND ${questions.year} < 2013`)
    expect(annulled[0].n).toBe(4)
    expect(elapsed).toBeLessThan(15_000)
    const rows = await t.db.select({ id: questions.id, number: questions.number, examId: questions.examId }).from(questions)
    firstIds = new Map(rows.map((r) => [`${r.examId}:${r.number}`, r.id]))
  })

  it('a second upload without force changes nothing and says the exam exists', async () => {
    const before = await snapshot()
    const res = await uploadExams(files().slice(0, 1))
    expect(res.status).toBe(422)
    expect(res.body.files[0].validations[0].item).toBe('cabeçalho')
    expect(res.body.files[0].validations[0].errors[0].message).toMatch(/^linha 2: Prova já importada: Exame de Ordem Unificado 2010\.2/)
    expect(await snapshot()).toEqual(before)
  })

  it('with force replaces in place, keeping ids, and marks missing questions removed', async () => {
    const original = fs.readFileSync(path.join(OAB_DIR, oabFiles[0]), 'utf8')
    // Drop the last question and change the first statement.
    const lastStart = original.lastIndexOf('\nQUESTAO:')
    const edited = original.slice(0, lastStart).replace('O Congresso Nacional e suas respectivas Casas', 'ALTERADO: o Congresso Nacional')
    const res = await uploadExams([{ name: oabFiles[0], content: Buffer.from(edited) }], true)
    expect(res.status).toBe(200)
    expect(res.body.files[0]).toMatchObject({ processed_questions: 99, created: 0, updated: 99, removed: 1 })
    const rows = await t.db.select({ id: questions.id, number: questions.number, examId: questions.examId }).from(questions)
    for (const r of rows) if (firstIds.has(`${r.examId}:${r.number}`)) expect(r.id).toBe(firstIds.get(`${r.examId}:${r.number}`))
    expect(rows.length).toBe(firstIds.size)
    const removed = await t.db.select().from(questions).where(isNotNull(questions.removedAt))
    expect(removed.map((r) => r.number)).toEqual([100])
    const changed = await t.db
      .select()
      .from(questions)
      .where(sql`${questions.statement} LIKE 'ALTERADO:%'`)
    expect(changed).toHaveLength(1)
    // Uploading the full file again brings question 100 back, same id.
    const back = await uploadExams(files().slice(0, 1), true)
    expect(back.body.files[0]).toMatchObject({ updated: 100, created: 0, removed: 0 })
    expect(await t.db.select().from(questions).where(isNotNull(questions.removedAt))).toHaveLength(0)
  })

  it('a search finds a known statement of the imported exams', async () => {
    const res = await contractRequest(t.app)
      .get('/api/v1/questions/search')
      .query({ search_term: 'obrigatoriedade deliberação plenária tribunais' })
      .set(student.auth)
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body.data)).toContain('A obrigatoriedade ou necessidade de deliberação plenária dos tribunais')
  })

  it('a failed file leaves the database unchanged while a good one in the same upload imports', async () => {
    const before = await snapshot()
    const bad = fs
      .readFileSync(path.join(OAB_DIR, oabFiles[1]), 'utf8')
      .replace('PROVA: Exame de Ordem Unificado 2010.3', 'PROVA: Outra prova')
      .replace(/GABARITO: C/, 'GABARITO: F')
    const res = await uploadExams([
      { name: 'ruim.txt', content: Buffer.from(bad) },
      { name: 'boa.txt', content: small({ prova: 'Boa prova' }) },
    ])
    expect(res.status).toBe(422)
    expect(res.body.files[0].success).toBe(false)
    expect(res.body.files[0].validations[0].errors[0].message).toMatch(/^linha \d+: GABARITO "F" não corresponde a nenhuma alternativa$/)
    expect(res.body.files[1].success).toBe(true)
    const after = await snapshot()
    expect(after).toEqual({ ...before, questions: before.questions + 1, exams: before.exams + 1 })
  })

  it('the dashboard reports figures from the database', async () => {
    const stats = await contractRequest(t.app).get('/api/v1/admin/dashboard/stats').set(admin.auth)
    const [live] = await t.db
      .select({ n: count() })
      .from(questions)
      .where(sql`${questions.removedAt} IS NULL`)
    expect(stats.body.data).toMatchObject({ totalQuestions: live.n, totalStudents: 1, totalDisciplines: expect.any(Number) })
    expect(stats.body.data.lastUpdated).toMatch(/^\d{4}-/)
    const byDiscipline = await contractRequest(t.app).get('/api/v1/admin/dashboard/questions-by-discipline').set(admin.auth)
    const etica = byDiscipline.body.data.find((r: { name: string }) => r.name === 'Ética Profissional')
    expect(etica.count).toBe(104)
    const byTopic = await contractRequest(t.app).get('/api/v1/admin/dashboard/questions-by-topic').set(admin.auth)
    expect(byTopic.body.data[0]).toEqual({ discipline: expect.any(String), topic: expect.any(String), count: expect.any(Number) })
  })
})
