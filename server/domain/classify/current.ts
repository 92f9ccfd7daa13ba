import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { disciplines, questions } from '../../db/schema'
import { UNCLASSIFIED_KEY } from '../import/parse-exam'
import { defaultModel, defaultModelPath, loadModelFile } from './load'
import type { ModelData } from './model'
import { DisciplineModel, TrainingSet, trainModelInTurns } from './model'

/**
 * The model the bank classifies with (ADR 052): trained on the bank's own labelled questions
 * (source 'file' or 'review', never "Não classificada"), one booklet per exam in number order,
 * once the bank holds enough of them; the shipped model before that. It is retrained lazily: a
 * cheap "labels version" is read from the database and the model is rebuilt only when that moved
 * and someone needs it (an import with unlabelled questions, the CLI's apply). The queue listing
 * never trains: it reads `lastModel` (the one in memory, else the shipped one).
 */

/** Leave-one-exam-out tuning of the temperature and the threshold needs three exams (ADR 051). */
export const MIN_TRAINING_EXAMS = 3
/** About three real exams: fewer labels than that classify worse than the shipped model. */
export const MIN_TRAINING_QUESTIONS = 200
/**
 * The newest exams' booklets up to about this many questions (ADR 069): 26 times the 760 questions
 * of the nine real OAB exams the shipped model learnt from, a bound on the work, not on any bank seen.
 * Training on a whole 100k bank took 20 s of a core at every start and left 70 MB behind.
 */
export const TRAINING_QUESTIONS = 20_000

export type ModelOrigin = 'bank' | 'shipped'

export type CurrentModel =
  | { ok: true; model: DisciplineModel; origin: ModelOrigin; labelled: { exams: number; questions: number } }
  | { ok: false; error: string; labelled: { exams: number; questions: number } }

type State = { key: string | null; pending: Promise<CurrentModel> | null; last: CurrentModel | null; bumps: number }

// Per database: each test file has its own, and the process has one.
const states = new WeakMap<object, State>()
function stateOf(db: Db) {
  let state = states.get(db)
  if (!state) states.set(db, (state = { key: null, pending: null, last: null, bumps: 0 }))
  return state
}

/** A labelled question: set by the file or a review, under a real discipline, still in the bank. */
function labelledWhere() {
  return and(
    inArray(questions.disciplineSource, ['file', 'review']),
    isNull(questions.removedAt),
    ne(disciplines.nameKey, UNCLASSIFIED_KEY),
  )
}

/** What the labels look like now: changes whenever a label is added, removed or changed. */
async function labelsVersion(db: Db) {
  const [row] = await db
    .select({
      questions: sql<number>`count(*)::int`,
      exams: sql<number>`count(DISTINCT ${questions.examId})::int`,
      at: sql<string | null>`max(${questions.updatedAt})::text`,
      sum: sql<string>`coalesce(sum(${questions.disciplineId}::bigint * (${questions.number} + ${questions.id})), 0)::text`,
    })
    .from(questions)
    .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
    .where(labelledWhere())
  return { exams: Number(row.exams), questions: Number(row.questions), key: `${row.questions}|${row.exams}|${row.at}|${row.sum}` }
}

/** The shipped model: `file` when given (tests, DISCIPLINE_MODEL_FILE), else the one beside this module. */
function shipped(file: string | undefined) {
  return file && file !== defaultModelPath() ? loadModelFile(file) : defaultModel()
}

/**
 * The bank's own model, trained on its labelled questions (one exam's texts at a time: a large bank
 * is never held in memory whole), or null when the bank cannot teach one: too few labels, fewer
 * than two disciplines, or a training that failed. `known`: the labels' counts, when just read.
 */
export async function trainBankModel(db: Db, known?: { exams: number; questions: number }): Promise<DisciplineModel | null> {
  const labelled = known ?? (await labelsVersion(db))
  if (labelled.exams < MIN_TRAINING_EXAMS || labelled.questions < MIN_TRAINING_QUESTIONS) return null
  const ofDiscipline = eq(disciplines.id, questions.disciplineId)
  // Which exams hold labels, under which disciplines and how many: one read for all three.
  const pairs = await db
    .select({ examId: questions.examId, name: disciplines.name, count: sql<number>`count(*)::int` })
    .from(questions)
    .innerJoin(disciplines, ofDiscipline)
    .where(labelledWhere())
    .groupBy(questions.examId, disciplines.name)
  const { exams, names } = trainingExams(pairs)
  if (names.length < 2) return null
  try {
    // A label added meanwhile under a new discipline waits for the next training.
    const set = new TrainingSet(names)
    for (const examId of exams) {
      const booklet = await db
        .select({
          number: questions.number,
          statement: questions.statement,
          alternatives: questions.alternatives,
          discipline: disciplines.name,
        })
        .from(questions)
        .innerJoin(disciplines, ofDiscipline)
        .where(and(labelledWhere(), eq(questions.examId, examId)))
      set.add(booklet)
    }
    return await trainModelInTurns(set)
  } catch {
    // The shipped model instead: a bank that cannot be learnt never stops an import.
    return null
  }
}

