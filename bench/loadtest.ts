// npm run loadtest [-- --duration=60 --connections=64 --db=both|pglite|postgres --target=single|cluster|both]
// Issue 16, target 5: autocannon on loopback, a mix of anonymous and logged-in page loads,
// API searches, answers and note writes, while a side loop checks that /api/v1/health keeps
// answering. Reports errors, 5xx, p50/p99, throughput and the server's RSS (read from /proc).
// Servers run from the sources with the Remix build of BUILD_DIR (npm run build first).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import autocannonModule from 'autocannon'

import { examFile, multipartBody } from '../scripts/exam-files'
import type { ServerHandle } from '../scripts/scale/cluster'
import { ADMIN, api, createDatabase, reachable, remixBuildPath, startProxy, startServer } from '../scripts/scale/cluster'
import { ADMIN_URL, rssMb as rss, sessionCookie } from './harness'

const autocannon = autocannonModule as unknown as (
  options: Record<string, unknown>,
) => Promise<any> & { on: (e: string, fn: (...a: any[]) => void) => void; stop: () => void }

const args = new Map<string, string | undefined>(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=')
    return [key, value]
  }),
)
const DURATION = Number(args.get('duration') ?? 60)
const CONNECTIONS = Number(args.get('connections') ?? 64)
const BASE_PORT = Number(args.get('base-port') ?? 3870)
const REDIS = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379'
const STUDENTS = Math.min(CONNECTIONS, 64)
// The bundled server of BUILD_DIR by default (what production runs, and an honest RSS);
// --from-source runs server/ through tsx instead.
const BUILT = !args.has('from-source')

type Student = { token: string; cookie: string }

/** Admin import of 200 questions, STUDENTS premium students with a token and a cookie. */
async function setup(base: string, secret: string) {
  const ip = () => `10.7.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`
  const admin = await api(base, 'POST', '/auth/login', { ip: ip(), body: ADMIN })
  if (admin.status !== 200) throw new Error(`login do admin falhou: ${admin.status}`)
  const { body, contentType } = multipartBody([
    { name: 'carga.txt', bytes: examFile({ name: `Simulado Carga ${crypto.randomBytes(2).toString('hex')}`, year: 2023, count: 200 }) },
  ])
  const up = await fetch(`${base}/api/v1/admin/questions/upload-exam-txt?force=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.json.token}`, 'content-type': contentType },
    body,
  })
  if (!up.ok) throw new Error(`importação falhou: ${up.status}`)
  const students: Student[] = []
  for (let i = 0; i < STUDENTS; i++) {
    const reg = await api(base, 'POST', '/auth/register', {
      ip: ip(),
      body: {
        name: `Aluna ${i}`,
        email: `carga-${i}-${crypto.randomBytes(3).toString('hex')}@carga.gabarita`,
        phone: '(11) 98765-4321',
        password: 'senha-forte-123',
      },
    })
    if (reg.status !== 201) throw new Error(`cadastro falhou: ${reg.status} ${JSON.stringify(reg.json)}`)
    // Premium: answers are not capped by the weekly quota (that is not what is measured).
    await api(base, 'PUT', `/admin/users/${reg.json.user.id}/plan`, { token: admin.json.token, body: { plan_name: 'PREMIUM' } })
    students.push({ token: reg.json.token, cookie: await sessionCookie(secret, reg.json.token, crypto.randomUUID()) })
  }
  const search = await api(base, 'GET', '/questions/search?per_page=100&search_term=usucapiao', { token: students[0].token })
  const ids = (search.json.data as { id: number }[]).map((q) => q.id)
  const note = await api(base, 'POST', `/questions/${ids[0]}/notes`, {
    token: students[0].token,
    body: { content: 'Anotação de aquecimento.' },
  })
  return { students, ids, notes: note.status === 201 || note.status === 200 }
}

type Mix = { name: string; method: string; path: (i: number) => string; auth?: 'cookie' | 'bearer'; body?: () => string }

