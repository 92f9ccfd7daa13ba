import { Redis } from 'ioredis'

import { elapsedMs } from '../domain/time/clock'

/**
 * One Redis connection per process for what servers share (the rate-limit counters).
 * While Redis is away, commands fail at once instead of queueing: a request must not wait on
 * it (the limiter then lets the request through, see server/api/rate-limit.ts). Commands
 * sent before the first connection wait for it, so a normal boot loses nothing.
 */
let client: Redis | undefined
let clientUrl: string | undefined
let down = false
let lastLog = 0

/** At most one line a minute while Redis is away: every request would otherwise log one. */
function logOutage(message: string) {
  if (lastLog && elapsedMs() - lastLog < 60_000) return
  lastLog = elapsedMs()
  console.error(`Redis indisponível (limites de tentativas desligados até voltar): ${message}`)
}

export const rateLimitLogger = {
  error: (error: unknown) => logOutage(error instanceof Error ? error.message : String(error)),
  warn: (error: unknown) => logOutage(error instanceof Error ? error.message : String(error)),
}

export function sharedRedis(url: string): Redis {
  if (client && clientUrl === url) return client
  client = new Redis(url, {
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  clientUrl = url
  down = false
  client.on('error', (error: Error) => {
    down = true
    logOutage(error.message)
  })
  client.on('ready', () => {
    down = false
    lastLog = 0
  })
  return client
}

/** A command on the shared connection, refused at once while Redis is known to be away. */
export async function redisCommand(url: string, command: string, args: string[]) {
  const redis = sharedRedis(url)
  if (down && redis.status !== 'ready') throw new Error('Redis indisponível')
  return redis.call(command, ...args)
}

export async function closeSharedRedis() {
  const current = client
  client = undefined
  clientUrl = undefined
  if (current) await current.quit().catch(() => current.disconnect())
}
