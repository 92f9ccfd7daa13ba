import type { Logger } from 'pino'

import type { Config } from './config'
import type { Database } from './db/index'
import type { Clock } from './domain/time/clock'

/** What every API handler and domain service receives: built once in server/app.ts. */
export type AppContext = {
  config: Config
  database: Database
  db: Database['db']
  logger: Logger
  /** The one clock every rule reads (server/domain/time/clock.ts); tests move it. */
  clock: Clock
}
