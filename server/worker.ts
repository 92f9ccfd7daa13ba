import { parentPort, workerData } from 'node:worker_threads'

import type { WorkerJob } from './worker-jobs'
import { inboxOf, WORKER_JOBS } from './worker-jobs'

// The entry of the server's worker threads (server/worker-jobs.ts, ADR 074): one job, its answer
// posted back; a failure reaches the server as the thread's error.
const job = workerData as WorkerJob
const port = parentPort!
const run = WORKER_JOBS[job.job] as (job: WorkerJob, inbox: AsyncIterable<unknown>) => Promise<unknown>
port.postMessage(await run(job, inboxOf(port)))
// The inbox listens on the port: closing it lets the thread end.
port.close()
