import { openDatabaseWithSessions } from './api/session'
import type { Config } from './config'
import type { AppContext } from './context'
import { systemClock } from './domain/time/clock'
import { createLogger } from './logger'

/** Opens the database the config names and builds the shared context. */
export async function createContext(config: Config, logger = createLogger(config.LOG_LEVEL)): Promise<AppContext> {
  // The server process hears every change to accounts and tokens, so it may reuse sessions (ADR 030).
  const database = await openDatabaseWithSessions(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.dataDir },
  )
  // One clock for every rule (ADR 045): the real one, moved by CLOCK_OFFSET_SECONDS outside production.
  const offset = config.clockOffsetMs
  if (offset) logger.warn({ clockOffsetSeconds: offset / 1000 }, 'Relógio do servidor deslocado por CLOCK_OFFSET_SECONDS')
  return { config, database, db: database.db, logger, clock: systemClock(offset) }
}
