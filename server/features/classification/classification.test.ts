import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, exams, questions } from '#server/db/schema'

import { DISCIPLINES, examFile, ORDER } from '../../../tests/support/classify-exams'
import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'

// The classification desk (issue 38 §1, ADR 052): the queue of predicted disciplines, the admin's
// confirmations (labels, one transaction), the per-exam report, the re-prediction (apply) and the
// retraining on the bank's labels that makes a discipline the shipped model lacks predictable.

type Ctx = Awaited<ReturnType<typeof createTestContext>>
type User = Awaited<ReturnType<typeof createTestUser>>

function clientOf(t: Ctx) {
  return (method: 'get' | 'post', url: string, auth?: Record<string, string>) => {
    const r = contractRequest(t.app)[method](`/api/v1${url}`)
    return auth ? r.set(auth) : r
  }
}

async function upload(t: Ctx, admin: User, name: string, file: Buffer) {
  const res = await contractRequest(t.app)
    .post('/api/v1/admin/questions/upload-exam-txt')
    .set(admin.auth)
    .attach('file', file, `${name}.txt`)
  expect(res.status).toBe(200)
  return res.body.files[0]
}

async function rowsOf(t: Ctx, examName: string) {
  return t.db
    .select({
      id: questions.id,
      number: questions.number,
      discipline: disciplines.name,
      disciplineId: questions.disciplineId,
      source: questions.disciplineSource,
      confidence: questions.disciplineConfidence,
    })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
    .where(eq(exams.name, examName))
    .orderBy(questions.number)
}

