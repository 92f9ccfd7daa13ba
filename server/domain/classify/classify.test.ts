import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { OAB_DIR } from '../../../tests/support/oab'
import { MIN_TRAINING_EXAMS, TRAINING_QUESTIONS, trainingExams } from './current'
import { readDisciplineNames, readExamFolder } from './exam-folder'
import { defaultModel, defaultModelPath, loadModelFile } from './load'
import type { BookletQuestion } from './model'
import { DisciplineModel, MAX_TUNING_FOLDS, TrainingSet, trainModel, trainModelInTurns, tuneThreshold } from './model'
import { learnSequence, posteriors } from './sequence'
import { features, words } from './tokenize'

// The discipline classifier (ADR 051): tokens, the booklet model, the threshold, the shipped
// model's file, and predictions on a real exam the model never saw.

describe('tokens', () => {
  it('folds accents and case, drops stopwords, keeps statute markers and law numbers', () => {
    expect(words('Consoante o Art. 5º da CF e a Lei nº 8.906/94, assinale a alternativa CORRETA.')).toEqual([
      'consoante',
      'art',
      'cf',
      'lei',
      '8906',
    ])
    expect(words('Nos termos da CLT e do CPC, a ação trabalhista')).toEqual(['termos', 'clt', 'cpc', 'acao', 'trabalhista'])
    expect(features('código civil')).toEqual(['codigo', 'civil', 'codigo_civil'])
  })
})

describe('the booklet model', () => {
  it('pulls an ambiguous question into the block around it', () => {
    const sequence = learnSequence([], 2, { order: 'stay', stay: 0.9 })
    // Three questions clearly of class 0, then one that leans a little to class 1.
    const strong = Float64Array.from([0, -10])
    const weak = Float64Array.from([-1, 0])
    const result = posteriors([strong, strong, weak, strong], sequence)
    expect(result[2][0]).toBeGreaterThan(0.9)
    for (const row of result) expect(row[0] + row[1]).toBeCloseTo(1, 9)
  })

  it('with no order, each question keeps its own evidence', () => {
    const sequence = learnSequence([], 2, { order: 'none' })
    const result = posteriors([Float64Array.from([0, -10]), Float64Array.from([-1, 0])], sequence)
    expect(result[1][1]).toBeCloseTo(1 / (1 + Math.exp(-1)), 9)
  })
})

describe('which exams the bank trains on', () => {
  const exam = (examId: number, count: number, ...names: string[]) => names.map((name) => ({ examId, name, count }))

  it('a bank under the limit: every exam, in id order', () => {
    const pairs = [...exam(3, 80, 'Civil', 'Penal'), ...exam(1, 80, 'Civil'), ...exam(2, 80, 'Penal')]
    expect(trainingExams(pairs)).toEqual({ exams: [1, 2, 3], names: ['Civil', 'Penal'] })
  })

  it(`a large bank: the newest exams up to ${TRAINING_QUESTIONS} questions, then the newest of a discipline they lack`, () => {
    const half = TRAINING_QUESTIONS / 2
    const pairs = [
      ...exam(1, 500, 'Tributário'),
      ...exam(2, 500, 'Tributário'),
      ...exam(3, half, 'Civil'),
      ...exam(4, half, 'Civil', 'Penal'),
      ...exam(5, half, 'Penal'),
      ...exam(6, half, 'Civil'),
    ]
    // 6 and 5 reach the limit, 4 makes the minimum of three exams, 3 adds nothing new, 2 brings Tributário.
    expect(MIN_TRAINING_EXAMS).toBe(3)
    expect(trainingExams(pairs)).toEqual({ exams: [2, 4, 5, 6], names: ['Civil', 'Penal', 'Tributário'] })
  })
})

describe('the threshold', () => {
  it('is the lowest confidence whose confident predictions reach the target', () => {
    const scored = [
      { right: true, confidence: 0.99 },
      { right: true, confidence: 0.95 },
      { right: false, confidence: 0.9 },
      { right: true, confidence: 0.8 },
    ]
    expect(tuneThreshold(scored, 1)).toBe(0.95)
    expect(tuneThreshold(scored, 0.75)).toBe(0.8)
    expect(tuneThreshold([{ right: false, confidence: 0.5 }], 0.9)).toBe(1)
  })
})

