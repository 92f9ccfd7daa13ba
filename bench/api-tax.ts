/**
 * `npm run bench:tax [-- --against=../other-checkout --rounds=7 --duration=4 --size=10000 --kind=filters --profile --live --built]`: the
 * search API's tax without the database (ADR 061, 065). The HTTP floor and this checkout's API
 * (and, with --against, another checkout's, e.g. a `git worktree` of the commit before) each run in
 * its own process over one PostgreSQL bank, every read's first answer replayed
 * (bench/api-tax-server.ts); autocannon drives them in turns, one signed-in search (--kind), and
 * the Node CPU each spent per request is read from /proc. Least and median of the rounds; the tax
 * is the API's CPU over the floor's. Steadier than searches per second on a shared machine, where
 * PostgreSQL and autocannon take the same cores.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { openDatabase } from '../server/db/index'
import { NODE_FLAGS } from '../server/node-flags'
import { generateBank } from './generate'
import {
  ADMIN_URL,
  BUILD_DIR,
  cpuMs,
  dropDatabase,
  flag,
  freshDatabase,
  hasFlag,
  log,
  measure,
  medianBy,
  postgresAvailable,
  registerStudent,
  SECRET,
  serverEnv,
  startBuiltServer,
  stop,
  waitFor,
  waitForIdle,
} from './harness'
import { summarizeProfile } from './profile'
import type { Kind } from './search-kinds'
import { API_QUERIES, KINDS } from './search-kinds'

const rounds = Number(flag('rounds') ?? 7)
const duration = Number(flag('duration') ?? 4)
const size = Number(flag('size') ?? 10_000)
const against = flag('against')
// --kind: the query kind both run (bench/search-kinds.ts), filters by default.
const kind = (flag('kind') ?? 'filters') as Kind
if (!KINDS.includes(kind)) throw new Error(`--kind: use ${KINDS.join(', ')}`)
const API_QUERY = API_QUERIES[kind]
const FLOOR_QUERY = `/floor/${kind}`

if (!(await postgresAvailable(ADMIN_URL))) throw new Error(`PostgreSQL não disponível em ${ADMIN_URL} (BENCH_DATABASE_URL)`)
const dbName = `${process.env.BENCH_DB_PREFIX ?? 'gabarita_bench'}_tax`
const url = await freshDatabase(ADMIN_URL, dbName)
const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 })
await generateBank(database.db, size, log)
await database.close()

// --live: the database answers every read (no replay), to compare with the tax without it.
// --built: the production server of BUILD_DIR too (its whole process: Remix loaded, start-up tasks;
// live, as it has no replay).
const live = hasFlag('live') || hasFlag('built')
const builtDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-tax-'))
const servers = [
  { name: 'chão', root: process.cwd(), mode: 'floor' },
  { name: 'API', root: process.cwd(), mode: 'api' },
  ...(against ? [{ name: `API de ${against}`, root: path.resolve(against), mode: 'api' }] : []),
  ...(hasFlag('built') ? [{ name: `servidor de ${BUILD_DIR}`, root: process.cwd(), mode: 'built' }] : []),
].map((server, i) => ({ ...server, port: 3201 + i, query: server.mode === 'floor' ? FLOOR_QUERY : API_QUERY }))
const env: Record<string, string> = {
  DATABASE_URL: url,
  SESSION_SECRET: SECRET,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT: 'off',
  SEED_DEMO: 'false',
}
// --profile: each server under --cpu-prof; its self time by part is printed after the figures (the
// built server's includes its start-up tasks).
const profileDirs = servers.map(() => (hasFlag('profile') ? fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-tax-prof-')) : null))
const children = servers.map((s, i) => {
  const profile = profileDirs[i] ? ['--cpu-prof', `--cpu-prof-dir=${profileDirs[i]}`] : []
  if (s.mode === 'built') return startBuiltServer(BUILD_DIR, { ...serverEnv(builtDataDir, url), PORT: String(s.port) }, profile)
  return spawn(process.execPath, [...NODE_FLAGS, ...profile, '--import', 'tsx', 'bench/api-tax-server.ts'], {
    env: { ...process.env, ...env, TAX_ROOT: s.root, TAX_MODE: s.mode, TAX_PORT: String(s.port), TAX_REPLAY: live ? 'off' : 'on' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
})
try {
  const headers: Record<string, string>[] = []
  for (const s of servers) {
    const base = `http://127.0.0.1:${s.port}`
    await waitFor(`${base}${s.mode === 'floor' ? FLOOR_QUERY : '/api/v1/health'}`)
    headers.push(s.mode === 'floor' ? {} : { authorization: `Bearer ${await registerStudent(base, `tax${s.port}`)}` })
    // The built server trains the discipline model once it listens (ADR 063): not inside a round.
    if (s.mode === 'built') await waitForIdle(children[servers.indexOf(s)]!.pid!)
  }
  // Warm up: JIT, the pools, and the replayed answers.
  for (let i = 0; i < 500; i++)
    for (const [j, s] of servers.entries()) await fetch(`http://127.0.0.1:${s.port}${s.query}`, { headers: headers[j] })
  const perRequest: number[][] = servers.map(() => [])
  for (let round = 0; round < rounds; round++)
    for (const [j, s] of servers.entries()) {
      const before = cpuMs(children[j]!.pid!)
      const stats = await measure(`http://127.0.0.1:${s.port}${s.query}`, headers[j]!, { connections: 10, duration })
      if (stats.non2xx || stats.errors) throw new Error(`${s.name}: ${stats.non2xx} respostas não 2xx, ${stats.errors} erros`)
      perRequest[j]!.push(((cpuMs(children[j]!.pid!) - before) * 1000) / stats.requests)
    }
  const least = (us: number[]) => Math.round(Math.min(...us))
  const median = (us: number[]) => Math.round(medianBy(us, (u) => u))
  log(`\nCPU do Node por busca ${kind}, ${live ? 'com o banco' : 'sem o banco'} (${rounds} rodadas de ${duration} s, menor / mediana):`)
  for (const [j, s] of servers.entries()) {
    const tax = j
      ? `; imposto sobre o chão ${least(perRequest[j]!) - least(perRequest[0]!)} / ${median(perRequest[j]!) - median(perRequest[0]!)} µs`
      : ''
    log(`  ${s.name.padEnd(24)} ${least(perRequest[j]!)} / ${median(perRequest[j]!)} µs${tax}`)
  }
} finally {
  for (const child of children) await stop(child)
  await dropDatabase(ADMIN_URL, dbName)
  fs.rmSync(builtDataDir, { recursive: true, force: true })
}
for (const [j, dir] of profileDirs.entries()) {
  if (!dir) continue
  log(`\nPerfil de ${servers[j]!.name} (--profile):\n${summarizeProfile(dir, 25)}`)
  fs.rmSync(dir, { recursive: true, force: true })
}
