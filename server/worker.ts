import { parentPort, workerData } from 'node:worker_threads'

import { openDatabase } from './db/index'
import type { WorkerJob } from './worker-jobs'
import { WORKER_JOBS } from './worker-jobs'

// The entry of the server's worker threads (server/worker-jobs.ts, ADR 074), built beside
// index.js: one job on its own connection to the database the server has migrated, its answer
// posted back; a failure reaches the server as the thread's error.
const { job, databaseUrl } = workerData as WorkerJob
const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1, migrated: true })
try {
  parentPort!.postMessage(await WORKER_JOBS[job](database.db))
} finally {
  await database.close()
}
