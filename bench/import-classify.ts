import fs from 'node:fs'
import path from 'node:path'

import { openDatabase } from '../server/db/index'
import { importExamBytes } from '../server/domain/import/importer'

// What classification costs an import (issue 38, "never slows an import by more than 2×"): the 9
// real exams imported into a fresh in-memory PGlite as the files are (every discipline given),
// and again with every DISCIPLINA replaced by "Não classificada" (each question predicted by the
// shipped model, booklet by booklet). Both read the citations. Median of `--runs` (3) each.
//
//   npm run bench:import-classify [-- --dir=<folder> --runs=5]

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const dir = path.resolve(args.get('dir') ?? 'fixtures/oab')
const runs = Number(args.get('runs') ?? 3)
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => ({ name: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }))
const unlabelled = (text: string) => text.replace(/^DISCIPLINA:.*$/gm, 'DISCIPLINA: Não classificada')

async function once(label: boolean) {
  const database = await openDatabase({ kind: 'pglite' })
  try {
    let questions = 0
    let predicted = 0
    const started = performance.now()
    for (const f of files) {
      const bytes = new TextEncoder().encode(label ? f.text : unlabelled(f.text))
      const r = await importExamBytes(database.db, f.name, bytes, { force: true, now: new Date() })
      if (!r.success) throw new Error(`${f.name}: ${r.message}`)
      questions += r.processed_questions
      predicted += r.predicted_disciplines ?? 0
    }
    return { ms: performance.now() - started, questions, predicted }
  } finally {
    await database.close()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const labelled: number[] = []
const blind: number[] = []
let summary = { questions: 0, predicted: 0 }
await once(true) // warm-up: module loading and the model file
for (let i = 0; i < runs; i++) {
  labelled.push((await once(true)).ms)
  const b = await once(false)
  blind.push(b.ms)
  summary = { questions: b.questions, predicted: b.predicted }
}
const a = median(labelled)
const b = median(blind)
console.log(`${files.length} provas, ${summary.questions} questões; ${summary.predicted} disciplinas previstas sem rótulo`)
console.log(`com disciplinas: ${a.toFixed(0)} ms (mediana de ${runs})`)
console.log(`sem disciplinas: ${b.toFixed(0)} ms  → ${(b / a).toFixed(2)}× (meta ≤ 2×)`)
