import pg from 'pg'
import type { Logger } from 'pino'

import { REFERENCE_CHANNEL, referenceDataChanged } from '../domain/reference-data'

/**
 * LISTEN on the reference-data channel over one dedicated connection (ADR 019): an import
 * committed by any server bumps this process's version, so its web caches refill. A lost
 * connection is re-opened, and the version bumped then too (a NOTIFY may have been missed).
 */
export function listenForReferenceChanges(url: string, logger: Logger) {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined

  const connect = async () => {
    if (stopped) return
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === REFERENCE_CHANNEL) referenceDataChanged()
    })
    const reconnect = (error?: Error) => {
      if (stopped || client !== next) return
      client = undefined
      if (error) logger.warn({ err: error }, 'LISTEN perdido; reconectando')
      next.end().catch(() => {})
      retry = setTimeout(connect, 1_000)
      retry.unref()
    }
    next.on('error', reconnect)
    next.on('end', () => reconnect())
    try {
      await next.connect()
      await next.query(`LISTEN ${REFERENCE_CHANNEL}`)
      client = next
      referenceDataChanged()
    } catch (error) {
      next.end().catch(() => {})
      if (stopped) return
      logger.warn({ err: error }, 'LISTEN indisponível; nova tentativa em 1 s')
      retry = setTimeout(connect, 1_000)
      retry.unref()
    }
  }

  const ready = connect()
  return {
    ready,
    close: async () => {
      stopped = true
      if (retry) clearTimeout(retry)
      const current = client
      client = undefined
      if (current) await current.end().catch(() => {})
    },
  }
}