function mix(ids: number[], notes: boolean): Mix[] {
  const q = () => ids[crypto.randomInt(ids.length)]
  const list: Mix[] = [
    { name: 'página inicial (anônimo)', method: 'GET', path: () => '/' },
    { name: '/questoes (anônimo)', method: 'GET', path: () => '/questoes' },
    { name: '/questoes (logado)', method: 'GET', path: () => '/questoes', auth: 'cookie' },
    { name: '/questoes?q= (logado)', method: 'GET', path: () => '/questoes?q=usucapiao', auth: 'cookie' },
    { name: 'API busca', method: 'GET', path: () => '/api/v1/questions/search?search_term=posse&per_page=20', auth: 'bearer' },
    {
      name: 'API busca por disciplina',
      method: 'GET',
      path: () => '/api/v1/questions/search?difficulty=MEDIO&per_page=20',
      auth: 'bearer',
    },
    {
      name: 'API resposta',
      method: 'POST',
      path: () => `/api/v1/questions/${q()}/attempts`,
      auth: 'bearer',
      body: () => JSON.stringify({ answer: 'ABCDE'[crypto.randomInt(5)] }),
    },
  ]
  if (notes)
    list.push({
      name: 'API anotação',
      method: 'POST',
      path: () => `/api/v1/questions/${q()}/notes`,
      auth: 'bearer',
      body: () => JSON.stringify({ content: `Revisar: prazo da usucapião ${crypto.randomInt(1e6)}.` }),
    })
  return list
}

async function run(label: string, base: string, pid: number[], secret: string) {
  const { students, ids, notes } = await setup(base, secret)
  const kinds = mix(ids, notes)
  await new Promise((r) => setTimeout(r, 2_000))
  const idle = pid.map(rss)
  let peak = [...idle]
  let next = 0
  const perKind = new Map<string, { n: number; bad: number }>()
  const health = { ok: 0, failed: 0, worstMs: 0 }
  let running = true
  const healthLoop = (async () => {
    while (running) {
      const t = performance.now()
      try {
        const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(5_000) })
        if (res.ok) health.ok++
        else health.failed++
        await res.arrayBuffer()
      } catch {
        health.failed++
      }
      health.worstMs = Math.max(health.worstMs, Math.round(performance.now() - t))
      peak = peak.map((p, i) => Math.max(p, rss(pid[i])))
      await new Promise((r) => setTimeout(r, 250))
    }
  })()
  const requests = kinds.map((kind) => ({
    setupRequest: (req: Record<string, any>, context: Record<string, any>) => {
      context.student ??= students[next++ % students.length]
      const headers: Record<string, string> = {
        'x-forwarded-for': (context.ip ??= `10.8.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`),
      }
      if (kind.auth === 'cookie') headers.cookie = context.student.cookie
      if (kind.auth === 'bearer') headers.authorization = `Bearer ${context.student.token}`
      if (kind.body) headers['content-type'] = 'application/json'
      context.kind = kind.name
      return { ...req, method: kind.method, path: kind.path(0), headers, body: kind.body?.() }
    },
    onResponse: (status: number) => {
      const entry = perKind.get(kind.name) ?? { n: 0, bad: 0 }
      entry.n++
      if (status >= 400) entry.bad++
      perKind.set(kind.name, entry)
    },
  }))
  const instance = autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, requests })
  const status = { s2: 0, s3: 0, s4: 0, s5: 0 }
  instance.on('response', (_c: unknown, code: number) => {
    if (code >= 500) status.s5++
    else if (code >= 400) status.s4++
    else if (code >= 300) status.s3++
    else status.s2++
  })
  const result = await instance
  running = false
  await healthLoop
  const out = {
    label,
    connections: CONNECTIONS,
    durationS: DURATION,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99OverP50: Math.round((result.latency.p99 / Math.max(1, result.latency.p50)) * 10) / 10,
    health,
    rssIdleMb: idle,
    rssPeakMb: peak,
    perKind: Object.fromEntries(perKind),
    notes,
  }
  const pass = out.errors === 0 && out.status.s5 === 0 && out.non2xx === 0 && out.p99OverP50 <= 10 && out.health.failed === 0
  console.log(
    `${label}: ${out.rps} req/s, ${out.requests} pedidos, erros ${out.errors}, 5xx ${out.status.s5}, 4xx ${out.status.s4}, p50 ${out.p50} ms, p99 ${out.p99} ms (${out.p99OverP50}×), ` +
      `health ${out.health.ok} ok / ${out.health.failed} falhas (pior ${out.health.worstMs} ms), RSS ${idle.join('+')} MB parado, pico ${peak.join('+')} MB — ${pass ? 'PASS' : 'FAIL'}`,
  )
  return { ...out, pass }
}

