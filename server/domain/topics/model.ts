import type { ModelData } from '../classify/model'
import { features, words } from '../classify/tokenize'
import { nameKey } from '../text'
import type { ArticleRange } from './articles'
import { rangeHolds } from './articles'

// Topics predicted within a question's discipline (issue 65 §2, ADR 092). Each topic has words: its
// name's and seed words' (weighing `seedWeight` questions) and those of every question the file or
// staff labelled with it. A question scores, for each topic, the words it shares with it, each
// weighed by how rare it is among the discipline's questions (a word they all have, "trabalho",
// says nothing) and by how few of the discipline's topics have it; the articles it cites add to the
// topics whose ranges hold them. The scores' softmax is the confidence; "confident" from `threshold`.

/** A topic as the model reads it: its words and its articles. */
export type TopicSeed = { id: number; name: string; keywords: string[]; ranges: ArticleRange[] }

/** A question whose topic the file or staff gave, as its words (`topicWords`): what the model learns from. */
export type LabelledQuestion = { disciplineId: number; topicId: number; words: Set<string> }

/** A question to place: its discipline, its text and the citations read from it. */
export type TopicQuestion = { disciplineId: number; text: string; citations: { key: string; article: string | null }[] }

export type TopicPrediction = { topicId: number; confidence: number; confident: boolean; byCitation: boolean }

/** How many of a discipline's questions have each word: what makes a word rare there. */
export type WordCounts = { questions: number; words: Map<string, number> }

/**
 * The model's numbers, chosen on one exam labelled by hand (bench/topics/2012-vii.json) and measured
 * on two others nobody tuned on (`npm run bench:topics`, ADR 092).
 */
export const TOPIC_MODEL = {
  /** What a word every labelled question of a topic has weighs against one of its seed words. */
  labelWeight: 0.1,
  /** What each word of a seed phrase weighs alone, against the phrase. */
  phrasePart: 0.5,
  /** Scale of the word scores before the softmax. */
  temperature: 0.5,
  /** Log-odds a cited article adds to each topic whose range holds it (at most `maxCitations` of them). */
  citationBoost: 4,
  maxCitations: 2,
  /** A prediction at or above this probability is confident (the desk reviews the rest first). */
  threshold: 0.8,
}

export type TopicModelOptions = typeof TOPIC_MODEL

type DisciplineModel = { topics: number[]; weights: Map<string, Float64Array>; ranges: { topic: number; range: ArticleRange }[] }

/**
 * What a seed word or phrase matches: a word itself; a phrase its consecutive pairs ("poder de
 * polícia" is "poder_policia"), and its words for `part` as much (other topics use "poder" too).
 */
function seedTerms(text: string, part: number): [string, number][] {
  const list = words(text)
  if (list.length === 1) return [[list[0], 1]]
  return [
    ...list.slice(1).map((word, i) => [`${list[i]}_${word}`, 1] as [string, number]),
    ...list.map((word) => [word, part] as [string, number]),
  ]
}

/** The words of a text, each once. */
export function topicWords(text: string) {
  return new Set(features(text))
}

/**
 * Each discipline's word counts, by folded name, from the discipline model's (ADR 051): its naive
 * Bayes counts are how many of each discipline's questions have each word, the very thing needed,
 * already read from the real exams it learnt from and the bank's labels.
 */
export function wordCountsOf(model: ModelData): Map<string, WordCounts> {
  const out = new Map<string, WordCounts>()
  const k = model.disciplines.length
  const words = Array.from({ length: k }, () => new Map<string, number>())
  for (const [word, pairs] of Object.entries(model.naiveBayes.counts))
    for (let i = 0; i < pairs.length; i += 2) words[pairs[i]].set(word, pairs[i + 1])
  model.disciplines.forEach((name, c) => out.set(nameKey(name), { questions: model.naiveBayes.docs[c], words: words[c] }))
  return out
}

export class TopicModel {
  private readonly byDiscipline = new Map<number, DisciplineModel>()

