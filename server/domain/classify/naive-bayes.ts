/**
 * Multinomial naive Bayes over binary features (a word counts once per question), the text
 * half of the discipline classifier (ADR 051). Stored as sparse counts: a term and the classes
 * it was seen in, so the shipped model stays small and is rebuilt exactly at load.
 */

export type TrainingDoc = { features: string[]; label: number }
/** A document as vocabulary ids, each once, in the order the text first has them. */
export type TermDoc = { terms: ArrayLike<number>; label: number }

/**
 * Terms as small integers: training reads a bank's questions once into ids instead of holding a
 * string per word and bigram of each (≈ 1 GB on a 100,000-question bank) through every fold.
 */
export class Vocabulary {
  private readonly ids = new Map<string, number>()
  readonly terms: string[] = []

  /** The distinct terms of a list as ids, in the order first met. */
  idsOf(features: string[]): Int32Array {
    const out: number[] = []
    const mine = new Set<number>()
    for (const term of features) {
      let id = this.ids.get(term)
      if (id === undefined) {
        id = this.terms.length
        this.ids.set(term, id)
        this.terms.push(term)
      }
      if (!mine.has(id)) {
        mine.add(id)
        out.push(id)
      }
    }
    return Int32Array.from(out)
  }
}

export type NaiveBayesData = {
  /** Smoothing added to every count. */
  alpha: number
  /** Questions per class. */
  docs: number[]
  /** term → [class, count, class, count, ...]. */
  counts: Record<string, number[]>
}

export class NaiveBayes {
  /** term → row in `table`; a row holds log P(term | class) for every class. */
  private readonly rows = new Map<string, number>()
  private readonly table: Float64Array
  private readonly unseen: Float64Array
  readonly classes: number

  constructor(readonly data: NaiveBayesData) {
    this.classes = data.docs.length
    const totals = new Float64Array(this.classes)
    const terms = Object.keys(data.counts)
    for (const term of terms) {
      const pairs = data.counts[term]
      for (let i = 0; i < pairs.length; i += 2) totals[pairs[i]] += pairs[i + 1]
    }
    const denominators = totals.map((t) => Math.log(t + data.alpha * terms.length))
    this.unseen = denominators.map((d) => Math.log(data.alpha) - d)
    const k = this.classes
    this.table = new Float64Array(terms.length * k)
    terms.forEach((term, r) => {
      this.rows.set(term, r)
      this.table.set(this.unseen, r * k)
      const pairs = data.counts[term]
      for (let i = 0; i < pairs.length; i += 2) this.table[r * k + pairs[i]] = Math.log(pairs[i + 1] + data.alpha) - denominators[pairs[i]]
    })
  }

  static train(docs: TrainingDoc[], classes: number, options: { alpha?: number; minDocs?: number } = {}): NaiveBayes {
    const vocabulary = new Vocabulary()
    return NaiveBayes.trainTerms(
      docs.map((doc) => ({ terms: vocabulary.idsOf(doc.features), label: doc.label })),
      classes,
      vocabulary.terms,
      options,
    )
  }

  /** The same, from documents already read into a vocabulary's ids (each id once per document). */
  static trainTerms(docs: TermDoc[], classes: number, vocabulary: readonly string[], options: { alpha?: number; minDocs?: number } = {}) {
    const alpha = options.alpha ?? 0.1
    const minDocs = options.minDocs ?? 1
    const perClass = new Array<number>(classes).fill(0)
    // One flat table of counts, a row per term; the model lists its terms in the order first seen (deterministic).
    const table = new Int32Array(vocabulary.length * classes)
    const seen = new Uint8Array(vocabulary.length)
    const order: number[] = []
    for (const doc of docs) {
      perClass[doc.label]++
      for (let i = 0; i < doc.terms.length; i++) {
        const id = doc.terms[i]
        if (!seen[id]) {
          seen[id] = 1
          order.push(id)
        }
        table[id * classes + doc.label]++
      }
    }
    const counts: Record<string, number[]> = {}
    for (const id of order) {
      const pairs: number[] = []
      let total = 0
      for (let c = 0; c < classes; c++) {
        const n = table[id * classes + c]
        if (n) pairs.push(c, n)
        total += n
      }
      if (total >= minDocs) counts[vocabulary[id]] = pairs
    }
    return new NaiveBayes({ alpha, docs: perClass, counts })
  }

  /** log P(features | class) for every class; terms never seen in training are left out. */
  logLikelihood(features: string[]): Float64Array {
    const out = new Float64Array(this.classes)
    for (const term of new Set(features)) {
      const r = this.rows.get(term)
      if (r === undefined) continue
      const base = r * this.classes
      for (let c = 0; c < this.classes; c++) out[c] += this.table[base + c]
    }
    return out
  }

  /** log P(class) from the training questions, add-one smoothed. */
  logPrior(): Float64Array {
    const total = this.data.docs.reduce((a, b) => a + b, 0)
    return Float64Array.from(this.data.docs, (n) => Math.log((n + 1) / (total + this.classes)))
  }
}
