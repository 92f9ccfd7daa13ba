/**
 * npm run bench [-- --quick] [--sizes=10000,100000,1000000] [--duration=10] [--rounds=5] [--api-only] [--restart]
 *
 * Generates synthetic banks, starts the BUILT server (production mode, $BUILD_DIR)
 * on loopback for each size, and measures with autocannon: the search API and the
 * /questoes SSR for four query kinds, against the same searches run from Node (direct) and
 * behind a bare Express route (the HTTP floor), plus a bare Express JSON endpoint as the
 * ceiling; on the smallest bank, each /dashboard tab for a new student and for one with
 * 10,000 answers (bench/dashboard.ts). Writes bench/results/<timestamp>.json and .md and
 * prints PASS/FAIL per target. Then the simulados and Revisão scenarios (bench/simulados.ts,
 * bench/revisao.ts), each with its own report; --skip-study leaves them out.
 * The floor runs beside the server and is measured beside the API, kind by kind, --rounds times in
 * turns whose order alternates (floor then API, API then floor…), so both see the same machine; the
 * API / floor target reads the median of the rounds' own ratios (ADR 078); --api-only measures
 * the direct search, the floor and the API only (no pages, dashboard, bytes or import); --restart
 * measures a server started again once its first start has read the new bank (ADR 073).
 * BENCH_DB_PREFIX names the databases it creates (default gabarita_bench: <prefix>_<size>).
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * is used when reachable; otherwise PGlite, without the 1M size.
 */
import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Db } from '../server/db/index'
import { openDatabase } from '../server/db/index'
import { searchParamsWith, searchQuestions } from '../server/domain/questions/search'
import { NODE_FLAGS } from '../server/node-flags'
import type { DashboardTab } from './dashboard'
import { DASHBOARD_TABS, dashboardPath, HEAVY_ATTEMPTS, seedStudent } from './dashboard'
import { generateBank } from './generate'
import type { Stats, Target } from './harness'
import {
  ADMIN_URL,
  BUILD_DIR,
  cpuMs,
  dropDatabase,
  flag,
  freshDatabase,
  hasFlag,
  log,
  measure as measureWith,
  median,
  medianBy,
  PORT,
  postgresAvailable,
  registerStudent,
  round,
  rssMb,
  SECRET,
  serverEnv,
  sessionCookie as cookieFor,
  startBuiltServer,
  stop,
  waitFor,
  waitForIdle,
  writeReport,
} from './harness'
import type { ImportRun } from './import'
import { benchImport } from './import'
import { CSS_GZIP_BUDGET, HTML_BUDGET, JS_GZIP_BUDGET, pageBytes } from './page-bytes'
import { summarizeProfile } from './profile'
import type { Kind } from './search-kinds'
import { API_QUERIES, KINDS, SEARCH_PARAMS, SSR_QUERIES } from './search-kinds'

const quick = hasFlag('quick')
const duration = Number(flag('duration') ?? (quick ? 4 : 10))
const connections = Number(flag('connections') ?? 10)
const buildDir = BUILD_DIR
const adminUrl = ADMIN_URL
const profile = hasFlag('profile')
const apiOnly = hasFlag('api-only')
const withImport = !hasFlag('no-import') && !apiOnly
// Five by default: single rounds' API / floor ratios moved from 76% to 111% in a run whose kinds'
// medians read 96–101% (ADR 078).
const rounds = Math.max(1, Number(flag('rounds') ?? 5))
// --restart: measure a server started again on the bank its first start has read (ADR 073, 074).
const restart = hasFlag('restart')
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'gabarita_bench'
const BARE_PORT = PORT + 1
const FLOOR_PORT = PORT + 2

// The same searches the API runs, straight from Node over a pool of the server's size:
// no HTTP, no auth, no logging (issue 16, target 1: the API tax).
async function measureDirect(db: Db, kind: Kind): Promise<{ rps: number; requests: number }> {
  const params = searchParamsWith(SEARCH_PARAMS[kind])
  await searchQuestions(db, params)
  let done = 0
  const until = Date.now() + duration * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        await searchQuestions(db, params)
        done++
      }
    }),
  )
  return { rps: round(done / duration), requests: done }
}

const measure = (url: string, headers: Record<string, string>) => measureWith(url, headers, { connections, duration })

