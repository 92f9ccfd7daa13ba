import * as z from 'zod'

import { nextTurn } from '../../db/turn'
import { nameKey } from '../text'
import type { NaiveBayesData } from './naive-bayes'
import { NaiveBayes, Vocabulary } from './naive-bayes'
import type { Emissions, Order, SequenceData } from './sequence'
import { learnSequence, posteriors } from './sequence'
import { features, questionText } from './tokenize'

/**
 * Disciplines predicted for the questions of a booklet (ADR 051): naive Bayes over the text,
 * smoothed along the booklet by a hidden Markov model; a prediction is "confident" when its
 * probability reaches the threshold tuned on held-out training exams.
 */

export const MODEL_FORMAT = 'gabarita-discipline-model'

const modelSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.literal(1),
  trainedOn: z.object({ exams: z.number().int(), questions: z.number().int() }),
  disciplines: z.array(z.string().min(1)).min(2),
  naiveBayes: z.object({
    alpha: z.number().positive(),
    docs: z.array(z.number().int().nonnegative()),
    counts: z.record(z.string(), z.array(z.number().int().nonnegative())),
  }),
  /** Weight of the text's log-likelihood against the booklet order (naive Bayes overcounts). */
  temperature: z.number().positive(),
  sequence: z.object({ start: z.array(z.number().positive()), transitions: z.array(z.array(z.number().positive())) }),
  threshold: z.number().min(0).max(1),
})

export type ModelData = z.infer<typeof modelSchema>

function questionFeatures(q: BookletQuestion) {
  return features(questionText(q))
}

/** A booklet to learn from or to classify: its questions in any order, with their numbers. */
export type BookletQuestion = {
  number: number
  statement: string
  alternatives: { text: string }[]
  /** The file's own label: learnt from in training; kept (and used as evidence) when classifying. */
  discipline?: string | null
}

export type Prediction = {
  number: number
  discipline: string
  /** The probability the model gives its discipline, 0..1. */
  confidence: number
  confident: boolean
}

export type TrainOptions = {
  alpha?: number
  /** Terms seen in fewer training questions are left out of the model (its size). */
  minDocs?: number
  stay?: number
  priorWeight?: number
  /** Candidate temperatures, the best on held-out training exams is kept. */
  temperatures?: number[]
  /** Accuracy the confident predictions must reach on held-out training exams. */
  targetAccuracy?: number
  /** What the booklet order contributes (the benchmark measures each). */
  order?: Order
  /**
   * A model to learn on top of (issue 63 §1): the shipped model's counts are added to the bank's
   * labels, so a bank's corrections only add evidence; its temperature and threshold are kept.
   */
  base?: ModelData
}

const DEFAULTS = {
  alpha: 0.1,
  minDocs: 2,
  stay: 0.85,
  priorWeight: 4,
  temperatures: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1],
  targetAccuracy: 0.985,
  order: 'learned' as Order,
} satisfies Required<Omit<TrainOptions, 'base'>>

/** The model's parts, built once per loaded file. */
export class DisciplineModel {
  private readonly nb: NaiveBayes
  private readonly index: Map<string, number>

  constructor(readonly data: ModelData) {
    this.nb = new NaiveBayes(data.naiveBayes)
    this.index = new Map(data.disciplines.map((d, i) => [nameKey(d), i]))
  }

