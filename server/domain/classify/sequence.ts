/**
 * The booklet order (ADR 051): an OAB booklet is contiguous blocks, one per discipline, in an
 * order that changes little between exams. A hidden Markov model over the exam's questions,
 * read in number order, with the text model's scores as emissions: forward–backward gives each
 * question the probability of each discipline given the whole booklet.
 */

export type SequenceData = {
  /** P(first question's discipline). */
  start: number[]
  /** transitions[i][j] = P(next question is j | this one is i). */
  transitions: number[][]
}

/** Per question and class, the log-score the text model gives (any scale; only differences count). */
export type Emissions = Float64Array[]

function logSumExp(values: Float64Array | number[]) {
  let max = -Infinity
  for (const v of values) if (v > max) max = v
  if (max === -Infinity) return -Infinity
  let sum = 0
  for (const v of values) sum += Math.exp(v - max)
  return max + Math.log(sum)
}

/** P(class at t | all emissions) for every question t. */
export function posteriors(emissions: Emissions, sequence: SequenceData): Float64Array[] {
  const n = emissions.length
  if (n === 0) return []
  const k = sequence.start.length
  const logStart = sequence.start.map(Math.log)
  const logTrans = sequence.transitions.map((row) => row.map(Math.log))
  const alpha: Float64Array[] = []
  const first = new Float64Array(k)
  for (let c = 0; c < k; c++) first[c] = logStart[c] + emissions[0][c]
  alpha.push(first)
  const scratch = new Float64Array(k)
  for (let t = 1; t < n; t++) {
    const row = new Float64Array(k)
    for (let j = 0; j < k; j++) {
      for (let i = 0; i < k; i++) scratch[i] = alpha[t - 1][i] + logTrans[i][j]
      row[j] = logSumExp(scratch) + emissions[t][j]
    }
    alpha.push(row)
  }
  const beta: Float64Array[] = new Array(n)
  beta[n - 1] = new Float64Array(k)
  for (let t = n - 2; t >= 0; t--) {
    const row = new Float64Array(k)
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) scratch[j] = logTrans[i][j] + emissions[t + 1][j] + beta[t + 1][j]
      row[i] = logSumExp(scratch)
    }
    beta[t] = row
  }
  return alpha.map((a, t) => {
    const joint = a.map((v, c) => v + beta[t][c])
    const z = logSumExp(joint)
    return joint.map((v) => Math.exp(v - z))
  })
}

/** 'learned': transitions counted in training; 'stay': only "keep the discipline"; 'none': text alone. */
export type Order = 'learned' | 'stay' | 'none'

/**
 * Transitions counted from labelled booklets, mixed with a prior that only says "the next
 * question usually keeps the discipline" (weight `priorWeight` in questions), so that an order
 * never seen in training stays possible.
 */
export function learnSequence(
  booklets: (number[] | { labels: number[]; first: boolean })[],
  classes: number,
  options: { stay?: number; priorWeight?: number; order?: Order; base?: BaseSequence } = {},
): SequenceData {
  const order = options.order ?? 'learned'
  if (order === 'none') {
    const uniform = new Array<number>(classes).fill(1 / classes)
    return { start: uniform, transitions: uniform.map(() => uniform.slice()) }
  }
  const stay = options.stay ?? 0.85
  const priorWeight = options.priorWeight ?? 4
  const base = options.base
  const start = new Array<number>(classes).fill(1)
  if (base) base.start.forEach((p, c) => (start[c] += p * base.startWeight))
  const counts = Array.from({ length: classes }, () => new Array<number>(classes).fill(0))
  // A base model's probabilities count as that many transitions seen (issue 63 §1).
  if (base) base.transitions.forEach((row, i) => row.forEach((p, j) => (counts[i][j] += p * base.weights[i])))
  for (const booklet of booklets) {
    if (order === 'stay') continue
    // A run of a booklet's labels that does not start at its first question says nothing of the start.
    const { labels, first } = Array.isArray(booklet) ? { labels: booklet, first: true } : booklet
    if (labels.length && first) start[labels[0]] += 1
    for (let t = 1; t < labels.length; t++) counts[labels[t - 1]][labels[t]]++
  }
  const startTotal = start.reduce((a, b) => a + b, 0)
  const transitions = counts.map((row, i) => {
    const total = row.reduce((a, b) => a + b, 0)
    return row.map((n, j) => {
      const prior = i === j ? stay : (1 - stay) / (classes - 1)
      return (n + priorWeight * prior) / (total + priorWeight)
    })
  })
  return { start: start.map((n) => n / startTotal), transitions }
}

/** A model's order learnt before, in this training's classes, each row weighing `weights[i]` transitions. */
export type BaseSequence = { start: number[]; transitions: number[][]; weights: number[]; startWeight: number }
