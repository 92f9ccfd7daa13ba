import fs from 'node:fs'
import path from 'node:path'

import { questionCitations } from '../server/domain/citations/extract'
import { defaultModel } from '../server/domain/classify/load'
import { questionText } from '../server/domain/classify/tokenize'
import { parseExamFile } from '../server/domain/import/parse-exam'
import { nameKey } from '../server/domain/text'
import { parseArticleRange } from '../server/domain/topics/articles'
import type { LabelledQuestion, TopicSeed } from '../server/domain/topics/model'
import { TOPIC_MODEL, TopicModel, topicWords, wordCountsOf } from '../server/domain/topics/model'
import { shippedTrees } from '../server/domain/topics/tree'

// Topics (issue 65 §2, ADR 092): the shipped trees and the topic model against questions of real
// exams labelled by hand (bench/topics/*.json, each saying how), before any label is learnt: how
// many predictions are right among the confident ones, and how many are confident, per discipline.
//
//   npm run bench:topics                        # fixtures/oab (the same nine exams as ../shared/data/oab)
//   npm run bench:topics -- --show              # and every wrong or unconfident prediction
//   npm run bench:topics -- --learn             # each exam predicted after learning the others' labels
//   npm run bench:topics -- --only=2012-vii     # one label file

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dir = path.resolve(args.get('dir') ?? 'fixtures/oab')

export type Scored = {
  file: string
  number: number
  discipline: string
  right: boolean
  confident: boolean
  byCitation: boolean
  predicted: string
  gold: string[]
}

/** Every labelled question of bench/topics scored by the model (`learn`: trained on the other files' labels). */
export function scoreLabelled(options: { dir: string; learn?: boolean; only?: string; model?: typeof TOPIC_MODEL }): Scored[] {
  const labelDir = path.resolve('bench/topics')
  const trees = shippedTrees()
  let nextId = 1
  const disciplineIds = new Map<string, number>()
  const topicNames = new Map<number, string>()
  const topicIds = new Map<string, number>()
  const seeds = new Map<number, TopicSeed[]>()
  for (const d of trees) {
    const id = nextId++
    disciplineIds.set(nameKey(d.name), id)
    seeds.set(
      id,
      d.topics.map((t) => {
        const topicId = nextId++
        topicNames.set(topicId, t.name)
        topicIds.set(`${id}|${nameKey(t.name)}`, topicId)
        return {
          id: topicId,
          name: t.name,
          keywords: t.keywords ?? [],
          ranges: (t.articles ?? []).map((a) => (parseArticleRange(a) as { ok: true; range: never }).range),
        }
      }),
    )
  }
  const files = fs
    .readdirSync(labelDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      name: f.replace(/\.json$/, ''),
      ...(JSON.parse(fs.readFileSync(path.join(labelDir, f), 'utf8')) as { file: string; questions: Record<string, string[]> }),
    }))
  const exams = files.map((f) => {
    const parsed = parseExamFile(fs.readFileSync(path.join(options.dir, f.file)), new Date())
    if (!parsed.ok) throw new Error(`${f.file}: não foi lida`)
    return { ...f, exam: parsed.exam }
  })
  const labelledOf = (file: (typeof exams)[number]): LabelledQuestion[] =>
    file.exam.questions.flatMap((q) => {
      const disciplineId = disciplineIds.get(nameKey(q.discipline ?? ''))
      const gold = file.questions[String(q.number)] ?? []
      const topicId = disciplineId && gold.length ? topicIds.get(`${disciplineId}|${nameKey(gold[0])}`) : undefined
      return disciplineId && topicId ? [{ disciplineId, topicId, words: topicWords(questionText(q)) }] : []
    })
  // How common each word is in each discipline: the shipped discipline model's counts, as the server reads them.
  const shippedModel = defaultModel()
  if (!shippedModel.ok) throw new Error(shippedModel.error)
  const byName = wordCountsOf(shippedModel.model.data)
  const corpus = new Map([...disciplineIds].flatMap(([key, id]) => (byName.has(key) ? [[id, byName.get(key)!] as const] : [])))
  const base = options.learn ? null : new TopicModel(seeds, [], corpus, options.model)
  const out: Scored[] = []
  for (const file of exams) {
    if (options.only && file.name !== options.only) continue
    const model = base ?? new TopicModel(seeds, exams.filter((e) => e !== file).flatMap(labelledOf), corpus, options.model)
    for (const q of file.exam.questions) {
      const disciplineId = disciplineIds.get(nameKey(q.discipline ?? ''))
      const gold = file.questions[String(q.number)]
      if (!disciplineId || !gold) continue
      const p = model.predict({ disciplineId, text: questionText(q), citations: questionCitations(q, file.exam.year) })
      if (!p) continue
      const predicted = topicNames.get(p.topicId)!
      out.push({
        file: file.name,
        number: q.number,
        discipline: q.discipline!,
        right: gold.includes(predicted),
        confident: p.confident,
        byCitation: p.byCitation,
        predicted,
        gold,
      })
    }
  }
  return out
}

/** Right among the confident, their share, and right overall. */
export function summary(scored: Scored[]) {
  const confident = scored.filter((s) => s.confident)
  return {
    questions: scored.length,
    accuracy: scored.filter((s) => s.right).length / Math.max(1, scored.length),
    confidentAccuracy: confident.filter((s) => s.right).length / Math.max(1, confident.length),
    coverage: confident.length / Math.max(1, scored.length),
    confident: confident.length,
    byCitation: scored.filter((s) => s.byCitation).length,
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('bench/topics.ts')) {
  const scored = scoreLabelled({ dir, learn: args.has('learn'), only: args.get('only') })
  const line = (name: string, list: Scored[]) => {
    const s = summary(list)
    console.log(
      `${name.padEnd(40)} ${String(s.questions).padStart(4)}  confiantes certas ${pct(s.confidentAccuracy).padStart(6)}  cobertura ${pct(s.coverage).padStart(6)}  certas (todas) ${pct(s.accuracy).padStart(6)}  por artigo ${s.byCitation}`,
    )
  }
  console.log(
    `Assuntos, ${args.has('learn') ? 'aprendendo os rótulos das outras provas' : 'sem rótulos (árvore e palavras-semente)'}; limiar ${TOPIC_MODEL.threshold}`,
  )
  line('todas', scored)
  for (const file of [...new Set(scored.map((s) => s.file))])
    line(
      `  ${file}`,
      scored.filter((s) => s.file === file),
    )
  for (const d of [...new Set(scored.map((s) => s.discipline))].sort())
    line(
      `  ${d}`,
      scored.filter((s) => s.discipline === d),
    )
  if (args.has('show'))
    for (const s of scored.filter((x) => !x.right || !x.confident))
      console.log(
        `${s.right ? 'certa, não confiante' : s.confident ? 'ERRADA confiante' : 'errada'} ${s.file}#${s.number} [${s.discipline}] previu "${s.predicted}"; rótulo: ${s.gold.join(' | ') || '(nenhum: disciplina errada no arquivo)'}`,
      )
}