  /**
   * `trees`: each discipline's topics; `labelled`: the questions whose topic the file or staff gave
   * (a topic outside its discipline's tree is left out); `counts`: how common each word is among
   * each discipline's questions.
   */
  constructor(
    trees: Map<number, TopicSeed[]>,
    labelled: Iterable<LabelledQuestion>,
    counts: Map<number, WordCounts>,
    private readonly options: TopicModelOptions = TOPIC_MODEL,
  ) {
    const examples = new Map<number, { seeds: Map<string, number>[]; labelled: number[]; seen: Map<string, Float64Array> }>()
    for (const [disciplineId, seeds] of trees) {
      if (!seeds.length) continue
      examples.set(disciplineId, {
        seeds: seeds.map((s) => {
          const terms = new Map<string, number>()
          for (const [term, weight] of [s.name, ...s.keywords].flatMap((text) => seedTerms(text, options.phrasePart)))
            terms.set(term, Math.max(weight, terms.get(term) ?? 0))
          return terms
        }),
        labelled: new Array<number>(seeds.length).fill(0),
        seen: new Map(),
      })
    }
    const index = new Map([...trees].map(([d, seeds]) => [d, new Map(seeds.map((s, i) => [s.id, i]))]))
    for (const q of labelled) {
      const mine = examples.get(q.disciplineId)
      const topic = index.get(q.disciplineId)?.get(q.topicId)
      if (!mine || topic === undefined) continue
      mine.labelled[topic]++
      for (const word of q.words) {
        let row = mine.seen.get(word)
        if (!row) mine.seen.set(word, (row = new Float64Array(mine.seeds.length)))
        row[topic]++
      }
    }
    for (const [disciplineId, seeds] of trees) {
      const mine = examples.get(disciplineId)
      if (!mine) continue
      const k = seeds.length
      const vocabulary = new Set([...mine.seen.keys(), ...mine.seeds.flatMap((s) => [...s.keys()])])
      const { questions, words } = counts.get(disciplineId) ?? { questions: 0, words: new Map<string, number>() }
      const weights = new Map<string, Float64Array>()
      for (const word of vocabulary) {
        // Its share of each topic's examples (the seed counting as `seedWeight` of them), then how many topics have it.
        const row = new Float64Array(k)
        let spread = 0
        for (let c = 0; c < k; c++) {
          row[c] = (mine.seeds[c].get(word) ?? 0) + (options.labelWeight * (mine.seen.get(word)?.[c] ?? 0)) / (mine.labelled[c] + 1)
          spread += row[c]
        }
        if (spread === 0) continue
        const rarity = Math.log((questions + 1) / ((words.get(word) ?? 0) + 1)) * Math.log(1 + k / spread)
        if (rarity <= 0) continue
        for (let c = 0; c < k; c++) row[c] *= rarity
        weights.set(word, row)
      }
      this.byDiscipline.set(disciplineId, {
        topics: seeds.map((s) => s.id),
        weights,
        ranges: seeds.flatMap((s, i) => s.ranges.map((range) => ({ topic: i, range }))),
      })
    }
  }

  /** Whether the model has topics for a discipline. */
  knows(disciplineId: number) {
    return this.byDiscipline.has(disciplineId)
  }

  /** The likeliest topic of a question in its discipline, or null when the discipline has no topics. */
  predict(q: TopicQuestion): TopicPrediction | null {
    const model = this.byDiscipline.get(q.disciplineId)
    if (!model) return null
    const { temperature, citationBoost, maxCitations, threshold } = this.options
    const k = model.topics.length
    const scores = new Array<number>(k).fill(0)
    for (const word of topicWords(q.text)) {
      const row = model.weights.get(word)
      if (row) for (let c = 0; c < k; c++) scores[c] += temperature * row[c]
    }
    const cited = new Array<number>(k).fill(0)
    for (const citation of q.citations) for (const { topic, range } of model.ranges) if (rangeHolds(range, citation)) cited[topic]++
    for (let c = 0; c < k; c++) scores[c] += citationBoost * Math.min(cited[c], maxCitations)
    const max = Math.max(...scores)
    const exp = scores.map((s) => Math.exp(s - max))
    const total = exp.reduce((a, b) => a + b, 0)
    let best = 0
    for (let c = 1; c < k; c++) if (exp[c] > exp[best]) best = c
    const confidence = exp[best] / total
    return { topicId: model.topics[best], confidence, confident: confidence >= threshold, byCitation: cited[best] > 0 }
  }
}
