import path from 'node:path'

import type { LabelledExam } from '../server/domain/classify/exam-folder'
import { readDisciplineNames, readExamFolder } from '../server/domain/classify/exam-folder'
import type { BookletQuestion, DisciplineModel, TrainOptions } from '../server/domain/classify/model'
import { trainModel } from '../server/domain/classify/model'
import { nameKey } from '../server/domain/text'

// Discipline prediction on whole held-out exams (issue 38 §1, ADR 051): leave one exam out, and
// train on the earlier exams to predict the latest ones. Every figure is on questions whose
// exam the model never saw; the threshold is tuned on the training exams only.
//
//   npm run bench:classify                     # fixtures/oab
//   npm run bench:classify -- --dir=<folder>   # exam TXT files and a disciplinas*.json

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const dir = path.resolve(args.get('dir') ?? 'fixtures/oab')
const now = new Date()
const exams = readExamFolder(dir, now)
const disciplines = readDisciplineNames(path.join(dir, 'disciplinas-oab.json'))

/** Chronological: year, then the edition (2010.2 < 2010.3 < IV < … < IX; a reapplication after its exam). */
const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 }
function edition(exam: LabelledExam) {
  const dotted = /(\d{4})\.(\d)/.exec(exam.name)
  if (dotted) return Number(dotted[2])
  const roman = /^([IVXL]+)\s/.exec(exam.name)?.[1] ?? ''
  let n = 0
  for (let i = 0; i < roman.length; i++) {
    const v = ROMAN[roman[i]]
    n += i + 1 < roman.length && ROMAN[roman[i + 1]] > v ? -v : v
  }
  return n + 3 + (/reaplica/i.test(exam.name) ? 0.5 : 0)
}
const chronological = [...exams].sort((a, b) => edition(a) - edition(b))

type Outcome = { exam: string; truth: string; predicted: string; confidence: number; confident: boolean }

function run(model: DisciplineModel, exam: LabelledExam): Outcome[] {
  const blind: BookletQuestion[] = exam.questions.map((q) => ({ ...q, discipline: null }))
  const truth = new Map(exam.questions.map((q) => [q.number, q.discipline!]))
  return model.classify(blind).map((p) => ({
    exam: exam.name,
    truth: truth.get(p.number)!,
    predicted: p.discipline,
    confidence: p.confidence,
    confident: p.confident,
  }))
}

type Split = { name: string; folds: { train: LabelledExam[]; test: LabelledExam[] }[] }
const splits: Split[] = [
  { name: 'leave-one-exam-out', folds: exams.map((e) => ({ train: exams.filter((x) => x !== e), test: [e] })) },
  { name: 'earlier → latest (6 → 3)', folds: [{ train: chronological.slice(0, 6), test: chronological.slice(6) }] },
]

const variants: { name: string; options: TrainOptions }[] = [
  { name: 'text alone (naive Bayes)', options: { order: 'none' } },
  { name: 'text + "stay in the discipline"', options: { order: 'stay' } },
  { name: 'HMM, every term, inner target 99%', options: { order: 'learned', minDocs: 1, targetAccuracy: 0.99 } },
  { name: 'HMM, terms in ≥ 2 questions, inner target 98.5% (shipped)', options: { order: 'learned' } },
]

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—')
const only = args.get('variant')

for (const split of splits) {
  console.log(`\n## ${split.name}\n`)
  console.log('| Variant | Right | Confident: right | Confident: coverage | Thresholds |')
  console.log('|---|---|---|---|---|')
  let last: { outcomes: Outcome[]; absent: Set<string> } | null = null
  for (const variant of variants) {
    if (only && !variant.name.includes(only)) continue
    const outcomes: Outcome[] = []
    const thresholds: number[] = []
    const absent = new Set<string>()
    for (const fold of split.folds) {
      const model = trainModel(
        fold.train.map((e) => e.questions),
        disciplines,
        variant.options,
      )
      thresholds.push(model.data.threshold)
      const seen = new Set(fold.train.flatMap((e) => e.questions.map((q) => nameKey(q.discipline!))))
      for (const exam of fold.test) {
        for (const q of exam.questions) if (!seen.has(nameKey(q.discipline!))) absent.add(q.discipline!)
        outcomes.push(...run(model, exam))
      }
    }
    const right = outcomes.filter((o) => o.truth === o.predicted).length
    const confident = outcomes.filter((o) => o.confident)
    const confidentRight = confident.filter((o) => o.truth === o.predicted).length
    const range = `${Math.min(...thresholds).toFixed(3)}–${Math.max(...thresholds).toFixed(3)}`
    console.log(
      `| ${variant.name} | ${pct(right, outcomes.length)} (${right}/${outcomes.length}) | ${pct(confidentRight, confident.length)} (${confidentRight}/${confident.length}) | ${pct(confident.length, outcomes.length)} | ${range} |`,
    )
    last = { outcomes, absent }
  }
  if (!last) continue
  console.log(`\nPer discipline (last variant): questions, right, confident, confident right`)
  console.log('| Discipline | Questions | Right | Confident | Confident right |')
  console.log('|---|---|---|---|---|')
  for (const d of disciplines) {
    const mine = last.outcomes.filter((o) => o.truth === d)
    if (!mine.length) continue
    const conf = mine.filter((o) => o.confident)
    console.log(
      `| ${d} | ${mine.length} | ${mine.filter((o) => o.predicted === d).length} | ${conf.length} | ${conf.filter((o) => o.predicted === d).length} |`,
    )
  }
  console.log(`\nDisciplines absent from some training fold: ${last.absent.size ? [...last.absent].join(', ') : 'none'}`)
}
