import fs from 'node:fs'
import path from 'node:path'

import { questionCitations } from '../server/domain/citations/extract'
import { parseExamFile } from '../server/domain/import/parse-exam'

// Legal citations (issue 38 §4, ADR 055): precision and recall of `questionCitations` against
// questions labelled by hand (bench/citations/*.json, each saying how it was labelled), at two
// levels: the norm ("cf", "lei:8666") and the norm with its article ("cf@art. 5").
//
//   npm run bench:citations                    # fixtures/oab
//   npm run bench:citations -- --dir=<folder> --show   # and every miss and false hit

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dir = path.resolve(args.get('dir') ?? 'fixtures/oab')
const labelDir = path.resolve('bench/citations')
const show = args.has('show')

type Count = { hit: number; predicted: number; gold: number }
const norm: Count = { hit: 0, predicted: 0, gold: 0 }
const article: Count = { hit: 0, predicted: 0, gold: 0 }
const questionsWithCitations = { labelled: 0, all: 0 }

function tally(count: Count, predicted: Set<string>, gold: Set<string>, where: string) {
  count.predicted += predicted.size
  count.gold += gold.size
  for (const p of predicted) {
    if (gold.has(p)) count.hit += 1
    else if (show) console.log(`  falso ${where}: ${p}`)
  }
  if (show) for (const g of gold) if (!predicted.has(g)) console.log(`  perdida ${where}: ${g}`)
}

for (const file of fs
  .readdirSync(labelDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const labels = JSON.parse(fs.readFileSync(path.join(labelDir, file), 'utf8')) as { file: string; questions: Record<string, string[]> }
  const parsed = parseExamFile(fs.readFileSync(path.join(dir, labels.file)), new Date())
  if (!parsed.ok) throw new Error(`${labels.file}: não foi lida`)
  for (const q of parsed.exam.questions) {
    const gold = labels.questions[String(q.number)] ?? []
    const found = questionCitations(q, parsed.exam.year)
    questionsWithCitations.all += 1
    if (gold.length) questionsWithCitations.labelled += 1
    const where = `${labels.file}#${q.number}`
    tally(norm, new Set(found.map((c) => c.key)), new Set(gold.map((g) => g.split('@')[0])), where)
    tally(
      article,
      new Set(found.filter((c) => c.article).map((c) => `${c.key}@${c.article}`)),
      new Set(gold.filter((g) => g.includes('@'))),
      where,
    )
  }
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—')
console.log(`Questões rotuladas: ${questionsWithCitations.all}, ${questionsWithCitations.labelled} citam alguma norma`)
for (const [name, c] of [
  ['norma', norm],
  ['norma + artigo', article],
] as const)
  console.log(
    `${name.padEnd(15)} precisão ${pct(c.hit, c.predicted)} (${c.hit}/${c.predicted})  revocação ${pct(c.hit, c.gold)} (${c.hit}/${c.gold})`,
  )
