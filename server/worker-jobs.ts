import { Worker } from 'node:worker_threads'

import { readCitations } from './domain/citations/store'

/**
 * The passes over the whole bank that run in a worker thread on PostgreSQL (ADR 074): run in the
 * thread that serves, one such pass taught V8 to allocate objects the searches make too straight
 * in the old generation (allocation-site pretenuring), and each search paid for it in garbage
 * collection until a restart.
 */
export const WORKER_JOBS = { citations: readCitations }

export type WorkerJob = { job: keyof typeof WORKER_JOBS; databaseUrl: string }

/**
 * Runs a job in a worker thread of server/worker.ts (`entry`, in the form this process runs:
 * .ts from the sources, .js built); what the job answers. It never holds the process open.
 */
export function runInWorker(entry: URL, job: WorkerJob): Promise<number> {
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
    let answer: number | undefined
    worker.on('message', (n: number) => (answer = n))
    worker.on('error', reject)
    worker.on('exit', (code) =>
      answer === undefined ? reject(new Error(`a tarefa ${job.job} terminou (código ${code}) sem responder`)) : resolve(answer),
    )
  })
}
