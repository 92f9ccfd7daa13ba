/**
 * npm run bench:revisao [-- --cards=2000 --small=100 --background=200000 --runs=200]
 *
 * Issue 30: the review queue (GET /review/queue), its numbers with the 7-day forecast
 * (GET /review/stats) and an answer that schedules a card (POST /questions/{id}/attempts) for a
 * student with CARDS cards against one with SMALL, on PostgreSQL, with BACKGROUND attempts of
 * other students in the table (the issue's scale: --cards=20000 --background=10000000; the
 * defaults are small enough for a shared machine). Target: each p95 of the big student ≤ 2× the
 * small one's. The cards are built the way an existing installation gets them: attempts written
 * straight into the table (spread over 180 days, set-based), then the one-time replay
 * (server/domain/review/record.ts), whose time per attempt is reported too. Requests are sent
 * one at a time (the latency of one student, not a load test). The server runs from the sources
 * (API only, production mode, no rate limits) on a fresh database at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from 'drizzle-orm'

import { createApiToken } from '#server/api/session'

import { createDatabase, startServer } from '../scripts/scale/cluster'
import { openDatabase, queryRows } from '../server/db/index'
import { users } from '../server/db/schema'
import { runReplay } from '../server/domain/review/record'
import type { Target } from './harness'
import { ADMIN_URL, flag, log, percentile, postgresAvailable, round, SECRET, writeReport } from './harness'

const CARDS = Number(flag('cards') ?? 2000)
const SMALL = Number(flag('small') ?? 100)
const BACKGROUND = Number(flag('background') ?? 200_000)
const RUNS = Number(flag('runs') ?? 200)
const PORT = Number(process.env.BENCH_PORT ?? 3191)
const OTHERS = 200

type Student = { id: string; token: string; questionIds: number[] }

async function setup(url: string) {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 })
  const db = database.db
  const bank = Math.max(CARDS, SMALL)
  // A bank of `bank` questions over 17 disciplines, inserted set-based (key 'A').
  await db.execute(sql`INSERT INTO disciplines (name, name_key)
    SELECT 'Disciplina ' || i, 'disciplina-' || i FROM generate_series(1, 17) i ON CONFLICT DO NOTHING`)
  await db.execute(sql`INSERT INTO exams (name, year, board, organization, identity_key)
    SELECT 'Carga ' || i, 2000 + i % 25, 'FGV', 'OAB', 'carga-' || i FROM generate_series(1, ${Math.ceil(bank / 80)}) i`)
  await db.execute(sql`
    INSERT INTO questions (short_id, exam_id, number, discipline_id, difficulty, statement, alternatives, correct_answer, year, board)
    SELECT substr(md5(random()::text || n), 1, 10), e.id, (n - 1) % 80 + 1, d.id, 'MEDIO', 'Enunciado de carga ' || n,
           '[{"letter":"A","text":"Primeira"},{"letter":"B","text":"Segunda"},{"letter":"C","text":"Terceira"},{"letter":"D","text":"Quarta"}]'::jsonb,
           'A', e.year, 'FGV'
      FROM generate_series(1, ${bank}) n
      JOIN exams e ON e.identity_key = 'carga-' || ((n - 1) / 80 + 1)
      JOIN disciplines d ON d.name_key = 'disciplina-' || ((n - 1) % 17 + 1)`)
  const ids = (await queryRows<{ id: number }>(db, sql`SELECT id FROM questions ORDER BY id`)).map((r) => r.id)

  const student = async (name: string) => {
    const [user] = await db
      .insert(users)
      .values({ email: `${name}-${crypto.randomBytes(3).toString('hex')}@carga.gabarita`, name, planName: 'PRO' })
      .returning()
    return { id: user!.id, token: (await createApiToken(db, user!.id, new Date())).token }
  }
  const big = { ...(await student('Muitas revisões')), questionIds: ids.slice(0, CARDS) }
  const small = { ...(await student('Poucas revisões')), questionIds: ids.slice(0, SMALL) }
  const others = await Promise.all(Array.from({ length: OTHERS }, (_, i) => student(`Outra ${i}`)))
  // History: each student's questions answered once or twice over the last 180 days (about 70%
  // right), the others' BACKGROUND attempts at random questions: set-based, in chunks.
  const history = async (userId: string, questionIds: number[]) => {
    await db.execute(sql`
      INSERT INTO attempts (user_id, question_id, answer, correct, created_at)
      SELECT ${userId}::uuid, q, CASE WHEN r < 0.7 THEN 'A' ELSE 'B' END, r < 0.7, now() - (random() * 180) * interval '1 day'
        FROM unnest(${sql.param(questionIds)}::int[]) q, LATERAL (SELECT random() AS r, generate_series(1, 1 + (random() < 0.5)::int)) x`)
  }
  await history(big.id, big.questionIds)
  await history(small.id, small.questionIds)
  const chunk = 500_000
  for (let done = 0; done < BACKGROUND; done += chunk) {
    const n = Math.min(chunk, BACKGROUND - done)
    await db.execute(sql`
      INSERT INTO attempts (user_id, question_id, answer, correct, created_at)
      SELECT (${sql.param(others.map((o) => o.id))}::uuid[])[1 + (random() * ${OTHERS - 1})::int],
             (${sql.param(ids)}::int[])[1 + (random() * ${ids.length - 1})::int], 'A', true, now() - (random() * 180) * interval '1 day'
        FROM generate_series(1, ${n})`)
    log(`  ${done + n} tentativas de outros alunos`)
  }
  const [{ n: total }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM attempts`)
  // The attempts came in without Revisão: the replay builds the cards, as on an upgrade.
  await db.execute(sql`UPDATE review_replay SET cursor = NULL, finished_at = NULL, started_at = NULL, users = 0, attempts = 0`)
  await db.execute(sql`DELETE FROM review_logs`)
  await db.execute(sql`DELETE FROM review_cards`)
  await db.execute(sql`ANALYZE`)
  const started = performance.now()
  const replay = await runReplay(db, { now: () => new Date() })
  const replaySeconds = (performance.now() - started) / 1000
  await db.execute(sql`ANALYZE`)
  await database.close()
  return { big, small, total, replay, replaySeconds }
}

async function call(base: string, token: string, method: string, route: string, body?: unknown) {
  const started = performance.now()
  const res = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  return { status: res.status, json, ms: performance.now() - started }
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return { count: xs.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) }
}

async function measure(base: string, s: Student, failures: string[]) {
  const queue: number[] = []
  const stat: number[] = []
  const answer: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const q = await call(base, s.token, 'GET', '/review/queue')
    queue.push(q.ms)
    if (q.status !== 200) failures.push(`fila ${q.status}`)
    const st = await call(base, s.token, 'GET', '/review/stats')
    stat.push(st.ms)
    if (st.status !== 200) failures.push(`números ${st.status}`)
    const questionId = s.questionIds[crypto.randomInt(s.questionIds.length)]
    const a = await call(base, s.token, 'POST', `/questions/${questionId}/attempts`, { answer: Math.random() < 0.7 ? 'A' : 'B' })
    answer.push(a.ms)
    if (a.status !== 201) failures.push(`resposta ${a.status} ${JSON.stringify(a.json)}`)
  }
  return { queue: stats(queue), stats: stats(stat), answer: stats(answer) }
}

async function main() {
  if (!(await postgresAvailable(ADMIN_URL))) {
    log(`PostgreSQL não está em ${ADMIN_URL}: defina BENCH_DATABASE_URL.`)
    process.exit(1)
  }
  const database = await createDatabase(ADMIN_URL)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-bench-revisao-'))
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    log(`preparando: ${CARDS} e ${SMALL} cartões, ${BACKGROUND} tentativas de outros alunos`)
    const { big, small, total, replay, replaySeconds } = await setup(database.url)
    log(`reprodução: ${replay.attempts} tentativas de ${replay.users} alunos em ${round(replaySeconds)} s`)
    server = await startServer({
      port: PORT,
      web: false,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: SECRET,
        SEED_DEMO: 'false',
        RATE_LIMIT: 'off',
        PAYMENT_PROVIDER: 'none',
      },
    })
    const failures: string[] = []
    // Warm-up: the first requests plan the statements.
    for (const s of [small, big]) for (let i = 0; i < 5; i++) await call(server.url, s.token, 'GET', '/review/queue')
    const smallRun = await measure(server.url, small, failures)
    const bigRun = await measure(server.url, big, failures)
    const ratio = (k: 'queue' | 'stats' | 'answer') => round(bigRun[k].p95 / Math.max(smallRun[k].p95, 0.01))
    const targets: Target[] = [
      {
        name: 'falhas (não 2xx)',
        status: failures.length === 0 ? 'PASS' : 'FAIL',
        detail: `${failures.length}${failures[0] ? `; a primeira: ${failures[0]}` : ''}`,
      },
      ...(['queue', 'stats', 'answer'] as const).map((k) => ({
        name: `p95 ${k} com ${CARDS} cartões ≤ 2× com ${SMALL}`,
        status: ratio(k) <= 2 ? ('PASS' as const) : ('FAIL' as const),
        detail: `${bigRun[k].p95} ms contra ${smallRun[k].p95} ms (${ratio(k)}×)`,
      })),
    ]
    const row = (name: string, s: ReturnType<typeof stats>) => `| ${name} | ${s.count} | ${s.p50} | ${s.p95} | ${s.p99} |`
    const body = [
      `# Revisão: fila, números e resposta com ${CARDS} cartões contra ${SMALL} (PostgreSQL)`,
      '',
      `${total} tentativas no total; reprodução do histórico: ${replay.attempts} tentativas de ${replay.users} alunos em ${round(replaySeconds)} s (${round(replay.attempts / Math.max(replaySeconds, 0.001))} por segundo); ${RUNS} rodadas; máquina: ${os.cpus().length} CPUs.`,
      '',
      '| | n | p50 (ms) | p95 (ms) | p99 (ms) |',
      '|---|---|---|---|---|',
      row(`GET /review/queue, ${SMALL} cartões`, smallRun.queue),
      row(`GET /review/queue, ${CARDS} cartões`, bigRun.queue),
      row(`GET /review/stats, ${SMALL} cartões`, smallRun.stats),
      row(`GET /review/stats, ${CARDS} cartões`, bigRun.stats),
      row(`POST resposta, ${SMALL} cartões`, smallRun.answer),
      row(`POST resposta, ${CARDS} cartões`, bigRun.answer),
    ]
    log(body.join('\n'))
    writeReport(
      'revisao-',
      {
        cards: CARDS,
        small: SMALL,
        background: BACKGROUND,
        runs: RUNS,
        total,
        replay,
        replaySeconds,
        small_run: smallRun,
        big_run: bigRun,
      },
      body,
      targets,
    )
  } finally {
    await server?.stop()
    await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
