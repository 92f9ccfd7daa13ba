// What the benchmarks share: the built server as a child process, autocannon with the latency
// of every response kept (its own histogram rounds p95 away), and the cookie a login sets.
import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import type { Page } from '@playwright/test'
import autocannon from 'autocannon'
import pg from 'pg'

import { NODE_FLAGS } from '../server/node-flags'

// What every run reads from its command line and environment.
const args = process.argv.slice(2)
export const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
export const hasFlag = (name: string) => args.includes(`--${name}`)
export const BUILD_DIR = process.env.BUILD_DIR || 'build'
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const PORT = Number(process.env.BENCH_PORT ?? 3190)
export const SECRET = 'bench-session-secret-0123456789abcdef'

/** A mid-range phone on slow 4G as Chrome's DevTools emulate it (issue 66): 150 ms round trip, 1.6 / 0.75 Mbps, CPU 4× slower. */
export const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 }
export const CPU_SLOWDOWN = 4

/** Until React has hydrated the page (it marks the body last). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')))

/** The measured server's environment: production mode on PORT, no demo, no rate limits. */
export function serverEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    SEED_DEMO: 'false',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  return env
}

/** A new student registered through the API; their token. */
export async function registerStudent(base: string, tag: string) {
  const reg = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-${tag}${Date.now()}@bench.gabarita`,
      phone: '(11) 98765-4321',
      password: 'bench-senha-1',
    }),
  })
  if (reg.status !== 201) throw new Error(`registro falhou: ${reg.status} ${await reg.text()}`)
  return ((await reg.json()) as { token: string }).token
}

export type Target = { name: string; status: 'PASS' | 'FAIL' | 'SKIP'; detail: string }

/**
 * Prints the targets and writes bench/results/<prefix><time>.json (the report with its targets)
 * and .md (the `body` lines, then the targets).
 */
export function writeReport(prefix: string, report: object, body: string[], targets: Target[]) {
  log('\n== Metas')
  for (const t of targets) log(`${t.status.padEnd(4)}  ${t.name}: ${t.detail}`)
  const name = `${prefix}${new Date().toISOString().replace(/[:.]/g, '-')}`
  const outDir = path.join('bench', 'results')
  fs.mkdirSync(outDir, { recursive: true })
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify({ ...report, targets }, null, 2)}\n`)
  const md = [...body, '', '## Metas', '', ...targets.map((t) => `- **${t.status}** ${t.name}: ${t.detail}`), '']
  fs.writeFileSync(path.join(outDir, `${name}.md`), md.join('\n'))
  log(`\nrelatórios: bench/results/${name}.json e .md`)
}

export type Stats = { p50: number; p95: number; p99: number; rps: number; requests: number; errors: number; non2xx: number }
export type Load = { connections: number; duration: number }

export const round = (n: number) => Math.round(n * 100) / 100

export function log(msg: string) {
  process.stdout.write(`${msg}\n`)
}

/** The median of `values`: of an even count, the mean of the two middle ones. */
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The middle of `items` by `key` (of an odd count; the lower middle otherwise). */
export const medianBy = <T>(items: T[], key: (item: T) => number) =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)]!

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export async function measure(url: string, headers: Record<string, string>, { connections, duration }: Load): Promise<Stats> {
  const times: number[] = []
  const instance = autocannon({ url, connections, duration, headers })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => times.push(time))
  const result = await instance
  times.sort((a, b) => a - b)
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    rps: round(result.requests.total / duration),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

export async function waitFor(url: string, timeoutMs = 120_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`servidor não respondeu em ${url}`)
}

/** A process's CPU time (user + system) in ms, read from /proc (0 once it has gone). */
export function cpuMs(pid: number) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime, in clock ticks (USER_HZ = 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/**
 * Waits until the process has used under 5% of a core for two seconds in a row: the server's
 * background tasks after it listens (the discipline model trained on the bank, ADR 052; the
 * citations read, ADR 055) must not run inside a measurement. Gives up after `timeoutMs`.
 */
export async function waitForIdle(pid: number, timeoutMs = 600_000) {
  const start = Date.now()
  let quiet = 0
  let last = cpuMs(pid)
  while (Date.now() - start < timeoutMs && quiet < 2) {
    await new Promise((r) => setTimeout(r, 1_000))
    const now = cpuMs(pid)
    quiet = now - last < 50 ? quiet + 1 : 0
    last = now
  }
  return Math.round((Date.now() - start) / 1000)
}

/** A process's resident memory in MB, read from outside it (0 once it has gone). */
export function rssMb(pid: number) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Math.round(Number(m[1]) / 1024) : 0
  } catch {
    return 0
  }
}

/** The bundled server of `buildDir` (what production runs), its stderr on ours. */
export function startBuiltServer(buildDir: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...NODE_FLAGS, ...nodeArgs, path.join(buildDir, 'server/index.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

export async function postgresAvailable(url: string) {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

/** A fresh database on the server of `adminUrl` (dropped first if a run left it), and its URL. */
export async function freshDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}

/** The cookie a login sets, made by the web's own session code (the token is sealed in it). */
export async function sessionCookie(secret: string, token: string, searchSeed = 'bench-visitor') {
  process.env.SESSION_SECRET = secret
  const web = await import('../app/utils/session.server')
  const session = await web.sessionStorage().getSession()
  session.set('token', web.sealToken(token))
  session.set('searchSeed', searchSeed)
  const header = await web.commitSession(session)
  return header.split(';')[0]
}
