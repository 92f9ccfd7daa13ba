import type { Logger } from 'pino'

import type { Config } from './config'
import type { Database } from './db/index'

/** What every API handler and domain service receives: built once in server/app.ts. */
export type AppContext = {
  config: Config
  database: Database
  db: Database['db']
  logger: Logger
  /** The time the billing rules see; tests move it to cross a period end. Defaults to the real clock. */
  clock?: () => Date
}
