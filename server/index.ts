import { startServer } from './main'

// The process entry (build/server/index.js): everything else is in main.ts, which tests start too.
// Its worker threads' entry is beside it, in the same form: .ts from the sources, .js built (ADR 074).
const workerEntry = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url)
startServer({ workerEntry }).catch((error) => {
  console.error(error)
  process.exit(1)
})
