import fs from 'node:fs'
import path from 'node:path'

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, exams, questions } from '#server/db/schema'
import { readDisciplineNames, readExamFolder } from '#server/domain/classify/exam-folder'
import { trainModel } from '#server/domain/classify/model'
import { importDisciplinesBytes, importExamBytes } from '#server/domain/import/importer'
import { parseExamText } from '#server/domain/import/parse-exam'

import { createTestContext, createTestUser } from '../support/context'
import { contractRequest } from '../support/contract'
import { OAB_DIR } from '../support/oab'

// Issue 38 §1: a real exam whose DISCIPLINA lines say "Não classificada" is imported with the
// disciplines a model trained on the other eight exams predicts (ADR 051); the file's own
// labels always win; with no model the questions stay "Não classificada".

const IX = path.join(OAB_DIR, '2012-ix-exame-de-ordem-unificado.txt')

const now = new Date('2026-11-28T12:00:00Z')
let t: Awaited<ReturnType<typeof createTestContext>>
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(async () => t.close())

/** The IX exam with its labels replaced by "Não classificada" where `strip(number)`, renamed to `name`. */
function stripped(name: string, strip: (n: number) => boolean) {
  let number = 0
  const text = fs
    .readFileSync(IX, 'utf8')
    .replace(/^PROVA: .*$/m, `PROVA: ${name}`)
    .replace(/^(QUESTAO: (\d+))$|^DISCIPLINA: .*$/gm, (line, _q, n) => {
      if (n) {
        number = Number(n)
        return line
      }
      return strip(number) ? 'DISCIPLINA: Não classificada' : line
    })
  return Buffer.from(text)
}

async function stored(examName: string) {
  return t.db
    .select({
      number: questions.number,
      discipline: disciplines.name,
      source: questions.disciplineSource,
      confidence: questions.disciplineConfidence,
    })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
    .where(and(eq(exams.name, examName)))
    .orderBy(questions.number)
}

describe('DISCIPLINA: Não classificada', () => {
  it('parses to no discipline; a missing or empty DISCIPLINA is still refused', () => {
    const file = (line: string) => `PROVA: P\nANO: 2020\nBANCA: FGV\nQUESTAO: 1\n${line}ENUNCIADO:\nTexto\nA) a\nB) b\nGABARITO: A\n`
    const unclassified = parseExamText(file('DISCIPLINA: nao CLASSIFICADA\n'), now)
    expect(unclassified.ok && unclassified.exam.questions[0].discipline).toBe(null)
    expect(parseExamText(file(''), now)).toMatchObject({ ok: false })
    expect(parseExamText(file('DISCIPLINA:\n'), now)).toMatchObject({ ok: false })
  })
})

describe('a real exam without its labels', () => {
  const truth = new Map<number, string>()
  let model: ReturnType<typeof trainModel>

  beforeAll(async () => {
    const all = readExamFolder(OAB_DIR, now)
    const names = readDisciplineNames(path.join(OAB_DIR, 'disciplinas-oab.json'))
    model = trainModel(
      all.filter((e) => !e.file.startsWith('2012-ix')).map((e) => e.questions),
      names,
    )
    for (const q of all.find((e) => e.file.startsWith('2012-ix'))!.questions) truth.set(q.number, q.discipline!)
    const seeded = await importDisciplinesBytes(t.db, 'oab.json', fs.readFileSync(path.join(OAB_DIR, 'disciplinas-oab.json')))
    expect(seeded.success).toBe(true)
  })

  it('stores the predicted disciplines with their confidence; ≥ 90% of them right, the confident ones ≥ 95%', async () => {
    const result = await importExamBytes(
      t.db,
      'ix.txt',
      stripped('IX sem disciplinas', () => true),
      { force: false, now, model },
    )
    expect(result).toMatchObject({ success: true, processed_questions: 80, predicted_disciplines: 80 })
    expect(result.confident_predictions).toBeGreaterThanOrEqual(48)
    expect(result.prediction_warning).toBeUndefined()
    const rows = await stored('IX sem disciplinas')
    expect(rows).toHaveLength(80)
    for (const r of rows) {
      expect(r.source).toBe('prediction')
      expect(r.confidence).toBeGreaterThan(0)
      expect(r.confidence).toBeLessThanOrEqual(1)
    }
    const right = rows.filter((r) => r.discipline === truth.get(r.number))
    expect(right.length / rows.length).toBeGreaterThanOrEqual(0.9)
    const confident = rows.filter((r) => r.confidence! >= model.data.threshold)
    expect(confident.length / rows.length).toBeGreaterThanOrEqual(0.6)
    expect(confident.filter((r) => r.discipline === truth.get(r.number)).length / confident.length).toBeGreaterThanOrEqual(0.95)
  })

  it('keeps the file’s own labels, and a re-upload with them replaces the predictions', async () => {
    const result = await importExamBytes(
      t.db,
      'ix.txt',
      stripped('IX metade', (n) => n % 2 === 0),
      { force: false, now, model },
    )
    expect(result.success).toBe(true)
    const rows = await stored('IX metade')
    for (const r of rows.filter((x) => x.number % 2 === 1))
      expect(r).toMatchObject({ discipline: truth.get(r.number), source: 'file', confidence: null })
    const predicted = rows.filter((x) => x.number % 2 === 0)
    expect(predicted.every((r) => r.source === 'prediction')).toBe(true)
    expect(predicted.filter((r) => r.discipline === truth.get(r.number)).length / predicted.length).toBeGreaterThanOrEqual(0.95)

    const again = await importExamBytes(
      t.db,
      'ix.txt',
      stripped('IX metade', () => false),
      { force: true, now, model },
    )
    expect(again).toMatchObject({ success: true, updated: 80 })
    for (const r of await stored('IX metade'))
      expect(r).toMatchObject({ discipline: truth.get(r.number), source: 'file', confidence: null })
  })

  it('through the upload endpoint, the shipped model predicts and the answer counts the predictions', async () => {
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    const res = await contractRequest(t.app)
      .post('/api/v1/admin/questions/upload-exam-txt')
      .set(admin.auth)
      .attach(
        'file',
        stripped('IX pela API', () => true),
        'ix.txt',
      )
    expect(res.status).toBe(200)
    const file = res.body.files[0]
    expect(file).toMatchObject({ success: true, predicted_disciplines: 80 })
    expect(file.confident_predictions).toBeGreaterThan(0)
    const rows = await stored('IX pela API')
    expect(rows.every((r) => r.source === 'prediction')).toBe(true)
  })

  it('with no model, the questions stay "Não classificada" and the file still imports', async () => {
    const result = await importExamBytes(
      t.db,
      'ix.txt',
      stripped('IX sem modelo', (n) => n <= 3),
      { force: false, now, model: null },
    )
    expect(result.success).toBe(true)
    const rows = await stored('IX sem modelo')
    expect(rows.slice(0, 3).map((r) => [r.discipline, r.source, r.confidence])).toEqual(
      Array.from({ length: 3 }, () => ['Não classificada', 'file', null]),
    )
    expect(rows[3]).toMatchObject({ discipline: truth.get(4), source: 'file' })
  })
})
