import type { Request } from 'express'
import { rateLimit, ipKeyGenerator } from 'express-rate-limit'
import type { AppContext } from '../context'

const MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'

/**
 * A per-IP (and optionally per-email) limiter answering 429 `{ error }` in Portuguese.
 * Off when config.rateLimit is false (tests switch it on where they test it).
 */
export function limiter(
  ctx: AppContext,
  options: { windowMs: number; limit: number; name: string; byEmail?: boolean },
) {
  const keyGenerator = (req: Request) => {
    const ip = ipKeyGenerator(req.ip ?? 'unknown')
    if (!options.byEmail) return `${options.name}:ip:${ip}`
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : ''
    return `${options.name}:email:${email}`
  }
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skip: (req) => !ctx.config.rateLimit || (options.byEmail === true && !req.body?.email),
    keyGenerator,
    handler: (_req, res) => {
      res.status(429).json({ error: MESSAGE })
    },
  })
}
