import { Worker } from 'node:worker_threads'

import type { Db } from './db/index'
import { openDatabase } from './db/index'
import { readCitations } from './domain/citations/store'
import { trainBankModel, trainOnBooklets } from './domain/classify/current'
import type { BookletQuestion, ModelData } from './domain/classify/model'
import { placeTopics } from './domain/topics/store'

/**
 * The passes that run in a worker thread (ADR 074, 076): run in the thread that serves, a pass over
 * the whole bank taught V8 to allocate objects the searches make too straight in the old generation
 * (allocation-site pretenuring), and a model's training stalled every request for about a second
 * (issue 63 §1). Each answers with a value a message can carry.
 */
export type WorkerJob =
  | { job: 'citations'; databaseUrl: string }
  /** On PostgreSQL the thread reads the labelled questions on its own connection. */
  | { job: 'disciplineModel'; databaseUrl: string; base: ModelData | null }
  /**
   * On PGlite (one opener: this process's thread) the booklets are read here and posted one exam
   * at a time (`feed`): handed over at once, 5,000 questions were a 50 ms copy on this thread.
   */
  | { job: 'trainBooklets'; names: string[]; base: ModelData | null }
  /** The topic pass over the questions not placed with this version (ADR 092), on its own connection. */
  | { job: 'topics'; databaseUrl: string }

/** A job on its own connection to the database the server has migrated, closed after. */
async function onDatabase<T>(databaseUrl: string, work: (db: Db) => Promise<T>) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1, migrated: true })
  try {
    return await work(database.db)
  } finally {
    await database.close()
  }
}

export const WORKER_JOBS = {
  citations: (job: WorkerJob & { job: 'citations' }) => onDatabase(job.databaseUrl, readCitations),
  // The discipline model's training: its data goes back, the server rebuilds the model from it.
  disciplineModel: (job: WorkerJob & { job: 'disciplineModel' }) =>
    onDatabase(job.databaseUrl, (db) => trainBankModel(db, job.base)).then((model) => model?.data ?? null),
  topics: (job: WorkerJob & { job: 'topics' }) => onDatabase(job.databaseUrl, (db) => placeTopics(db)),
  trainBooklets: (job: WorkerJob & { job: 'trainBooklets' }, inbox: AsyncIterable<unknown>) =>
    trainOnBooklets({ names: job.names, booklets: inbox as AsyncIterable<BookletQuestion[]> }, job.base).then(
      (model) => model?.data ?? null,
    ),
}

type Jobs = typeof WORKER_JOBS

/**
 * Runs a job in a worker thread of server/worker.ts (`entry`, in the form this process runs:
 * .ts from the sources, .js built); what the job answers. It never holds the process open.
 */
export function runInWorker<J extends keyof Jobs>(
  entry: URL,
  job: WorkerJob & { job: J },
  feed?: AsyncIterable<unknown>,
): Promise<Awaited<ReturnType<Jobs[J]>>> {
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
    // The feed's messages, then null for its end; a feed that fails ends the thread (its answer: none).
    if (feed)
      void (async () => {
        for await (const message of feed) worker.postMessage(message)
        worker.postMessage(null)
      })().catch((error: unknown) => {
        reject(error instanceof Error ? error : new Error(String(error)))
        void worker.terminate()
      })
  })
}

/** In a worker thread: the messages the server feeds it (runInWorker's `feed`), until its null. */
export function inboxOf(port: { on(event: 'message', listener: (message: unknown) => void): unknown }): AsyncIterable<unknown> {
  const queue: unknown[] = []
  let wake: (() => void) | null = null
  port.on('message', (message) => {
    queue.push(message)
    wake?.()
  })
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (!queue.length) await new Promise<void>((resolve) => (wake = resolve))
        const message = queue.shift()
        if (message === null) return
        yield message
      }
    },
  }
}
