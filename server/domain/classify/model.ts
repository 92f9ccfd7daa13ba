import * as z from 'zod'

import { nameKey } from '../text'
import { NaiveBayes } from './naive-bayes'
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

// Training tunes on the same questions many times: their features are read once.
const featureCache = new Map<string, string[]>()
function questionFeatures(q: BookletQuestion) {
  const text = questionText(q)
  let list = featureCache.get(text)
  if (!list) {
    if (featureCache.size >= 5000) featureCache.clear()
    featureCache.set(text, (list = features(text)))
  }
  return list
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
}

const DEFAULTS = {
  alpha: 0.1,
  minDocs: 2,
  stay: 0.85,
  priorWeight: 4,
  temperatures: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1],
  targetAccuracy: 0.985,
  order: 'learned' as Order,
} satisfies Required<TrainOptions>

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
    return questions.map((q) => this.nb.logLikelihood(questionFeatures(q)))
  }

  /**
   * Every question of one booklet gets a discipline: its own label when the file gives a known
   * one (the label also steers its neighbours), else the model's.
   */
  classify(questions: BookletQuestion[]): Prediction[] {
    const ordered = [...questions].sort((a, b) => a.number - b.number)
    const probabilities = decode(this.emissions(ordered), ordered, this, this.data.temperature)
    return ordered.map((q, t) => {
      const row = probabilities[t]
      let best = 0
      for (let c = 1; c < row.length; c++) if (row[c] > row[best]) best = c
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

/** Posteriors along the booklet; a known label pins its question. */
function decode(emissions: Emissions, ordered: BookletQuestion[], model: DisciplineModel, temperature: number) {
  const scaled = emissions.map((row, t) => {
    const known = model.classOf(ordered[t].discipline)
    if (known !== undefined) return row.map((_, c) => (c === known ? 0 : -Infinity))
    return row.map((v) => v * temperature)
  })
  return posteriors(scaled, model.data.sequence as SequenceData)
}

type LabelledBooklet = BookletQuestion[]

function fit(booklets: LabelledBooklet[], disciplines: string[], options: typeof DEFAULTS, temperature: number, threshold: number) {
  const index = new Map(disciplines.map((d, i) => [nameKey(d), i]))
  const ordered = booklets.map((b) => [...b].sort((x, y) => x.number - y.number).filter((q) => index.has(nameKey(q.discipline ?? ''))))
  const docs = ordered.flat().map((q) => ({ features: questionFeatures(q), label: index.get(nameKey(q.discipline!))! }))
  const nb = NaiveBayes.train(docs, disciplines.length, { alpha: options.alpha, minDocs: options.minDocs })
  const sequence = learnSequence(
    ordered.map((b) => b.map((q) => index.get(nameKey(q.discipline!))!)),
    disciplines.length,
    { stay: options.stay, priorWeight: options.priorWeight, order: options.order },
  )
  return new DisciplineModel({
    format: MODEL_FORMAT,
    version: 1,
    trainedOn: { exams: booklets.length, questions: docs.length },
    disciplines,
    naiveBayes: nb.data,
    temperature,
    sequence,
    threshold,
  })
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
 * Learns a model from labelled booklets. With three or more, the temperature and the
 * threshold are chosen on leave-one-booklet-out predictions over these booklets only.
 */
export function trainModel(booklets: LabelledBooklet[], disciplines: string[], options: TrainOptions = {}): DisciplineModel {
  const o = { ...DEFAULTS, ...options }
  let temperature = o.temperatures.length === 1 ? o.temperatures[0] : 0.15
  let threshold = 0.9
  if (booklets.length >= 3) {
    const byTemperature = o.temperatures.map(() => [] as Scored[])
    booklets.forEach((held, h) => {
      const inner = fit(
        booklets.filter((_, i) => i !== h),
        disciplines,
        o,
        1,
        1,
      )
      const ordered = [...held].sort((a, b) => a.number - b.number)
      const truth = ordered.map((q) => inner.classOf(q.discipline))
      const blind = ordered.map((q) => ({ ...q, discipline: null }))
      const emissions = inner.emissions(blind)
      o.temperatures.forEach((temp, ti) => {
        decode(emissions, blind, inner, temp).forEach((row, t) => {
          if (truth[t] === undefined) return
          let best = 0
          for (let c = 1; c < row.length; c++) if (row[c] > row[best]) best = c
          byTemperature[ti].push({ right: best === truth[t], confidence: row[best] })
        })
      })
    })
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
  return fit(booklets, disciplines, o, temperature, threshold)
}
