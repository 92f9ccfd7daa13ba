import { Worker } from 'node:worker_threads'

import type { Db } from './db/index'
import { readCitations } from './domain/citations/store'
import { trainBankModel } from './domain/classify/current'

/**
 * The passes over the whole bank that run in a worker thread on PostgreSQL (ADR 074, 076): run in
 * the thread that serves, such a pass taught V8 to allocate objects the searches make too straight
 * in the old generation (allocation-site pretenuring), and each search paid for it in garbage
 * collection until a restart. Each answers with a value a message can carry.
 */
export const WORKER_JOBS = {
  citations: readCitations,
  // The discipline model's training: its data goes back, the server rebuilds the model from it.
  disciplineModel: (db: Db) => trainBankModel(db).then((model) => model?.data ?? null),
}

type Jobs = typeof WORKER_JOBS
export type WorkerJob = { job: keyof Jobs; databaseUrl: string }

/**
 * Runs a job in a worker thread of server/worker.ts (`entry`, in the form this process runs:
 * .ts from the sources, .js built); what the job answers. It never holds the process open.
 */
export function runInWorker<J extends keyof Jobs>(entry: URL, job: WorkerJob & { job: J }): Promise<Awaited<ReturnType<Jobs[J]>>> {
  // Nothing of this process's command line (an --eval, a profiler) goes to the thread. The
  // sources go through tsx's API: its loader given as --import does not reach a worker's entry.
  const options = { workerData: job, execArgv: [] }
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`, {
        ...options,
        eval: true,
      })
    : new Worker(entry, options)
  worker.unref()
  return new Promise((resolve, reject) => {
    // Settled once the thread has ended, its connection closed. `null` is an answer too (no model).
    let answer: { value: Awaited<ReturnType<Jobs[J]>> } | undefined
    worker.on('message', (value: Awaited<ReturnType<Jobs[J]>>) => (answer = { value }))
    worker.on('error', reject)
    worker.on('exit', (code) =>
      answer === undefined ? reject(new Error(`a tarefa ${job.job} terminou (código ${code}) sem responder`)) : resolve(answer.value),
    )
  })
}
