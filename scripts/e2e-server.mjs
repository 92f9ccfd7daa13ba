// Starts the built server for Playwright on a fresh data directory (or the fresh
// database .ci/run names in DATABASE_URL), with demo content and a local outbox.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-e2e-'))
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
  SEED_DEMO: 'true',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
}
// Google login points at a local OIDC provider the accounts spec starts on PORT+1000
// (discovery is lazy, so nothing breaks while it is not running).
env.GOOGLE_ISSUER ??= `http://127.0.0.1:${Number(env.PORT) + 1000}`
env.GOOGLE_CLIENT_ID ??= 'gabarita-e2e'
env.GOOGLE_CLIENT_SECRET ??= 'gabarita-e2e-secret'
// The sandbox payment provider (billing.spec.ts walks its hosted checkout); production mode
// would otherwise have none, and then requires the webhook secret.
env.PAYMENT_PROVIDER ??= 'sandbox'
env.PAYMENT_WEBHOOK_SECRET ??= 'e2e-webhook-secret-0123456789abcdef'
// Tests find the data directory (mail outbox under outbox/) through this file.
fs.writeFileSync(path.join(os.tmpdir(), `gabarita-e2e-${env.PORT}`), dataDir)
const child = spawn(process.execPath, [`${process.env.BUILD_DIR || 'build'}/server/index.js`], { env, stdio: 'inherit' })
const stop = () => child.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
