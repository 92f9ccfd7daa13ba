import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import * as z from 'zod'

// Every variable the process reads, validated once at boot. A bad value stops the
// process with a message naming the variable (see server/index.ts).
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
    .optional(),
  SESSION_SECRET: z.string().min(16, 'precisa de pelo menos 16 caracteres').optional(),
  /** Shared rate-limit counters across servers (docs/deploy.md); unset = per-process memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'deve começar com redis:// ou rediss://')
    .optional(),
  API_URL: z.url('precisa ser uma URL http(s)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Gabarita <nao-responda@gabarita.local>'),
  ADMIN_EMAIL: z.email('precisa ser um email válido').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'precisa de pelo menos 6 caracteres').optional(),
  GOOGLE_ISSUER: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_REDIRECT_URI: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  RATE_LIMIT: z.enum(['on', 'off']).optional(),
  /** The shipped discipline model (ADR 051/052); unset = server/domain/classify/default-model.json. */
  DISCIPLINE_MODEL_FILE: z.string().min(1).optional(),
  /** sandbox = our own fake hosted checkout (default outside production); none = plan changes off. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'precisa de pelo menos 16 caracteres').optional(),
  /**
   * Outside production, moves the server's clock (the one every deadline and week reads) by this
   * many seconds, to try a simulado's deadline or a period end without waiting. Refused in production.
   */
  CLOCK_OFFSET_SECONDS: z.coerce
    .number({ error: 'precisa ser um número inteiro de segundos' })
    .int('precisa ser um número inteiro de segundos')
    .min(-315_360_000, 'no máximo 10 anos para trás')
    .max(315_360_000, 'no máximo 10 anos para a frente')
    .optional(),
})

export type Env = z.infer<typeof EnvSchema>

export type Config = Env & {
  dataDir: string
  sessionSecret: string
  apiUrl: string
  databaseKind: 'pglite' | 'postgres'
  isProduction: boolean
  /** Demo accounts and fixtures are loaded on the embedded default outside production. */
  seedDemo: boolean
  rateLimit: boolean
  /** The payment provider behind checkouts; null = plan changes unavailable (docs/decisions/012). */
  paymentProvider: 'sandbox' | null
  /** Key of the webhook HMAC. */
  paymentWebhookSecret: string
  /** CLOCK_OFFSET_SECONDS in milliseconds (0 in production, where it is refused). */
  clockOffsetMs: number
}

export class ConfigError extends Error {}

export function parseEnv(env: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO=) means unset, as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(present)
  if (!result.success) {
    // The variable is named, its value never echoed: it may be a secret (SESSION_SECRET,
    // ADMIN_PASSWORD, a DATABASE_URL with a password) and this message goes to the logs.
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`)
  }
  return result.data
}

/** In development a session secret is generated once and kept in DATA_DIR. */
function resolveSessionSecret(env: Env, dataDir: string) {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('Configuração inválida:\n  SESSION_SECRET: obrigatório em produção')
  }
  const file = path.join(dataDir, 'session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = crypto.randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

/**
 * Sandbox outside production unless turned off; in production only when set by hand. The
 * webhook secret is required in production with a provider; elsewhere it is derived from the
 * session secret, so development needs no setup.
 */
function resolvePayments(env: Env, sessionSecret: string) {
  const isProduction = env.NODE_ENV === 'production'
  const provider = env.PAYMENT_PROVIDER ?? (isProduction ? 'none' : 'sandbox')
  const paymentProvider = provider === 'none' ? null : provider
  if (paymentProvider && isProduction && !env.PAYMENT_WEBHOOK_SECRET) {
    throw new ConfigError('Configuração inválida:\n  PAYMENT_WEBHOOK_SECRET: obrigatório em produção quando PAYMENT_PROVIDER está definido')
  }
  const paymentWebhookSecret =
    env.PAYMENT_WEBHOOK_SECRET ?? crypto.createHmac('sha256', sessionSecret).update('gabarita-payment-webhook').digest('hex')
  return { paymentProvider, paymentWebhookSecret }
}

/** A moved clock would let anyone sit past a deadline or stretch a paid period: never in production. */
function resolveClockOffset(env: Env) {
  if (env.CLOCK_OFFSET_SECONDS === undefined || env.CLOCK_OFFSET_SECONDS === 0) return 0
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Configuração inválida:\n  CLOCK_OFFSET_SECONDS: não é aceito em produção (o relógio do servidor não pode ser deslocado)',
    )
  }
  return env.CLOCK_OFFSET_SECONDS * 1000
}

let cached: Config | undefined

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env)
  const dataDir = path.resolve(parsed.DATA_DIR)
  const isProduction = parsed.NODE_ENV === 'production'
  const databaseKind = parsed.DATABASE_URL ? 'postgres' : 'pglite'
  const sessionSecret = resolveSessionSecret(parsed, dataDir)
  const config: Config = {
    ...parsed,
    ...resolvePayments(parsed, sessionSecret),
    dataDir,
    sessionSecret,
    apiUrl: (parsed.API_URL ?? `http://127.0.0.1:${parsed.PORT}/api/v1`).replace(/\/$/, ''),
    databaseKind,
    isProduction,
    seedDemo: parsed.SEED_DEMO ? parsed.SEED_DEMO === 'true' : !isProduction && databaseKind === 'pglite',
    rateLimit: parsed.RATE_LIMIT ? parsed.RATE_LIMIT === 'on' : parsed.NODE_ENV !== 'test',
    clockOffsetMs: resolveClockOffset(parsed),
  }
  cached = config
  return config
}

/** The config loaded at boot; Remix server modules read it lazily through this. */
export function getConfig(): Config {
  return cached ?? loadConfig()
}

/** Tests and the server set the effective config (e.g. after picking a free port). */
export function setConfig(config: Config) {
  cached = config
}
