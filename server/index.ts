import { startServer } from './main'

// The process entry (build/server/index.js): everything else is in main.ts, which tests start too.
startServer().catch((error) => {
  console.error(error)
  process.exit(1)
})