/**
 * A run, and the Node CPU the serving process spent per answer (µs, read from /proc around it):
 * the API's tax itself, steadier than searches per second on a machine whose two cores
 * autocannon and PostgreSQL share (bench/README.md, issue 41).
 */
async function measureCpu(url: string, headers: Record<string, string>, pid: number) {
  const before = cpuMs(pid)
  const stats = await measure(url, headers)
  return { ...stats, nodeUs: Math.round(((cpuMs(pid) - before) * 1000) / Math.max(1, stats.requests)) }
}
const sessionCookie = (token: string) => cookieFor(SECRET, token)
const startServer = (env: Record<string, string>, nodeArgs: string[] = []) => startBuiltServer(buildDir, env, nodeArgs)

const PROFILE_TITLES = { api: 'API de busca', ssr: 'SSR de /questoes' }

/** The server under --cpu-prof for twice a scenario's time on the default list; the summary. */
async function profileServer(env: Record<string, string>, target: 'api' | 'ssr') {
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-bench-prof-'))
  const profiled = startServer(env, ['--cpu-prof', `--cpu-prof-dir=${profDir}`])
  try {
    const base = `http://127.0.0.1:${PORT}`
    await waitFor(`${base}/api/v1/health`)
    await waitForIdle(profiled.pid!)
    const token = await registerStudent(base, 'p')
    const [url, headers] =
      target === 'api'
        ? [`${base}${API_QUERIES.random}`, { authorization: `Bearer ${token}` }]
        : [`${base}${SSR_QUERIES.random}`, { cookie: await sessionCookie(token) }]
    for (let i = 0; i < 20; i++) await fetch(url, { headers })
    // Twice the scenario's time, so the requests outweigh the start-up in the profile.
    await measure(url, headers)
    await measure(url, headers)
  } finally {
    await stop(profiled)
  }
  const summary = summarizeProfile(profDir)
  fs.rmSync(profDir, { recursive: true, force: true })
  return summary
}

/**
 * The HTTP floor (bench/floor-server.ts): Express, the same search, res.json and nothing else,
 * on this size's bank, with the server's V8 flags. The API can at best match it. It runs beside
 * the server so that each kind's floor is measured right before its API run.
 */
