import type { Config } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db/index'
import { systemClock } from './domain/time/clock'
import { createLogger } from './logger'

/** Opens the database the config names and builds the shared context. */
export async function createContext(config: Config, logger = createLogger(config.LOG_LEVEL)): Promise<AppContext> {
  const database = await openDatabase({
    ...(config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.dataDir }),
    // The server process hears every change to accounts and tokens, so it may reuse sessions (ADR 030).
    sessionCache: true,
  })
  // One clock for every rule (ADR 045): the real one, moved by CLOCK_OFFSET_SECONDS outside production.
  const offset = config.clockOffsetMs
  if (offset) logger.warn({ clockOffsetSeconds: offset / 1000 }, 'Relógio do servidor deslocado por CLOCK_OFFSET_SECONDS')
  return { config, database, db: database.db, logger, clock: systemClock(offset) }
}