  /** Validates a parsed JSON value; null with the reason when it is not a model. */
  static fromJson(value: unknown): { ok: true; model: DisciplineModel } | { ok: false; reason: string } {
    const parsed = modelSchema.safeParse(value)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return { ok: false, reason: `${issue.path.join('.') || 'raiz'}: ${issue.message}` }
    }
    const data = parsed.data
    const k = data.disciplines.length
    if (data.naiveBayes.docs.length !== k || data.sequence.start.length !== k || data.sequence.transitions.length !== k)
      return { ok: false, reason: `o número de disciplinas (${k}) não bate com o das tabelas` }
    if (data.sequence.transitions.some((row) => row.length !== k)) return { ok: false, reason: 'transições não são uma matriz quadrada' }
    for (const [term, pairs] of Object.entries(data.naiveBayes.counts)) {
      if (pairs.length % 2 || pairs.some((v, i) => i % 2 === 0 && v >= k))
        return { ok: false, reason: `contagens do termo "${term}" inválidas` }
    }
    return { ok: true, model: new DisciplineModel(data) }
  }

  get disciplines() {
    return this.data.disciplines
  }

  /** The class of a discipline name (matched as import-formats §1 matches names), or undefined. */
  classOf(name: string | null | undefined) {
    return name ? this.index.get(nameKey(name)) : undefined
  }

  /** Text log-likelihoods of the questions, in the order given. */
  emissions(questions: BookletQuestion[]): Emissions {
    return this.emissionsOf(questions.map(questionFeatures))
  }

  /** The same, of questions whose features are already read. */
  emissionsOf(features: string[][]): Emissions {
    return features.map((list) => this.nb.logLikelihood(list))
  }

  /**
   * Every question of one booklet gets a discipline: its own label when the file gives a known
   * one (the label also steers its neighbours), else the model's.
   */
  classify(questions: BookletQuestion[]): Prediction[] {
    const ordered = [...questions].sort((a, b) => a.number - b.number)
    const known = ordered.map((q) => this.classOf(q.discipline))
    const probabilities = decode(this.emissions(ordered), known, this.data.sequence, this.data.temperature)
    return ordered.map((q, t) => {
      const row = probabilities[t]
      const best = argmax(row)
      return {
        number: q.number,
        discipline: this.data.disciplines[best],
        confidence: row[best],
        confident: row[best] >= this.data.threshold,
      }
    })
  }

  toJson(): ModelData {
    return this.data
  }
}

/**
 * Posteriors along the booklet: the text's emissions sharpened by `temperature`, and a question
 * whose class is known (`known[t]`, its label in the file) pinned to it. Training reads its
 * held-out exams blind: no class known.
 */
function decode(emissions: Emissions, known: readonly (number | undefined)[], sequence: SequenceData, temperature: number) {
  const scaled = emissions.map((row, t) => {
    const label = known[t]
    if (label !== undefined) return row.map((_, c) => (c === label ? 0 : -Infinity))
    return row.map((v) => v * temperature)
  })
  return posteriors(scaled, sequence)
}

/** The most probable class of a row (the first of equals). */
function argmax(row: ArrayLike<number>) {
  let best = 0
  for (let c = 1; c < row.length; c++) if (row[c] > row[best]) best = c
  return best
}

type LabelledBooklet = BookletQuestion[]

/** A booklet as training reads it: in number order, each question's terms and class (undefined: none of the disciplines). */
type PreparedBooklet = { number: number; terms: Int32Array; label: number | undefined }[]

/**
 * Leave-one-exam-out tuning fits a model per exam: on a bank of a hundred exams that was minutes
 * of the server's time at every start. Past this many exams they are held out in this many groups
 * (k-fold by exam), which is the same thing for the nine OAB exams and a tenth of the work at a hundred.
 */
export const MAX_TUNING_FOLDS = 10

/**
 * The labelled booklets a model learns from, read into term ids as they are added: a caller with
 * a large bank adds one exam at a time and never holds the bank's texts all at once.
 */
export class TrainingSet {
  readonly vocabulary = new Vocabulary()
  readonly booklets: PreparedBooklet[] = []
  private readonly index: Map<string, number>

  constructor(readonly disciplines: string[]) {
    this.index = new Map(disciplines.map((d, i) => [nameKey(d), i]))
  }

  add(booklet: LabelledBooklet) {
    const ordered = [...booklet].sort((x, y) => x.number - y.number)
    this.booklets.push(
      ordered.map((q) => ({
        number: q.number,
        terms: this.vocabulary.idsOf(questionFeatures(q)),
        label: q.discipline ? this.index.get(nameKey(q.discipline)) : undefined,
      })),
    )
  }
}

