import type { ClientRateLimitInfo } from 'express-rate-limit'
import { RedisStore } from 'rate-limit-redis'

import { redisCommand } from './redis'

/**
 * rate-limit-redis's store over the process's ioredis connection. Its Lua scripts are loaded
 * once at start; if Redis was away then, the failed load would be kept forever and every
 * later request would fail open. Here a failed call reloads them, so the limits come back
 * with Redis.
 */
export class SharedRateLimitStore extends RedisStore {
  constructor(url: string, prefix: string) {
    super({
      prefix,
      sendCommand: (command: string, ...args: string[]) => redisCommand(url, command, args) as never,
    })
  }

  private reloadScripts() {
    this.incrementScriptSha = this.loadIncrementScript()
    this.getScriptSha = this.loadGetScript()
    // A failure is seen by the next caller; never an unhandled rejection.
    this.incrementScriptSha.catch(() => {})
    this.getScriptSha.catch(() => {})
  }

  override async increment(key: string): Promise<ClientRateLimitInfo> {
    try {
      return await super.increment(key)
    } catch (error) {
      this.reloadScripts()
      throw error
    }
  }

  override async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    try {
      return await super.get(key)
    } catch (error) {
      this.reloadScripts()
      throw error
    }
  }
}