describe('the queue, confirmations and the report (the shipped model)', () => {
  let t: Ctx
  let admin: User
  let student: User
  let api: ReturnType<typeof clientOf>
  let ids: Record<string, number>

  beforeAll(async () => {
    t = await createTestContext()
    api = clientOf(t)
    admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    student = await createTestUser(t.ctx)
    await contractRequest(t.app).post('/api/v1/admin/disciplines/upload').set(admin.auth).attach('file', DISCIPLINES, 'd.json').expect(200)
    ids = Object.fromEntries((await t.db.select().from(disciplines)).map((d) => [d.name, d.id]))
    // Half labelled by the file, half for the model: the shipped one (the bank has one exam).
    const result = await upload(t, admin, 'Prova A', examFile('Prova A', 1, { perBlock: 5, label: (_, n) => n % 2 === 0 }))
    expect(result).toMatchObject({ success: true, processed_questions: 20 })
    expect(result.predicted_disciplines).toBeGreaterThan(0)
  })
  afterAll(() => t.close())

  it('is for admins only: a visitor gets 401, a student 403', async () => {
    for (const [method, url] of [
      ['get', '/admin/classification'],
      ['post', '/admin/classification/reviews'],
      ['get', '/admin/classification/report'],
      ['post', '/admin/classification/apply'],
    ] as const) {
      expect((await api(method, url)).status).toBe(401)
      expect((await api(method, url, student.auth)).status).toBe(403)
    }
  })

  it('lists the predicted questions least confident first, with totals, the model and the filters’ choices', async () => {
    const res = await api('get', '/admin/classification', admin.auth)
    expect(res.status).toBe(200)
    const stored = (await rowsOf(t, 'Prova A')).filter((r) => r.source === 'prediction')
    expect(res.body.total).toBe(stored.length)
    expect(res.body.totals.predicted).toBe(stored.length)
    expect(res.body.totals.confident + res.body.totals.to_review).toBe(stored.length)
    const confidences = res.body.data.map((r: { confidence: number }) => r.confidence)
    expect(confidences).toEqual([...confidences].sort((a, b) => a - b))
    // The bank's labels learnt on top of the shipped model's nine exams (issue 63 §1).
    expect(res.body.model).toMatchObject({ origin: 'bank', error: null, trained_on: { exams: 10 } })
    expect(res.body.data[0]).toMatchObject({ exam: { name: 'Prova A', year: 2024 }, excerpt: expect.stringMatching(/^Sobre /) })
    for (const row of res.body.data) expect(row.confident).toBe(row.confidence >= res.body.model.threshold)
    expect(res.body.exams).toEqual([expect.objectContaining({ name: 'Prova A', predicted: stored.length })])
    expect(res.body.disciplines.map((d: { name: string }) => d.name)).not.toContain('Não classificada')
  })

  it('filters by exam, discipline and low confidence; a bad filter is a 400 in Portuguese', async () => {
    const first = (await api('get', '/admin/classification', admin.auth)).body.data[0]
    const byDiscipline = await api('get', `/admin/classification?discipline_id=${first.discipline.id}`, admin.auth)
    expect(byDiscipline.body.data.every((r: { discipline: { id: number } }) => r.discipline.id === first.discipline.id)).toBe(true)
    const low = await api('get', '/admin/classification?confidence=baixa', admin.auth)
    expect(low.body.total).toBe(low.body.totals.to_review)
    expect(low.body.data.every((r: { confident: boolean }) => !r.confident)).toBe(true)
    const otherExam = await api('get', `/admin/classification?exam_id=${first.exam.id + 1000}`, admin.auth)
    expect(otherExam.body).toMatchObject({ total: 0, data: [] })
    const bad = await api('get', '/admin/classification?confidence=alta', admin.auth)
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Confiança inválida: use todas ou baixa.')
    expect((await api('get', '/admin/classification?exam_id=abc', admin.auth)).body.error).toBe('Prova inválida.')
  })

  it('confirms many in one call: each becomes a review label without confidence; the queue shrinks', async () => {
    const before = (await api('get', '/admin/classification', admin.auth)).body
    const [a, b] = before.data
    const other = Object.values(ids).find((id) => id !== b.discipline.id)!
    const res = await api('post', '/admin/classification/reviews', admin.auth).send({
      items: [
        { question_id: a.id, discipline_id: a.discipline.id },
        { question_id: b.id, discipline_id: other },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: '2 classificações confirmadas.', reviewed: 2, changed: 1 })
    const rows = await t.db
      .select()
      .from(questions)
      .where(inArray(questions.id, [a.id, b.id]))
      .orderBy(questions.id)
    expect(rows.map((r) => [r.id, r.disciplineId, r.disciplineSource, r.disciplineConfidence])).toEqual(
      [
        [a.id, a.discipline.id, 'review', null],
        [b.id, other, 'review', null],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    )
    const after = (await api('get', '/admin/classification', admin.auth)).body
    expect(after.total).toBe(before.total - 2)
    expect(after.data.map((r: { id: number }) => r.id)).not.toContain(a.id)
  })

  it('writes nothing when a question or a discipline is unknown, or the target is "Não classificada"', async () => {
    const [a] = (await api('get', '/admin/classification', admin.auth)).body.data
    const [unclassified] = await t.db
      .insert(disciplines)
      .values({ name: 'Não classificada', nameKey: 'nao classificada' })
      .onConflictDoUpdate({ target: disciplines.nameKey, set: { name: 'Não classificada' } })
      .returning()
    const other = Object.values(ids).find((id) => id !== a.discipline.id)!
    const tries = [
      {
        items: [
          { question_id: a.id, discipline_id: other },
          { question_id: 999_999, discipline_id: other },
        ],
        status: 404,
        error: 'Questão não encontrada: 999999. Nenhuma classificação foi salva.',
      },
      {
        items: [{ question_id: a.id, discipline_id: 999_999 }],
        status: 422,
        error: 'Disciplina não encontrada: 999999. Nenhuma classificação foi salva.',
      },
      {
        items: [{ question_id: a.id, discipline_id: unclassified.id }],
        status: 422,
        error: '"Não classificada" não é uma disciplina para confirmar. Nenhuma classificação foi salva.',
      },
      { items: [], status: 400, error: 'Selecione pelo menos uma questão.' },
      {
        items: [
          { question_id: a.id, discipline_id: other },
          { question_id: a.id, discipline_id: other },
        ],
        status: 400,
        error: 'Cada questão só pode aparecer uma vez.',
      },
    ]
    for (const attempt of tries) {
      const res = await api('post', '/admin/classification/reviews', admin.auth).send({ items: attempt.items })
      expect(res.status).toBe(attempt.status)
      expect(res.body.error).toBe(attempt.error)
    }
    const [row] = await t.db.select().from(questions).where(eq(questions.id, a.id))
    expect(row).toMatchObject({ disciplineId: a.discipline.id, disciplineSource: 'prediction', disciplineConfidence: a.confidence })
  })

  it('reports per exam who set the disciplines', async () => {
    const res = await api('get', '/admin/classification/report', admin.auth)
    expect(res.status).toBe(200)
    const rows = await rowsOf(t, 'Prova A')
    // A prediction of one of the OAB's disciplines the bank lacked created it (issue 63 §1): none stays unclassified.
    const unclassified = rows.filter((r) => r.discipline === 'Não classificada').length
    expect(unclassified).toBe(0)
    const count = (source: string) => rows.filter((r) => r.source === source && r.discipline !== 'Não classificada').length
    expect(res.body.exams).toEqual([
      expect.objectContaining({ name: 'Prova A', total: 20, file: count('file'), review: 2, predicted: count('prediction'), unclassified }),
    ])
    expect([count('file'), count('prediction') + 2 + unclassified]).toEqual([10, 10])
    expect(res.body.totals).toMatchObject({ total: 20, file: count('file'), review: 2, unclassified })
  })

  it('students see a predicted discipline as “classificação automática” in the details, and the discipline filter finds it', async () => {
    const [row] = (await rowsOf(t, 'Prova A')).filter((r) => r.source === 'prediction')
    const details = await api('get', `/questions/${row.id}/details`, student.auth)
    expect(details.status).toBe(200)
    expect(details.body.data).toMatchObject({ discipline_name: row.discipline, discipline_source: 'prediction' })
    const search = await api('get', `/questions/search?discipline_ids=${row.disciplineId}&per_page=100`, student.auth)
    expect(search.status).toBe(200)
    expect(search.body.data.map((q: { id: number }) => q.id)).toContain(row.id)
  })
})

describe('retraining on the bank’s labels, and apply', () => {
  let t: Ctx
  let admin: User
  let api: ReturnType<typeof clientOf>

  beforeAll(async () => {
    t = await createTestContext()
    api = clientOf(t)
    admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    await contractRequest(t.app).post('/api/v1/admin/disciplines/upload').set(admin.auth).attach('file', DISCIPLINES, 'd.json').expect(200)
  })
  afterAll(() => t.close())

  it('a discipline the shipped model does not know becomes predictable once the bank has enough labelled exams', async () => {
    // Before: the shipped model knows no "Direito Espacial".
    await upload(t, admin, 'Antes', examFile('Antes', 7, { perBlock: 5, label: (d) => d !== 'Direito Espacial' }))
    const before = await rowsOf(t, 'Antes')
    const space = before.filter((r) => r.number > 15)
    expect(space.every((r) => r.discipline !== 'Direito Espacial')).toBe(true)

    // Three labelled exams (240 questions): the bank's own model.
    for (const [i, name] of ['Rotulada 1', 'Rotulada 2', 'Rotulada 3'].entries()) await upload(t, admin, name, examFile(name, 100 + i))
    // An exam whose every question is unlabelled.
    const result = await upload(t, admin, 'Sem rótulos', examFile('Sem rótulos', 42, { label: () => false }))
    expect(result).toMatchObject({ success: true, predicted_disciplines: 80 })
    const rows = await rowsOf(t, 'Sem rótulos')
    const right = rows.filter((r) => r.discipline === ORDER[Math.floor((r.number - 1) / 20)])
    expect(right.length).toBeGreaterThanOrEqual(76)
    expect(rows.filter((r) => r.number > 60).every((r) => r.discipline === 'Direito Espacial' && r.source === 'prediction')).toBe(true)

    const report = await api('get', '/admin/classification/report', admin.auth)
    // The shipped model's 16 disciplines and the bank's "Direito Espacial", learnt on top of its 760 questions.
    expect(report.body.model).toMatchObject({ origin: 'bank', disciplines: 17, error: null })
    expect(report.body.model.trained_on.questions).toBeGreaterThanOrEqual(760 + 255)
  })

  it('apply re-predicts the predicted questions with the current model and never touches file or review labels', async () => {
    const before = await rowsOf(t, 'Antes')
    const labelled = before.filter((r) => r.source === 'file')
    // An admin's review: kept by apply too.
    const reviewed = before.find((r) => r.source === 'prediction')!
    await api('post', '/admin/classification/reviews', admin.auth)
      .send({ items: [{ question_id: reviewed.id, discipline_id: labelled[0].disciplineId }] })
      .expect(200)
    const res = await api('post', '/admin/classification/apply', admin.auth)
    expect(res.status).toBe(200)
    expect(res.body.model.origin).toBe('bank')
    // The "Direito Espacial" block of "Antes" was predicted by the shipped model: now it is right.
    const moved = res.body.changed.filter((c: { exam: string }) => c.exam === 'Antes')
    expect(moved.length).toBeGreaterThan(0)
    expect(moved.every((c: { to: string; number: number }) => c.to === 'Direito Espacial' && c.number > 15)).toBe(true)
    expect(res.body.message).toMatch(/disciplinas? mudou|disciplinas mudaram/)
    const after = await rowsOf(t, 'Antes')
    for (const r of labelled) expect(after.find((a) => a.id === r.id)).toEqual(r)
    expect(after.find((a) => a.id === reviewed.id)).toMatchObject({ source: 'review', disciplineId: labelled[0].disciplineId })
    expect(after.filter((r) => r.number > 15 && r.id !== reviewed.id).every((r) => r.discipline === 'Direito Espacial')).toBe(true)
    // A second apply finds nothing to change.
    const again = await api('post', '/admin/classification/apply', admin.auth)
    expect(again.body).toMatchObject({ changed: [], message: 'Nenhuma disciplina mudou.' })
  })
})

describe('a shipped model that is missing or corrupt', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-model-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  for (const [kind, write, message] of [
    [
      'missing',
      () => path.join(dir, 'nao-existe.json'),
      /^Modelo de disciplinas não encontrado em .*nao-existe\.json; as questões sem disciplina ficam sem previsão$/,
    ],
    [
      'corrupt',
      () => {
        const file = path.join(dir, 'quebrado.json')
        fs.writeFileSync(file, '{"format": "gabarita-discipline-model", ')
        return file
      },
      /^Modelo de disciplinas corrompido em .*quebrado\.json \(JSON inválido: .*\); as questões sem disciplina ficam sem previsão$/,
    ],
  ] as const) {
    it(`${kind}: the import keeps "Não classificada", the queue says why, apply is a 422 in Portuguese; the bank's own model then takes over`, async () => {
      const t = await createTestContext({ DISCIPLINE_MODEL_FILE: write() })
      try {
        const api = clientOf(t)
        const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
        await contractRequest(t.app)
          .post('/api/v1/admin/disciplines/upload')
          .set(admin.auth)
          .attach('file', DISCIPLINES, 'd.json')
          .expect(200)
        const result = await upload(t, admin, 'Sem modelo', examFile('Sem modelo', 5, { perBlock: 5, label: () => false }))
        expect(result.prediction_warning).toMatch(message)
        expect((await rowsOf(t, 'Sem modelo')).every((r) => r.discipline === 'Não classificada')).toBe(true)
        const queue = await api('get', '/admin/classification', admin.auth)
        expect(queue.status).toBe(200)
        // The unclassified are in the queue, for the desk to classify by hand (issue 63 §1).
        expect(queue.body).toMatchObject({
          total: 20,
          totals: { predicted: 0, unclassified: 20 },
          model: { origin: null, threshold: null },
        })
        expect(queue.body.model.error).toMatch(message)
        const report = await api('get', '/admin/classification/report', admin.auth)
        expect(report.body.totals).toMatchObject({ total: 20, unclassified: 20 })
        const apply = await api('post', '/admin/classification/apply', admin.auth)
        expect(apply.status).toBe(422)
        expect(apply.body.error).toMatch(message)

        for (const [i, name] of ['R1', 'R2', 'R3'].entries()) await upload(t, admin, name, examFile(name, 200 + i))
        const applied = await api('post', '/admin/classification/apply', admin.auth)
        expect(applied.status).toBe(200)
        expect(applied.body).toMatchObject({ examined: 20, model: { origin: 'bank' } })
        const rows = await rowsOf(t, 'Sem modelo')
        expect(rows.every((r) => r.source === 'prediction' && r.discipline !== 'Não classificada')).toBe(true)
        expect(rows.filter((r) => r.discipline === ORDER[Math.floor((r.number - 1) / 5)]).length).toBeGreaterThanOrEqual(18)
      } finally {
        await t.close()
      }
    })
  }
})