function fit(
  set: TrainingSet,
  booklets: PreparedBooklet[],
  options: typeof DEFAULTS,
  temperature: number,
  threshold: number,
  base?: ModelData,
) {
  const { disciplines, vocabulary } = set
  const labelled = booklets.map((b) => b.filter((q) => q.label !== undefined))
  const docs = labelled.flat().map((q) => ({ terms: q.terms, label: q.label! }))
  const classes = disciplines.length
  const mapped = base && mapBase(base, disciplines)
  // On a base, a term the bank saw once still counts: the pruning is applied to the sum.
  let nb = NaiveBayes.trainTerms(docs, classes, vocabulary.terms, { alpha: options.alpha, minDocs: mapped ? 1 : options.minDocs }).data
  if (mapped) nb = addCounts(nb, mapped, options.minDocs)
  const sequence = learnSequence(labelled.flatMap(runsOf), classes, {
    stay: options.stay,
    priorWeight: options.priorWeight,
    order: options.order,
    base: mapped?.sequence,
  })
  return new DisciplineModel({
    format: MODEL_FORMAT,
    version: 1,
    trainedOn: {
      exams: booklets.length + (base?.trainedOn.exams ?? 0),
      questions: docs.length + (base?.trainedOn.questions ?? 0),
    },
    disciplines,
    naiveBayes: nb,
    temperature,
    sequence,
    threshold,
  })
}

/**
 * A booklet's labels in runs of consecutive numbers: a bank's labels are often a few questions of a
 * booklet (those an admin confirmed), and two of them far apart are no transition of the order.
 * Only a run from question 1 tells how a booklet starts.
 */
function runsOf(booklet: PreparedBooklet): { labels: number[]; first: boolean }[] {
  const runs: { labels: number[]; first: boolean }[] = []
  booklet.forEach((q, i) => {
    if (i === 0 || q.number !== booklet[i - 1].number + 1) runs.push({ labels: [], first: q.number === 1 })
    runs[runs.length - 1].labels.push(q.label!)
  })
  return runs
}

/** A base model's tables in the classes of `disciplines` (a superset of its own, by name). */
function mapBase(base: ModelData, disciplines: string[]) {
  const index = new Map(disciplines.map((d, i) => [nameKey(d), i]))
  const to = base.disciplines.map((d) => index.get(nameKey(d)))
  if (to.some((c) => c === undefined)) throw new Error('the base model has a discipline the training set lacks')
  const k = disciplines.length
  const docs = new Array<number>(k).fill(0)
  base.naiveBayes.docs.forEach((n, c) => (docs[to[c]!] = n))
  const start = new Array<number>(k).fill(0)
  base.sequence.start.forEach((p, c) => (start[to[c]!] = p))
  const transitions = Array.from({ length: k }, () => new Array<number>(k).fill(0))
  base.sequence.transitions.forEach((row, i) => row.forEach((p, j) => (transitions[to[i]!][to[j]!] = p)))
  return {
    to: to as number[],
    docs,
    counts: base.naiveBayes.counts,
    // Each row weighs as many transitions as the base saw questions of its class; the start, as exams.
    sequence: { start, transitions, weights: docs, startWeight: base.trainedOn.exams },
  }
}

/** The bank's counts plus the base's, terms seen fewer than `minDocs` times in all left out. */
function addCounts(bank: NaiveBayesData, base: ReturnType<typeof mapBase>, minDocs: number): NaiveBayesData {
  const k = bank.docs.length
  const sums = new Map<string, Float64Array>()
  const rowOf = (term: string) => {
    let row = sums.get(term)
    if (!row) sums.set(term, (row = new Float64Array(k)))
    return row
  }
  for (const [term, pairs] of Object.entries(bank.counts)) {
    const row = rowOf(term)
    for (let i = 0; i < pairs.length; i += 2) row[pairs[i]] += pairs[i + 1]
  }
  for (const [term, pairs] of Object.entries(base.counts)) {
    const row = rowOf(term)
    for (let i = 0; i < pairs.length; i += 2) row[base.to[pairs[i]]] += pairs[i + 1]
  }
  const counts: Record<string, number[]> = {}
  for (const [term, row] of sums) {
    let total = 0
    const pairs: number[] = []
    row.forEach((n, c) => {
      if (n) pairs.push(c, n)
      total += n
    })
    if (total >= minDocs) counts[term] = pairs
  }
  return { alpha: bank.alpha, docs: bank.docs.map((n, c) => n + base.docs[c]), counts }
}

