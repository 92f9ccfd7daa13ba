import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

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
}

export class ConfigError extends Error {}

export function parseEnv(env: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO=) means unset, as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(present)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message} (valor: ${JSON.stringify(env[String(issue.path[0])])})`,
    )
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

let cached: Config | undefined

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env)
  const dataDir = path.resolve(parsed.DATA_DIR)
  const isProduction = parsed.NODE_ENV === 'production'
  const databaseKind = parsed.DATABASE_URL ? 'postgres' : 'pglite'
  const config: Config = {
    ...parsed,
    dataDir,
    sessionSecret: resolveSessionSecret(parsed, dataDir),
    apiUrl: (parsed.API_URL ?? `http://127.0.0.1:${parsed.PORT}/api/v1`).replace(/\/$/, ''),
    databaseKind,
    isProduction,
    seedDemo: parsed.SEED_DEMO ? parsed.SEED_DEMO === 'true' : !isProduction && databaseKind === 'pglite',
    rateLimit: parsed.RATE_LIMIT ? parsed.RATE_LIMIT === 'on' : parsed.NODE_ENV !== 'test',
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
