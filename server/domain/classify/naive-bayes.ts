/**
 * Multinomial naive Bayes over binary features (a word counts once per question), the text
 * half of the discipline classifier (ADR 051). Stored as sparse counts: a term and the classes
 * it was seen in, so the shipped model stays small and is rebuilt exactly at load.
 */

export type TrainingDoc = { features: string[]; label: number }

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
    const alpha = options.alpha ?? 0.1
    const minDocs = options.minDocs ?? 1
    const perClass = new Array<number>(classes).fill(0)
    // One flat table of counts, a row per term in the order first seen (deterministic).
    const ids = new Map<string, number>()
    let table = new Int32Array(1024 * classes)
    for (const doc of docs) {
      perClass[doc.label]++
      for (const term of new Set(doc.features)) {
        let id = ids.get(term)
        if (id === undefined) {
          id = ids.size
          ids.set(term, id)
          if ((id + 1) * classes > table.length) {
            const grown = new Int32Array(table.length * 2)
            grown.set(table)
            table = grown
          }
        }
        table[id * classes + doc.label]++
      }
    }
    const counts: Record<string, number[]> = {}
    for (const [term, id] of ids) {
      const pairs: number[] = []
      let total = 0
      for (let c = 0; c < classes; c++) {
        const n = table[id * classes + c]
        if (n) pairs.push(c, n)
        total += n
      }
      if (total >= minDocs) counts[term] = pairs
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