/** Held-out predictions: right or not, and the confidence. */
export type Scored = { right: boolean; confidence: number }

/** The lowest threshold whose confident predictions reach `target` accuracy (1 when none does). */
export function tuneThreshold(scored: Scored[], target: number) {
  const sorted = [...scored].sort((a, b) => b.confidence - a.confidence)
  let right = 0
  let best = 1
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i].right) right++
    // Only cut between distinct confidences.
    if (i + 1 < sorted.length && sorted[i + 1].confidence === sorted[i].confidence) continue
    if (right / (i + 1) >= target) best = sorted[i].confidence
  }
  return best
}

/**
 * Learns a model from labelled booklets. With three or more, the temperature and the threshold
 * are chosen on held-out predictions over these booklets only: each exam predicted by a model
 * that never saw it (grouped past MAX_TUNING_FOLDS exams). A step is yielded between folds.
 */
function* training(set: TrainingSet, options: TrainOptions): Generator<void, DisciplineModel> {
  const o = { ...DEFAULTS, ...options }
  const prepared = set.booklets
  if (options.base) return fit(set, prepared, o, options.base.temperature, options.base.threshold, options.base)
  let temperature = o.temperatures.length === 1 ? o.temperatures[0] : 0.15
  let threshold = 0.9
  if (prepared.length >= 3) {
    const folds = Math.min(prepared.length, MAX_TUNING_FOLDS)
    const byTemperature = o.temperatures.map(() => [] as Scored[])
    for (let f = 0; f < folds; f++) {
      const inner = fit(
        set,
        prepared.filter((_, i) => i % folds !== f),
        o,
        1,
        1,
      )
      for (const held of prepared.filter((_, i) => i % folds === f)) {
        // Read blind: the held-out exam's own labels are only the truth to score against.
        const emissions = inner.emissionsOf(held.map((q) => Array.from(q.terms, (id) => set.vocabulary.terms[id])))
        o.temperatures.forEach((temp, ti) => {
          decode(emissions, [], inner.data.sequence, temp).forEach((row, t) => {
            const truth = held[t].label
            if (truth === undefined) return
            const best = argmax(row)
            byTemperature[ti].push({ right: best === truth, confidence: row[best] })
          })
        })
      }
      yield
    }
    // Best accuracy, then the larger confident share at the target.
    let bestScore = -Infinity
    o.temperatures.forEach((temp, ti) => {
      const scored = byTemperature[ti]
      const accuracy = scored.filter((s) => s.right).length / scored.length
      const cut = tuneThreshold(scored, o.targetAccuracy)
      const coverage = scored.filter((s) => s.confidence >= cut).length / scored.length
      const score = accuracy + 0.1 * coverage
      if (score > bestScore) {
        bestScore = score
        temperature = temp
        threshold = cut
      }
    })
  }
  return fit(set, prepared, o, temperature, threshold)
}

/** Learns a model from labelled booklets (the CLI, the tests and the benchmark, in one go). */
export function trainModel(booklets: LabelledBooklet[], disciplines: string[], options: TrainOptions = {}): DisciplineModel {
  const set = new TrainingSet(disciplines)
  for (const booklet of booklets) set.add(booklet)
  const steps = training(set, options)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** The same model, the event loop given a turn between folds: a server training on a large bank keeps answering. */
export async function trainModelInTurns(set: TrainingSet, options: TrainOptions = {}) {
  const steps = training(set, options)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await nextTurn()
  }
}