async function startFloor(database: { DATABASE_URL?: string; DATA_DIR?: string }) {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'bench/floor-server.ts'], {
    env: { ...process.env, ...database, FLOOR_PORT: String(FLOOR_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${FLOOR_PORT}/floor`
  await waitFor(`${base}/random`)
  for (const kind of KINDS) await fetch(`${base}/${kind}`)
  return { child, url: (kind: Kind) => `${base}/${kind}` }
}

/** The Node CPU the API spends per search over the floor's (the median of the rounds), when both were read. */
function taxNote(turns: { floorNodeUs: number[]; apiNodeUs: number[] }) {
  if (!turns.floorNodeUs.length || !turns.apiNodeUs.length) return ''
  const [floorUs, apiUs] = [medianBy(turns.floorNodeUs, (us) => us), medianBy(turns.apiNodeUs, (us) => us)]
  return `; CPU do Node por busca: ${apiUs} µs na API, ${floorUs} µs no chão (+${apiUs - floorUs} µs)`
}

/** The round whose searches per second are the median. */
const medianRound = (runs: Stats[]) => medianBy(runs, (run) => run.rps)

/**
 * Each round's API / floor ratio, the two read side by side (PGlite's floor, read once before the
 * server, stands beside every round), and their median: what issue 41's target reads (ADR 078).
 */
function apiOverFloor(turns: { floor: number[]; api: number[] }) {
  const ratios = turns.api.map((api, i) => api / Math.max(1, turns.floor[i] ?? turns.floor[0]!))
  return { ratios, median: median(ratios) }
}
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`

function startBare(): ChildProcess {
  // The ceiling: the same Express, one small JSON answer, nothing else.
  const code = `import express from 'express'; const app = express(); app.get('/bare', (_q, r) => r.json({ success: true, data: [] })); app.listen(${BARE_PORT}, '127.0.0.1')`
  return spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'inherit' })
}

async function main() {
  if (!fs.existsSync(path.join(buildDir, 'server/index.js')))
    throw new Error(`build não encontrado em ${buildDir}: rode BUILD_DIR=${buildDir} npm run build`)
  const usePg = await postgresAvailable(adminUrl)
  const defaultSizes = usePg ? (quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]) : [10_000, 100_000]
  const sizes = (flag('sizes')?.split(',').map(Number) ?? defaultSizes).filter((s) => usePg || s < 1_000_000)
  log(`Gabarita bench: ${usePg ? 'PostgreSQL' : 'PGlite'}, tamanhos ${sizes.join(', ')}, ${duration}s por cenário, ${connections} conexões`)

  const bare = startBare()
  await waitFor(`http://127.0.0.1:${BARE_PORT}/bare`)
  const bareStats = await measure(`http://127.0.0.1:${BARE_PORT}/bare`, {})
  await stop(bare)
  log(`bare express: ${bareStats.rps} req/s, p95 ${bareStats.p95} ms`)

  const results: Record<
    string,
    {
      api: Record<Kind, Stats>
      /** Not measured with --api-only. */
      ssr?: Record<Kind, Stats>
      direct: Record<Kind, { rps: number; requests: number }>
      floor: Record<Kind, Stats>
      /** Each round, floor and API in turns (the figures above are the median round): searches per second, and Node CPU per search. */
      rounds: Record<Kind, { floor: number[]; api: number[]; floorNodeUs: number[]; apiNodeUs: number[] }>
      generateSeconds: number
      /** The server's RSS after the warm-up, and its highest during this size's scenarios. */
      rss: { idleMb: number; peakMb: number }
    }
  > = {}
  const profiles: Partial<Record<'api' | 'ssr', string>> = {}
  let bytes: Awaited<ReturnType<typeof pageBytes>> | undefined
  // Issue 14: each dashboard tab for a new student and for one with 10,000 attempts (smallest bank).
  const dashboard = {} as Record<DashboardTab, { empty: Stats; heavy: Stats }>

  for (const size of sizes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-bench-'))
    let dbUrl: string | undefined
    const dbName = `${DB_PREFIX}_${size}`
    if (usePg) dbUrl = await freshDatabase(adminUrl, dbName)
    log(`\n== ${size.toLocaleString('pt-BR')} questões: gerando...`)
    const started = Date.now()
    const database = usePg
      ? await openDatabase({ kind: 'postgres', url: dbUrl!, poolSize: 4 })
      : await openDatabase({ kind: 'pglite', dataDir }) // the server's own DATA_DIR: it must find this bank
    await generateBank(database.db, size, log)
    const generateSeconds = round((Date.now() - started) / 1000)
    log(`  gerado em ${generateSeconds}s`)
    const students =
      size === sizes[0] && !apiOnly
        ? {
            empty: (await seedStudent(database.db, 'Nova', 0)).token,
            heavy: (await seedStudent(database.db, 'Veterana', HEAVY_ATTEMPTS)).token,
          }
        : null
    // Direct from Node before the server starts (PGlite has one opener), on a pool of the
    // server's size (10) for PostgreSQL.
    const direct = {} as Record<Kind, { rps: number; requests: number }>
    let measured = database
    if (usePg) {
      await database.close()
      measured = await openDatabase({ kind: 'postgres', url: dbUrl!, poolSize: 10 })
    }
    for (const kind of KINDS) {
      direct[kind] = await measureDirect(measured.db, kind)
      log(`  direto ${kind.padEnd(8)} ${direct[kind].rps} buscas/s`)
    }
    await measured.close()
    // PGlite has one opener: there the floor is measured alone, before the server starts.
    const floorBefore = {} as Record<Kind, Stats>
    if (!usePg) {
      const floorServer = await startFloor({ DATA_DIR: dataDir })
      try {
        for (const kind of KINDS) floorBefore[kind] = await measure(floorServer.url(kind), {})
      } finally {
        await stop(floorServer.child)
      }
    }
    const floorServer = usePg ? await startFloor({ DATABASE_URL: dbUrl }) : null

    const env = serverEnv(dataDir, dbUrl)
    let server = startServer(env)
    try {
      const base = `http://127.0.0.1:${PORT}`
      await waitFor(`${base}/api/v1/health`)
      const token = await registerStudent(base, '')
      const cookie = await sessionCookie(token)
      const auth = { authorization: `Bearer ${token}` }
      // The server trains the discipline model on the new bank and reads its citations once it
      // listens (ADR 052, 055): none of that may fall inside a measurement.
      log(`  tarefas de início do servidor: ${await waitForIdle(server.pid!)} s`)
      // --restart: a server that finds the bank already read, as after a deploy. On PostgreSQL the first
      // start's citations pass runs in a worker thread now (ADR 074); it left the serving thread slower
      // until a restart when it ran there (ADR 073), and PGlite still runs it there.
      if (restart) {
        await stop(server)
        server = startServer(env)
        await waitFor(`${base}/api/v1/health`)
        log(`  reiniciado: tarefas de início ${await waitForIdle(server.pid!)} s`)
      }
      // Warm up (JIT, connection pools, page cache).
      for (const kind of KINDS) {
        await fetch(`${base}${API_QUERIES[kind]}`, { headers: auth })
        if (!apiOnly) await fetch(`${base}${SSR_QUERIES[kind]}`, { headers: { cookie } })
      }
      // Issue 16, target 4: the server's memory with this bank, read from outside the process.
      await new Promise((r) => setTimeout(r, 2_000))
      const rss = { idleMb: rssMb(server.pid!), peakMb: 0 }
      const sampler = setInterval(() => (rss.peakMb = Math.max(rss.peakMb, rssMb(server.pid!))), 200)
      log(`  RSS do servidor parado: ${rss.idleMb} MB`)
      const api = {} as Record<Kind, Stats>
      const floor = {} as Record<Kind, Stats>
      const ssr = apiOnly ? undefined : ({} as Record<Kind, Stats>)
      const runs = {} as Record<Kind, { floor: number[]; api: number[]; floorNodeUs: number[]; apiNodeUs: number[] }>
      for (const kind of KINDS) {
        const check = (await (await fetch(`${base}${API_QUERIES[kind]}`, { headers: auth })).json()) as {
          total: number
          total_exact: boolean
        }
        // Every query kind matches part of the generated bank: none means the server is not
        // reading it (a PGlite run once measured an empty bank in another directory).
        if (!check.total) throw new Error(`a busca ${kind} não achou nada: o servidor não vê o banco gerado`)
        // The floor and the API in turns, so that the two see the same machine.
        const floorRuns: (Stats & { nodeUs: number })[] = []
        const apiRuns: (Stats & { nodeUs: number })[] = []
        const floorTurn = async () => {
          if (floorServer) floorRuns.push(await measureCpu(floorServer.url(kind), {}, floorServer.child.pid!))
        }
        const apiTurn = async () => void apiRuns.push(await measureCpu(`${base}${API_QUERIES[kind]}`, auth, server.pid!))
        for (let round = 0; round < rounds; round++) {
          // The floor first in even rounds, the API first in odd ones: whatever weighs on the second
          // run of a pair (the first one's garbage in this process, the machine's drift) falls on
          // both alike (ADR 078).
          if (round % 2) await apiTurn().then(floorTurn)
          else await floorTurn().then(apiTurn)
          const [f, a] = [floorRuns.at(-1) ?? floorBefore[kind], apiRuns.at(-1)!]
          const cpu = floorRuns.length ? `; Node ${floorRuns.at(-1)!.nodeUs} µs/busca no chão, ${a.nodeUs} µs na API` : ''
          log(
            `  chão HTTP ${kind.padEnd(8)} ${f.rps} buscas/s  API ${a.rps} (${Math.round((a.rps / Math.max(1, f.rps)) * 100)}%)${cpu}, load ${os.loadavg()[0]!.toFixed(2)}`,
          )
        }
        floor[kind] = floorServer ? medianRound(floorRuns) : floorBefore[kind]
        api[kind] = medianRound(apiRuns)
        runs[kind] = {
          floor: floorRuns.length ? floorRuns.map((r) => r.rps) : [floorBefore[kind].rps],
          api: apiRuns.map((r) => r.rps),
          floorNodeUs: floorRuns.map((r) => r.nodeUs),
          apiNodeUs: apiRuns.map((r) => r.nodeUs),
        }
        log(
          `  API ${kind.padEnd(8)} total=${check.total}${check.total_exact ? '' : '+'}  p50 ${api[kind].p50} p95 ${api[kind].p95} p99 ${api[kind].p99} ms  ${api[kind].rps} req/s (${percent(apiOverFloor(runs[kind]).median)} do chão, mediana das rodadas)`,
        )
        if (!ssr) continue
        ssr[kind] = await measure(`${base}${SSR_QUERIES[kind]}`, { cookie })
        log(
          `  SSR ${kind.padEnd(8)} p50 ${ssr[kind].p50} p95 ${ssr[kind].p95} p99 ${ssr[kind].p99} ms  ${ssr[kind].rps} req/s${ssr[kind].non2xx ? ` (${ssr[kind].non2xx} não-2xx!)` : ''}`,
        )
      }
      clearInterval(sampler)
      log(`  RSS do servidor: pico ${rss.peakMb} MB nas buscas e páginas`)
      if (!bytes && !apiOnly) bytes = await pageBytes(base, cookie)
      results[size] = { api, ssr, direct, floor, rounds: runs, generateSeconds, rss }
      if (students && !apiOnly) {
        const cookies = { empty: await sessionCookie(students.empty), heavy: await sessionCookie(students.heavy) }
        for (const tab of DASHBOARD_TABS) {
          const url = `${base}${dashboardPath(tab)}`
          for (const who of ['empty', 'heavy'] as const) {
            const res = await fetch(url, { headers: { cookie: cookies[who] } })
            if (res.status !== 200) throw new Error(`${dashboardPath(tab)} (${who}): ${res.status}`)
          }
          dashboard[tab] = { empty: await measure(url, { cookie: cookies.empty }), heavy: await measure(url, { cookie: cookies.heavy }) }
          log(
            `  painel ${tab.padEnd(13)} novo p95 ${dashboard[tab].empty.p95} ms  com ${HEAVY_ATTEMPTS} respostas p95 ${dashboard[tab].heavy.p95} ms  ${dashboard[tab].heavy.rps} req/s`,
          )
        }
      }
    } finally {
      await stop(server)
      if (floorServer) await stop(floorServer.child)
    }
    if (profile && size === sizes[sizes.length - 1]) {
      // Where the CPU goes: the same server under --cpu-prof, once for the API search and once
      // for the page, both on the default (random) list.
      for (const target of apiOnly ? (['api'] as const) : (['api', 'ssr'] as const)) {
        profiles[target] = await profileServer(env, target)
        log(`\n== Perfil de CPU (${PROFILE_TITLES[target]})\n${profiles[target]}`)
      }
    }
    {
      fs.rmSync(dataDir, { recursive: true, force: true })
      if (usePg) await dropDatabase(adminUrl, dbName)
    }
  }

  // Targets (issue 5).
  const targets: Target[] = []
  const million = results[1_000_000]
  for (const kind of KINDS) {
    if (!million || !results[10_000]) {
      targets.push({ name: `p95 1M ≤ 2× p95 10k (${kind})`, status: 'SKIP', detail: '1M ou 10k não medido nesta execução' })
      continue
    }
    const a = million.api[kind].p95
    const b = results[10_000].api[kind].p95
    targets.push({
      name: `p95 1M ≤ 2× p95 10k (${kind})`,
      status: a <= 2 * b ? 'PASS' : 'FAIL',
      detail: `${a} ms vs ${b} ms (limite ${round(2 * b)} ms)`,
    })
  }
  const largestSize = Math.max(...Object.keys(results).map(Number))
  // Issue 16 replaced issue 5's two ratios (bench/README.md): the API against the same
  // statements from Node, and the page against the API, per size and query kind.
  for (const [size, r] of Object.entries(results)) {
    const label = Number(size).toLocaleString('pt-BR')
    for (const kind of KINDS) {
      const ratio = r.api[kind].rps / Math.max(1, r.direct[kind].rps)
      targets.push({
        name: `API ≥ 60% do direto (${kind}, ${label})`,
        status: ratio >= 0.6 ? 'PASS' : 'FAIL',
        detail: `${r.api[kind].rps} vs ${r.direct[kind].rps} buscas/s (${Math.round(ratio * 100)}%); o chão HTTP (Express + a busca + res.json, nada mais): ${r.floor[kind].rps} (${Math.round((r.floor[kind].rps / Math.max(1, r.direct[kind].rps)) * 100)}%)`,
      })
    }
    // Issue 41: the API against the floor measured beside it, the median of the rounds' own ratios;
    // the median rounds' searches per second (each side's from its own round) are given beside it.
    for (const kind of KINDS) {
      const { ratios, median: ratio } = apiOverFloor(r.rounds[kind])
      const perRound = ratios.length > 1 ? `mediana das rodadas (${ratios.map(percent).join(', ')})` : 'uma rodada'
      targets.push({
        name: `API ≥ 90% do chão HTTP (${kind}, ${label})`,
        status: ratio >= 0.9 ? 'PASS' : 'FAIL',
        detail: `${percent(ratio)}, ${perRound}; rodadas medianas ${r.api[kind].rps} vs ${r.floor[kind].rps} buscas/s (${percent(r.api[kind].rps / Math.max(1, r.floor[kind].rps))})${taxNote(r.rounds[kind])}`,
      })
    }
    for (const kind of r.ssr ? KINDS : []) {
      const ratio = r.ssr![kind].rps / Math.max(1, r.api[kind].rps)
      targets.push({
        name: `SSR ≥ 40% da API (${kind}, ${label})`,
        status: ratio >= 0.4 ? 'PASS' : 'FAIL',
        detail: `${r.ssr![kind].rps} vs ${r.api[kind].rps} req/s (${Math.round(ratio * 100)}%)`,
      })
    }
  }
  for (const kind of KINDS) {
    const ratio = results[largestSize].api[kind].rps / bareStats.rps
    targets.push({
      name: `(informativo) API / bare (${kind}, ${largestSize.toLocaleString('pt-BR')})`,
      status: 'SKIP',
      detail: `${results[largestSize].api[kind].rps} vs ${bareStats.rps} req/s (${Math.round(ratio * 100)}%): meta retirada, ver bench/README.md`,
    })
  }
  for (const tab of Object.keys(dashboard) as DashboardTab[]) {
    const { empty, heavy } = dashboard[tab]
    targets.push({
      name: `Painel com ${HEAVY_ATTEMPTS.toLocaleString('pt-BR')} respostas: p95 ≤ 2× o de um aluno novo (${tab})`,
      status: heavy.p95 <= 2 * Math.max(empty.p95, 1) ? 'PASS' : 'FAIL',
      detail: `${heavy.p95} ms vs ${empty.p95} ms (${heavy.rps} vs ${empty.rps} req/s)`,
    })
  }
  // Target 4's idle figures (the peak under 64 connections is the load test's): PGlite ≤ 450 MB
  // with 100k questions, PostgreSQL ≤ 150 MB whatever the bank.
  for (const [size, r] of Object.entries(results)) {
    const limit = usePg ? 150 : 450
    targets.push({
      name: `RSS do servidor parado ≤ ${limit} MB (${Number(size).toLocaleString('pt-BR')} questões)`,
      status: r.rss.idleMb <= limit ? 'PASS' : 'FAIL',
      detail: `${r.rss.idleMb} MB parado, ${r.rss.peakMb} MB no pico das buscas e páginas (${connections} conexões)`,
    })
  }
  let importRun: ImportRun | undefined
  if (withImport) {
    importRun = await benchImport(usePg ? 'postgres' : 'pglite')
    const goal = usePg ? 5_000 : 2_000
    targets.push({
      name: `Importação ≥ ${goal} questões/s (10 × 500, um envio)`,
      status: importRun.newPerSecond >= goal ? 'PASS' : 'FAIL',
      detail: `${importRun.newPerSecond}/s novas (${importRun.newMs} ms), ${importRun.forcePerSecond}/s com force`,
    })
    log(`importação: ${importRun.newPerSecond}/s novas, ${importRun.forcePerSecond}/s com force`)
  }
  if (bytes) {
    targets.push({
      name: 'HTML de /questoes ≤ 80 KB',
      status: bytes.htmlBytes <= HTML_BUDGET ? 'PASS' : 'FAIL',
      detail: `${round(bytes.htmlBytes / 1024)} KB (gzip ${round(bytes.htmlGzip / 1024)} KB)`,
    })
    targets.push({
      name: 'JS de /questoes ≤ 130 KB gzip',
      status: bytes.jsGzip <= JS_GZIP_BUDGET ? 'PASS' : 'FAIL',
      detail: `${round(bytes.jsGzip / 1024)} KB gzip (${round(bytes.jsRaw / 1024)} KB sem compressão, ${bytes.scripts.length} arquivos)`,
    })
    targets.push({
      name: 'CSS de /questoes ≤ 20 KB gzip',
      status: bytes.cssGzip <= CSS_GZIP_BUDGET ? 'PASS' : 'FAIL',
      detail: `${round(bytes.cssGzip / 1024)} KB gzip (${round(bytes.cssRaw / 1024)} KB sem compressão)`,
    })
  }
  const report = {
    date: new Date().toISOString(),
    database: usePg ? 'postgres' : 'pglite',
    machine: { cpus: os.cpus().length, node: process.version },
    duration,
    connections,
    quick,
    rounds,
    apiOnly,
    restart,
    bare: bareStats,
    sizes: results,
    dashboard,
    bytes,
    import: importRun,
    profiles,
    loadavg: os.loadavg(),
  }
  const body = [
    `# Benchmark ${report.date}`,
    '',
    `Banco: ${report.database}; ${report.machine.cpus} CPUs (load average ao fim: ${report.loadavg.map((l) => l.toFixed(1)).join(' ')}); Node ${report.machine.node}; ${duration}s por cenário; ${connections} conexões (autocannon, loopback).`,
    '',
    `Bare Express: ${bareStats.rps} req/s, p95 ${bareStats.p95} ms.`,
    '',
    `Chão HTTP e API medidos em turnos, ${rounds} rodada(s) por consulta, a ordem alternada a cada rodada; req/s e latências da rodada mediana de cada um, API / chão a mediana das razões das rodadas.`,
    '',
    '| Tamanho | Consulta | direto buscas/s | chão HTTP req/s | API p50 | API p95 | API p99 | API req/s | API / chão | SSR p50 | SSR p95 | SSR p99 | SSR req/s |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(results).flatMap(([size, r]) =>
      KINDS.map(
        (k) =>
          `| ${Number(size).toLocaleString('pt-BR')} | ${k} | ${r.direct[k].rps} | ${r.floor[k].rps} | ${r.api[k].p50} | ${r.api[k].p95} | ${r.api[k].p99} | ${r.api[k].rps} | ${percent(apiOverFloor(r.rounds[k]).median)} | ${r.ssr ? `${r.ssr[k].p50} | ${r.ssr[k].p95} | ${r.ssr[k].p99} | ${r.ssr[k].rps}` : '— | — | — | —'} |`,
      ),
    ),
    ...(Object.keys(dashboard).length
      ? [
          '',
          `## Painel (/dashboard): aluno novo e aluno com ${HEAVY_ATTEMPTS.toLocaleString('pt-BR')} respostas`,
          '',
          '| Aba | novo p50 | novo p95 | novo req/s | veterano p50 | veterano p95 | veterano req/s |',
          '|---|---|---|---|---|---|---|',
          ...(Object.entries(dashboard) as [DashboardTab, { empty: Stats; heavy: Stats }][]).map(
            ([tab, { empty, heavy }]) =>
              `| ${tab} | ${empty.p50} | ${empty.p95} | ${empty.rps} | ${heavy.p50} | ${heavy.p95} | ${heavy.rps} |`,
          ),
        ]
      : []),
    ...(['api', 'ssr'] as const).flatMap((target) =>
      profiles[target] ? ['', `## Perfil de CPU: ${PROFILE_TITLES[target]} (self time)`, '', '```', profiles[target], '```'] : [],
    ),
    '',
    'Latências em ms.',
  ]
  writeReport('', report, body, targets)
  // The study features' scenarios, each its own report: 200 students sitting simulados at once
  // (issue 29) and the review queue with 20,000 cards against 100 (issue 30). --skip-study leaves them out.
  if (!hasFlag('skip-study')) {
    // --quick: 10 questions a sitting, and the review's default 2,000-card student.
    const study: [string, string[]][] = [
      ['bench/simulados.ts', quick ? ['--questions=10'] : []],
      ['bench/revisao.ts', quick ? [] : ['--cards=20000']],
    ]
    for (const [script, args] of study) {
      const child = spawn('npx', ['tsx', script, ...args], { stdio: 'inherit' })
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      if (code !== 0) throw new Error(`${script} terminou com código ${code}`)
    }
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