async function main() {
  if (!remixBuildPath()) {
    console.error('Erro: sem build do Remix. Rode BUILD_DIR=build-perf npm run build e passe o mesmo BUILD_DIR.')
    process.exit(1)
  }
  const pgOk = await reachable(ADMIN_URL)
  const dbArg = args.get('db') ?? (pgOk ? 'both' : 'pglite')
  const target = args.get('target') ?? 'single'
  const results = []
  const secret = `carga-${crypto.randomBytes(16).toString('hex')}`
  const common = {
    NODE_ENV: 'production',
    SESSION_SECRET: secret,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    RATE_LIMIT: 'on',
    PAYMENT_PROVIDER: 'none',
  }

  if (dbArg === 'pglite' || dbArg === 'both') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-perf-load-'))
    const server = await startServer({
      built: BUILT,
      port: BASE_PORT + 1,
      env: { ...common, DATA_DIR: dataDir, DATABASE_URL: '', ...(process.env.PGLITE_ENV ? JSON.parse(process.env.PGLITE_ENV) : {}) },
    })
    try {
      results.push(await run('PGlite, um servidor', server.url, [server.child.pid!], secret))
    } finally {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
  if ((dbArg === 'postgres' || dbArg === 'both') && pgOk) {
    const redisOk = await reachable(REDIS)
    for (const mode of target === 'both' ? ['single', 'cluster'] : [target]) {
      const database = await createDatabase(ADMIN_URL)
      const env = {
        ...common,
        DATABASE_URL: database.url,
        DATA_DIR: path.join(os.tmpdir(), `gabarita-perf-${database.name}`),
        ...(redisOk ? { REDIS_URL: REDIS } : {}),
      }
      const servers: ServerHandle[] = []
      let proxy: { url: string; close: () => Promise<void> } | undefined
      try {
        servers.push(await startServer({ built: BUILT, port: BASE_PORT + 2, env }))
        if (mode === 'cluster') {
          servers.push(await startServer({ built: BUILT, port: BASE_PORT + 3, env }))
          proxy = await startProxy(
            BASE_PORT,
            servers.map((s) => s.port),
          )
        }
        const base = proxy?.url ?? servers[0].url
        results.push(
          await run(
            mode === 'cluster' ? 'PostgreSQL, dois servidores + proxy' : 'PostgreSQL, um servidor',
            base,
            servers.map((s) => s.child.pid!),
            secret,
          ),
        )
      } finally {
        await proxy?.close()
        await Promise.all(servers.map((s) => s.stop()))
        await database.drop()
      }
    }
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  fs.mkdirSync('bench/results', { recursive: true })
  const file = `bench/results/loadtest-${stamp}`
  fs.writeFileSync(
    `${file}.json`,
    JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, loadavg: os.loadavg(), results }, null, 2),
  )
  const md = [
    `# Load test ${new Date().toISOString()} (${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    '',
    '| Run | req/s | errors | 5xx | 4xx | p50 ms | p99 ms | p99/p50 | health ok/failed (worst ms) | RSS idle / peak MB | Result |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.rps} | ${r.errors} | ${r.status.s5} | ${r.status.s4} | ${r.p50} | ${r.p99} | ${r.p99OverP50} | ${r.health.ok}/${r.health.failed} (${r.health.worstMs}) | ${r.rssIdleMb.join('+')} / ${r.rssPeakMb.join('+')} | ${r.pass ? 'PASS' : 'FAIL'} |`,
    ),
    '',
    'Target (issue 16): 0 errors, 0 5xx, p99 ≤ 10× p50, /api/v1/health answering throughout.',
  ].join('\n')
  fs.writeFileSync(`${file}.md`, `${md}\n`)
  console.log(`\nRelatório: ${file}.md`)
  process.exit(0)
}

await main()
