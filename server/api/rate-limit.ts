import type { Request } from 'express'
import { ipKeyGenerator, rateLimit } from 'express-rate-limit'

import type { AppContext } from '../context'
import { rateLimitLogger } from '../shared/redis'
import { SharedRateLimitStore } from '../shared/redis-rate-limit-store'

const MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'

/**
 * A limiter answering 429 `{ error }` in Portuguese, keyed by IP (default), by the body's email,
 * or by both (`byEmail` is the older spelling of `by: 'email'`). `failuresOnly` counts only
 * requests answered with an error, so a user's own successful logins never use up the limit.
 * Off when config.rateLimit is false (tests switch it on where they test it).
 */
export function limiter(
  ctx: AppContext,
  options: {
    windowMs: number
    limit: number
    name: string
    by?: 'ip' | 'email' | 'email+ip' | 'user'
    byEmail?: boolean
    failuresOnly?: boolean
    message?: string
    /**
     * Over the limit, let the request through with `res.locals.overLimit` set instead of a 429:
     * for a cap on a side effect (a mail) that must never refuse the request itself.
     */
    overLimit?: 'refuse' | 'mark'
  },
) {
  const by = options.by ?? (options.byEmail ? 'email' : 'ip')
  const keyGenerator = (req: Request) => {
    const ip = ipKeyGenerator(req.ip ?? 'unknown')
    if (by === 'ip') return `${options.name}:ip:${ip}`
    // Per signed-in user (loadUser ran before every router): a flood from one account.
    if (by === 'user') return req.user ? `${options.name}:user:${req.user.id}` : `${options.name}:ip:${ip}`
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : ''
    return by === 'email' ? `${options.name}:email:${email}` : `${options.name}:email-ip:${email}:${ip}`
  }
  // With REDIS_URL the counters live in Redis, so a limit holds across servers and restarts.
  // One store per limiter (express-rate-limit refuses a shared one); the prefix keeps limiters
  // with the same key but another window apart.
  const store = ctx.config.REDIS_URL
    ? new SharedRateLimitStore(ctx.config.REDIS_URL, `gabarita:rl:${options.name}:${options.windowMs}:${options.limit}:`)
    : undefined
  return rateLimit({
    ...(store ? { store, passOnStoreError: true, logger: rateLimitLogger } : {}),
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    skip: (req) => !ctx.config.rateLimit || (by !== 'ip' && by !== 'user' && !req.body?.email),
    keyGenerator,
    handler: (_req, res, next) => {
      if (options.overLimit === 'mark') {
        res.locals.overLimit = true
        // The 429 headers were set for the client; this answer is not a refusal.
        res.removeHeader('Retry-After')
        return next()
      }
      res.status(429).json({ error: options.message ?? MESSAGE })
    },
  })
}
