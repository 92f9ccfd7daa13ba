import fs from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

import { openDatabase } from '../server/db/index'
import { readTrainingBooklets, trainBankModel } from '../server/domain/classify/current'
import { defaultModel } from '../server/domain/classify/load'
import { DisciplineModel } from '../server/domain/classify/model'
import { runInWorker } from '../server/worker-jobs'
import { generateBank } from './generate'

// The discipline model's training and the event loop (issue 63 §1): the longest stall of the
// thread that serves while a bank of 5,000 labelled questions is learnt on top of the shipped
// model, trained in this thread (with a turn per exam) and in the server's worker thread.
// Target: ≤ 50 ms in the worker.    npm run bench:classify-stall [-- --questions=5000]

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const size = Number(args.get('questions') ?? 5_000)
// The server's worker as it ships (npm run build: build/server/worker.js); the sources through tsx
// when there is no build, whose first run then pays for loading them.
const BUILT = new URL('../build/server/worker.js', import.meta.url)
const WORKER = fs.existsSync(BUILT) ? BUILT : new URL('../server/worker.ts', import.meta.url)

const shipped = defaultModel()
if (!shipped.ok) throw new Error(shipped.error)
const base = shipped.model.data
const database = await openDatabase({ kind: 'pglite' })
await generateBank(database.db, size)

/** The longest gap between two timer turns while `work` runs (a 1 ms timer measures the stalls). */
async function longestStall(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const at = performance.now()
    longest = Math.max(longest, at - last)
    last = at
  }, 1)
  histogram.enable()
  const started = performance.now()
  await work()
  const total = performance.now() - started
  histogram.disable()
  clearInterval(timer)
  return { longest, p99: histogram.percentile(99) / 1e6, total }
}

const rows: [string, Awaited<ReturnType<typeof longestStall>>][] = []
rows.push(['in this thread, a turn per exam', await longestStall(() => trainBankModel(database.db, base))])
// The server's path on PGlite: the booklets read here, trained in the worker.
for (const run of [1, 2])
  rows.push([
    `worker thread (run ${run})`,
    await longestStall(async () => {
      const training = await readTrainingBooklets(database.db, base)
      const data = training && (await runInWorker(WORKER, { job: 'trainBooklets', names: training.names, base }, training.booklets))
      // The server rebuilds the model from the data on this thread: part of the measure.
      return data && new DisciplineModel(data)
    }),
  ])
await database.close()

console.log(
  `\n## Training the discipline model on ${size} labelled questions: stalls of the event loop (worker: ${WORKER.pathname.split('/').slice(-3).join('/')})\n`,
)
console.log('| Where | Longest stall | p99 of the loop delay | Whole training |')
console.log('|---|---|---|---|')
for (const [name, r] of rows)
  console.log(`| ${name} | ${r.longest.toFixed(0)} ms | ${r.p99.toFixed(1)} ms | ${(r.total / 1000).toFixed(1)} s |`)
const worst = Math.max(...rows.slice(1).map(([, r]) => r.longest))
console.log(`\n${worst <= 50 ? 'PASS' : 'FAIL'} longest stall in the worker ≤ 50 ms: ${worst.toFixed(0)} ms`)
