import fs from 'node:fs'
import path from 'node:path'

import { readDisciplineNames, readExamFolder } from '../server/domain/classify/exam-folder'
import { DEFAULT_MODEL_FILE } from '../server/domain/classify/load'
import { trainModel } from '../server/domain/classify/model'

// Rebuilds the discipline model shipped with the app (ADR 051) from a folder of labelled exam
// TXT files and the discipline JSON beside them.
//
//   npm run train:classifier                          # fixtures/oab
//   npm run train:classifier -- --dir=<folder> [--disciplines=<file.json>] [--out=<model.json>]

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const dir = path.resolve(args.get('dir') ?? 'fixtures/oab')
const disciplinesFile =
  args.get('disciplines') ?? path.join(dir, fs.readdirSync(dir).find((f) => f.toLowerCase().endsWith('.json')) ?? 'disciplinas.json')
const out = path.resolve(args.get('out') ?? path.join('server/domain/classify', DEFAULT_MODEL_FILE))

const exams = readExamFolder(dir, new Date())
const disciplines = readDisciplineNames(disciplinesFile)
const started = performance.now()
const model = trainModel(
  exams.map((e) => e.questions),
  disciplines,
)
const json = JSON.stringify(model.toJson())
fs.writeFileSync(out, `${json}\n`)
const { trainedOn, temperature, threshold, naiveBayes } = model.data
console.log(
  `${out}: ${trainedOn.exams} provas, ${trainedOn.questions} questões, ${disciplines.length} disciplinas, ` +
    `${Object.keys(naiveBayes.counts).length} termos, ${(json.length / 1024).toFixed(0)} KB; ` +
    `temperatura ${temperature}, limiar de confiança ${threshold.toFixed(4)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
)