/** Trains a database's model somewhere else and hands back its data (ADR 076). */
export type ModelTrainer = () => Promise<ModelData | null>

const trainers = new WeakMap<object, ModelTrainer>()

/**
 * Every training of this database's model runs through `trainer` from now on: the server on
 * PostgreSQL trains in a worker thread (ADR 076), and only the model's data reaches this thread.
 */
export function trainElsewhere(db: Db, trainer: ModelTrainer) {
  trainers.set(db, trainer)
}

async function build(db: Db, labelled: { exams: number; questions: number }, modelFile: string | undefined): Promise<CurrentModel> {
  if (labelled.exams >= MIN_TRAINING_EXAMS && labelled.questions >= MIN_TRAINING_QUESTIONS) {
    const trainer = trainers.get(db)
    const model = trainer ? await trainer().then((data) => data && new DisciplineModel(data)) : await trainBankModel(db, labelled)
    if (model) return { ok: true, model, origin: 'bank', labelled }
  }
  const loaded = shipped(modelFile)
  return loaded.ok ? { ...loaded, origin: 'shipped', labelled } : { ...loaded, labelled }
}

/**
 * The exams a model learns from, in id order: the newest until TRAINING_QUESTIONS (never fewer than
 * MIN_TRAINING_EXAMS), then the newest exam of each discipline none of those has, so every label
 * the bank uses can still be suggested; and the disciplines those exams hold, in pt-BR order.
 */
export function trainingExams(pairs: { examId: number; name: string; count: number }[]) {
  const byExam = new Map<number, { count: number; names: string[] }>()
  for (const p of pairs) {
    const exam = byExam.get(p.examId) ?? { count: 0, names: [] }
    exam.count += p.count
    exam.names.push(p.name)
    byExam.set(p.examId, exam)
  }
  const newestFirst = [...byExam.keys()].sort((a, b) => b - a)
  const chosen = new Set<number>()
  const covered = new Set<string>()
  let total = 0
  for (const id of newestFirst) {
    const exam = byExam.get(id)!
    const needed = total < TRAINING_QUESTIONS || chosen.size < MIN_TRAINING_EXAMS
    if (!needed && exam.names.every((name) => covered.has(name))) continue
    chosen.add(id)
    total += exam.count
    for (const name of exam.names) covered.add(name)
  }
  return { exams: [...chosen].sort((a, b) => a - b), names: [...covered].sort((a, b) => a.localeCompare(b, 'pt-BR')) }
}

/** The model to classify with now, retrained first when the labels changed since the last one. */
export function currentModel(db: Db, options: { modelFile?: string } = {}): Promise<CurrentModel> {
  const state = stateOf(db)
  return labelsVersion(db).then((version) => {
    const key = `${version.key}|${state.bumps}|${options.modelFile ?? ''}`
    if (state.key !== key || !state.pending) {
      state.key = key
      const pending = build(db, { exams: version.exams, questions: version.questions }, options.modelFile)
      state.pending = pending
      void pending.then(
        (result) => {
          if (state.pending === pending) state.last = result
        },
        () => {
          if (state.pending === pending) state.pending = null
        },
      )
    }
    return state.pending
  })
}

/** The model last built for this database, or the shipped one; never trains (the queue's threshold). */
export function lastModel(db: Db, options: { modelFile?: string } = {}): CurrentModel {
  const last = stateOf(db).last
  if (last?.ok) return last
  const loaded = shipped(options.modelFile)
  const labelled = last?.labelled ?? { exams: 0, questions: 0 }
  return loaded.ok ? { ...loaded, origin: 'shipped', labelled } : { ...loaded, labelled }
}

/** A review committed new labels: the next `currentModel` retrains even if the clock stood still. */
export function labelsChanged(db: Db) {
  stateOf(db).bumps++
}

/**
 * Starts building the model for the labels as they are now, once the caller's response is on its
 * way: an import that follows finds it built (or being built) instead of training on its own time
 * ("classification never slows an import by more than 2×", ADR 052). Failures wait for the next call.
 */
export function retrainSoon(db: Db, options: { modelFile?: string } = {}) {
  setImmediate(() => {
    currentModel(db, options).catch(() => undefined)
  })
}