describe('the model file', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-model-'))

  it('a missing, corrupt or foreign file gives a Portuguese reason, never an exception', () => {
    const missing = loadModelFile(path.join(tmp, 'nao-existe.json'))
    expect(missing).toEqual({ ok: false, error: expect.stringMatching(/^Modelo de disciplinas não encontrado em .*sem previsão$/) })
    fs.writeFileSync(path.join(tmp, 'corrupt.json'), '{"format": "gabarita-discipline-model", ')
    expect(loadModelFile(path.join(tmp, 'corrupt.json'))).toEqual({
      ok: false,
      error: expect.stringMatching(/^Modelo de disciplinas corrompido em .*JSON inválido/),
    })
    fs.writeFileSync(path.join(tmp, 'other.json'), JSON.stringify({ disciplinas: [] }))
    expect(loadModelFile(path.join(tmp, 'other.json'))).toEqual({
      ok: false,
      error: expect.stringMatching(/^Modelo de disciplinas inválido em .*\(format: /),
    })
    const shipped = JSON.parse(fs.readFileSync(defaultModelPath(), 'utf8'))
    shipped.sequence.transitions.pop()
    expect(DisciplineModel.fromJson(shipped)).toEqual({ ok: false, reason: expect.stringContaining('não bate') })
  })

  it('the shipped model loads, is small and round-trips', () => {
    const loaded = defaultModel()
    if (!loaded.ok) throw new Error(loaded.error)
    expect(fs.statSync(defaultModelPath()).size).toBeLessThan(1.5 * 1024 * 1024)
    expect(loaded.model.disciplines).toHaveLength(16)
    const again = DisciplineModel.fromJson(JSON.parse(JSON.stringify(loaded.model.toJson())))
    expect(again.ok).toBe(true)
  })
})

describe('on real exams', () => {
  it('predicts a held-out exam, keeps the file’s own labels, and its confident predictions are right', () => {
    const exams = readExamFolder(OAB_DIR, new Date('2026-11-28T12:00:00Z'))
    const disciplines = readDisciplineNames(path.join(OAB_DIR, 'disciplinas-oab.json'))
    const held = exams.find((e) => e.file.startsWith('2012-ix'))!
    const model = trainModel(
      exams.filter((e) => e !== held).map((e) => e.questions),
      disciplines,
      { temperatures: [0.15] },
    )
    const truth = new Map(held.questions.map((q) => [q.number, q.discipline]))
    const blind: BookletQuestion[] = held.questions.map((q) => ({ ...q, discipline: null }))
    const predictions = model.classify(blind)
    const right = predictions.filter((p) => p.discipline === truth.get(p.number)).length
    expect(right / predictions.length).toBeGreaterThanOrEqual(0.9)
    const confident = predictions.filter((p) => p.confident)
    expect(confident.length / predictions.length).toBeGreaterThanOrEqual(0.6)
    expect(confident.filter((p) => p.discipline === truth.get(p.number)).length / confident.length).toBeGreaterThanOrEqual(0.97)
    for (const p of predictions) {
      expect(p.confidence).toBeGreaterThan(0)
      expect(p.confidence).toBeLessThanOrEqual(1)
    }

    // Half the labels kept: those stand, with full confidence, and help the rest.
    const half = held.questions.map((q) => ({ ...q, discipline: q.number % 2 ? q.discipline : null }))
    const mixed = model.classify(half)
    for (const p of mixed.filter((x) => x.number % 2)) expect(p).toMatchObject({ discipline: truth.get(p.number), confidence: 1 })
    expect(mixed.filter((p) => p.discipline === truth.get(p.number)).length).toBeGreaterThanOrEqual(right)
  })

  it('a bank of more exams than folds trains in turns: the server keeps answering, and the model is the same', async () => {
    const exams = readExamFolder(OAB_DIR, new Date('2026-11-28T12:00:00Z'))
    const disciplines = readDisciplineNames(path.join(OAB_DIR, 'disciplinas-oab.json'))
    // Each exam's two halves as booklets of their own: more exams than folds.
    const booklets = exams.flatMap((e) => [e.questions.filter((q) => q.number <= 40), e.questions.filter((q) => q.number > 40)])
    expect(booklets.length).toBeGreaterThan(MAX_TUNING_FOLDS)
    let turns = 0
    const ticker = setInterval(() => turns++, 0)
    const set = new TrainingSet(disciplines)
    for (const booklet of booklets) set.add(booklet)
    const inTurns = await trainModelInTurns(set).finally(() => clearInterval(ticker))
    // A timer runs between the folds (the first fold runs before the loop turns once).
    expect(turns).toBeGreaterThanOrEqual(MAX_TUNING_FOLDS - 1)
    expect(inTurns.toJson()).toEqual(trainModel(booklets, disciplines).toJson())
    expect(inTurns.data.trainedOn).toEqual({ exams: booklets.length, questions: exams.reduce((n, e) => n + e.questions.length, 0) })
  })
})
