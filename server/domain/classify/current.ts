import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { disciplines, questions } from '../../db/schema'
import { nextTurn } from '../../db/turn'
import { UNCLASSIFIED_KEY } from '../import/parse-exam'
import { nameKey } from '../text'
import { defaultModel, defaultModelPath, loadModelFile } from './load'
import type { BookletQuestion, ModelData } from './model'
import { DisciplineModel, TrainingSet, trainModelInTurns } from './model'

/**
 * The model the bank classifies with (ADR 052, 087): the shipped model with the bank's own labelled
 * questions (source 'file' or 'review', never "Não classificada") learnt on top, one booklet per
 * exam in number order; the shipped model alone while the bank has no label. It is retrained
 * lazily: a cheap "labels version" is read from the database and the model is rebuilt only when
 * that moved and someone needs it (an import with unlabelled questions, the CLI's apply). The
 * queue listing never trains: it reads `lastModel` (the one in memory, else the shipped one).
 */

/** Without a shipped model to learn on, leave-one-exam-out tuning needs three exams (ADR 051). */
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

/** The same, on the questions table alone (the unclassified bucket by id). */
function labelledIds() {
  return and(
    inArray(questions.disciplineSource, ['file', 'review']),
    isNull(questions.removedAt),
    sql`${questions.disciplineId} NOT IN (SELECT id FROM disciplines WHERE name_key = ${UNCLASSIFIED_KEY})`,
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

/** What a bank's model learns from: the disciplines, then its labelled booklets one exam at a time. */
export type TrainingBooklets = { names: string[]; booklets: AsyncIterable<BookletQuestion[]> }

/**
 * The bank's labelled booklets, read one exam at a time as they are consumed (a large bank is never
 * read whole, and on PGlite no read holds the event loop long), or null when it has none to learn
 * from: no labels, or, without a base model, too few of them or fewer than two disciplines.
 * `known`: the labels' counts, when just read.
 */
export async function readTrainingBooklets(
  db: Db,
  base: ModelData | null,
  known?: { exams: number; questions: number },
): Promise<TrainingBooklets | null> {
  const labelled = known ?? (await labelsVersion(db))
  if (!canTrain(labelled, base)) return null
  // Which exams hold labels, under which disciplines and how many: grouped by ids (by names it
  // was a 120 ms block of PGlite's thread on 5,000 questions), the names read apart.
  const [pairs, named] = await Promise.all([
    db
      .select({ examId: questions.examId, disciplineId: questions.disciplineId, count: sql<number>`count(*)::int` })
      .from(questions)
      .where(labelledIds())
      .groupBy(questions.examId, questions.disciplineId),
    db.select({ id: disciplines.id, name: disciplines.name }).from(disciplines),
  ])
  const nameOf = new Map(named.map((d) => [d.id, d.name]))
  const { exams, names } = trainingExams(pairs.map((p) => ({ examId: p.examId, name: nameOf.get(p.disciplineId)!, count: p.count })))
  // On a base, the classes are the base's and the bank's (issue 63 §1: a discipline the shipped
  // model never saw, as Filosofia do Direito, is learnt from the bank's labels).
  const classes = base ? unionByKey(base.disciplines, names) : names
  if (classes.length < 2) return null
  async function* booklets() {
    for (const examId of exams) {
      // A turn before each exam (nextTurn): without, feeding 5,000 questions to the worker held the loop 780 ms.
      await nextTurn()
      yield await db
        .select({
          number: questions.number,
          statement: questions.statement,
          alternatives: questions.alternatives,
          discipline: disciplines.name,
        })
        .from(questions)
        .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
        .where(and(labelledWhere(), eq(questions.examId, examId)))
    }
  }
  return { names: classes, booklets: booklets() }
}

function unionByKey(first: string[], second: string[]) {
  const keys = new Set(first.map(nameKey))
  return [...first, ...second.filter((name) => !keys.has(nameKey(name)))]
}

/** A bank on the shipped model learns from any label; without one, it needs about three exams (ADR 052). */
function canTrain(labelled: { exams: number; questions: number }, base: ModelData | null) {
  return base ? labelled.questions > 0 : labelled.exams >= MIN_TRAINING_EXAMS && labelled.questions >= MIN_TRAINING_QUESTIONS
}

/** A model from labelled booklets, on `base` when given; null when it cannot be learnt. */
export async function trainOnBooklets(training: TrainingBooklets, base: ModelData | null): Promise<DisciplineModel | null> {
  try {
    // A label added meanwhile under a new discipline waits for the next training.
    const set = new TrainingSet(training.names)
    for await (const booklet of training.booklets) {
      // Reading the texts is most of the work on a base: the reader gives the loop a turn per exam.
      set.add(booklet)
    }
    return await trainModelInTurns(set, base ? { base } : {})
  } catch {
    // The shipped model instead: a bank that cannot be learnt never stops an import.
    return null
  }
}

/**
 * The bank's own model, trained on its labelled questions on top of the shipped model (issue 63
 * §1), or null when the bank cannot teach one.
 */
export async function trainBankModel(db: Db, base: ModelData | null, known?: { exams: number; questions: number }) {
  const training = await readTrainingBooklets(db, base, known)
  return training && trainOnBooklets(training, base)
}

/** Trains a database's model somewhere else and hands back its data (ADR 076), on the base given. */
export type ModelTrainer = (base: ModelData | null) => Promise<ModelData | null>

const trainers = new WeakMap<object, ModelTrainer>()

/**
 * Every training of this database's model runs through `trainer` from now on: the server trains
 * in a worker thread (ADR 076, issue 63 §1), and only the model's data reaches this thread.
 */
export function trainElsewhere(db: Db, trainer: ModelTrainer) {
  trainers.set(db, trainer)
}

async function build(
  db: Db,
  labelled: { exams: number; questions: number },
  modelFile: string | undefined,
  previous: CurrentModel | null,
): Promise<CurrentModel> {
  const loaded = shipped(modelFile)
  const base = loaded.ok ? loaded.model.data : null
  if (canTrain(labelled, base)) {
    const trainer = trainers.get(db)
    const model = trainer ? await trainer(base).then((data) => data && new DisciplineModel(data)) : await trainBankModel(db, base, labelled)
    if (model) return { ok: true, model, origin: 'bank', labelled }
    // A training that failed keeps the bank's model it had (issue 63 §1), else the shipped one.
    if (previous?.ok && previous.origin === 'bank') return previous
  }
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
      const pending = build(db, { exams: version.exams, questions: version.questions }, options.modelFile, state.last)
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
