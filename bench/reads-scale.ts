/**
 * npx tsx bench/reads-scale.ts [--sizes=100000,10000000] [--duration=5] [--connections=10] [--only=fórum] [--profile]
 *
 * --only keeps the reads whose name contains the text; --profile runs the server under
 * --cpu-prof and prints where its CPU went at each size.
 *
 * Issue 16, target 3: the reads that grow with the students' history — a question's
 * statistics, the dashboard, the forum list (and the weekly ranking, which reads this week's
 * attempts) — must cost at 10M attempts no more than twice what they cost at 100k (p95). One
 * PostgreSQL database grows from the smallest size to the largest; at each size the built
 * server measures the same student, question and pages. PostgreSQL only (10M attempts are
 * not what the embedded default is for): without it the run says so and stops.
 *
 * The generated history: 10,000 questions, 10,000 students answering over the last 365 days,
 * one forum topic per 100 attempts, a reply per 50 and a vote per 20. The measured student
 * answered 1,000 questions (and wrote 200 notes) through the triggers like anyone; the bulk is
 * inserted with the triggers off and folded into the aggregates set-wise, which is what the
 * triggers would have left (server/db/sql/003 and 004).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from 'drizzle-orm'

import type { Db } from '../server/db/index'
import { openDatabase, queryRows } from '../server/db/index'
import { seedStudent } from './dashboard'
import { generateBank } from './generate'
import type { Stats } from './harness'
import type { Target } from './harness'
import {
  ADMIN_URL,
  BUILD_DIR,
  dropDatabase,
  flag,
  freshDatabase,
  hasFlag,
  log,
  measure,
  PORT,
  postgresAvailable,
  round,
  SECRET,
  serverEnv,
  sessionCookie,
  startBuiltServer,
  stop,
  waitFor,
  writeReport,
} from './harness'
import { summarizeProfile } from './profile'

const sizes = (flag('sizes') ?? '100000,10000000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b)
const only = flag('only')
const profile = hasFlag('profile')
const load = { duration: Number(flag('duration') ?? 5), connections: Number(flag('connections') ?? 10) }
const buildDir = BUILD_DIR
const adminUrl = ADMIN_URL
const DB_NAME = 'gabarita_bench_reads'
const QUESTIONS = 10_000
const STUDENTS = 10_000
const OWN_ATTEMPTS = 1_000

type Read = { name: string; path: (q: number) => string; as: 'bearer' | 'cookie' }
const ALL_READS: Read[] = [
  { name: 'estatísticas da questão (API)', path: (q) => `/api/v1/questions/${q}/statistics`, as: 'bearer' },
  { name: 'Desempenho da questão (página)', path: (q) => `/questoes/${q}/desempenho`, as: 'cookie' },
  { name: 'painel: cartões (API /me/stats)', path: () => '/api/v1/me/stats', as: 'bearer' },
  { name: 'painel: desempenho (API /me/performance)', path: () => '/api/v1/me/performance', as: 'bearer' },
  { name: 'painel: atividade (API /me/activity)', path: () => '/api/v1/me/activity', as: 'bearer' },
  { name: 'painel: visão geral (página)', path: () => '/dashboard', as: 'cookie' },
  { name: 'painel: desempenho (página)', path: () => '/dashboard?aba=desempenho', as: 'cookie' },
  { name: 'painel: fórum (página)', path: () => '/dashboard?aba=forum', as: 'cookie' },
  { name: 'fórum da questão (API)', path: (q) => `/api/v1/questions/${q}/forum/topics`, as: 'bearer' },
  { name: 'discussões da questão (página)', path: (q) => `/questoes/${q}/discussoes`, as: 'cookie' },
  { name: 'ranking da semana (API)', path: () => '/api/v1/ranking', as: 'bearer' },
]

const READS = ALL_READS.filter((read) => !only || read.name.includes(only))

/** Attempts number from+1..to, by the generated students, none of them a retry. */
async function growAttempts(db: Db, from: number, to: number) {
  const step = 1_000_000
  for (let lo = from + 1; lo <= to; lo += step) {
    const hi = Math.min(to, lo + step - 1)
    await db.transaction(async (tx) => {
      // The triggers' work is done set-wise below, for the whole range at once.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`)
      // Student g mod S answers question ((g div S) * 7919 + g mod S) mod Q: a stride prime to
      // Q, so no student meets a question twice before answering them all (is_first holds).
      await tx.execute(sql`
        WITH s AS (SELECT id, row_number() OVER (ORDER BY email) - 1 AS i FROM users WHERE email LIKE 'aluno-%@bench.gabarita'),
             q AS (SELECT id, correct_answer, row_number() OVER (ORDER BY id) - 1 AS i FROM questions)
        INSERT INTO attempts (user_id, question_id, answer, correct, elapsed_seconds, is_first, created_at)
        SELECT s.id, q.id, l.letter, coalesce(l.letter = q.correct_answer, false), 20 + (random() * 200)::int, true,
               now() - random() * interval '365 days'
          FROM generate_series(${lo}::bigint, ${hi}::bigint) AS g
          JOIN s ON s.i = g % ${STUDENTS}
          JOIN q ON q.i = ((g / ${STUDENTS}) * 7919 + g % ${STUDENTS}) % ${QUESTIONS}
          CROSS JOIN LATERAL (SELECT (ARRAY['A','B','C','D'])[1 + ((g * 31 + 7) % 4)::int] AS letter) l`)
    })
    log(`  ${hi.toLocaleString('pt-BR')} respostas`)
  }
}

/** What the triggers on attempts would have added for the rows after `afterId`. */
async function foldAggregates(db: Db, afterId: number) {
  await db.execute(sql`
    INSERT INTO question_answer_stats AS s
      (question_id, answer, attempts, correct, first_attempts, first_correct, timed, time_sum, first_timed, first_time_sum)
    SELECT question_id, answer, count(*), count(*) FILTER (WHERE correct),
           count(*) FILTER (WHERE is_first), count(*) FILTER (WHERE is_first AND correct),
           count(elapsed_seconds), coalesce(sum(elapsed_seconds), 0),
           count(elapsed_seconds) FILTER (WHERE is_first), coalesce(sum(elapsed_seconds) FILTER (WHERE is_first), 0)
      FROM attempts WHERE id > ${afterId} GROUP BY question_id, answer
    ON CONFLICT (question_id, answer) DO UPDATE SET
      attempts = s.attempts + EXCLUDED.attempts, correct = s.correct + EXCLUDED.correct,
      first_attempts = s.first_attempts + EXCLUDED.first_attempts, first_correct = s.first_correct + EXCLUDED.first_correct,
      timed = s.timed + EXCLUDED.timed, time_sum = s.time_sum + EXCLUDED.time_sum,
      first_timed = s.first_timed + EXCLUDED.first_timed, first_time_sum = s.first_time_sum + EXCLUDED.first_time_sum`)
  await db.execute(sql`
    INSERT INTO user_day_stats AS s (user_id, day, attempts, correct, first_attempts, time_sum)
    SELECT user_id, (created_at AT TIME ZONE 'America/Sao_Paulo')::date, count(*), count(*) FILTER (WHERE correct),
           count(*) FILTER (WHERE is_first), coalesce(sum(elapsed_seconds), 0)
      FROM attempts WHERE id > ${afterId} GROUP BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET attempts = s.attempts + EXCLUDED.attempts, correct = s.correct + EXCLUDED.correct,
      first_attempts = s.first_attempts + EXCLUDED.first_attempts, time_sum = s.time_sum + EXCLUDED.time_sum`)
  await db.execute(sql`
    INSERT INTO user_discipline_stats AS s (user_id, discipline_id, attempts, correct)
    SELECT a.user_id, q.discipline_id, count(*), count(*) FILTER (WHERE a.correct)
      FROM attempts a JOIN questions q ON q.id = a.question_id WHERE a.id > ${afterId} GROUP BY 1, 2
    ON CONFLICT (user_id, discipline_id) DO UPDATE SET attempts = s.attempts + EXCLUDED.attempts, correct = s.correct + EXCLUDED.correct`)
  await db.execute(sql`
    INSERT INTO user_topic_stats AS s (user_id, topic_id, attempts, correct)
    SELECT a.user_id, qt.topic_id, count(*), count(*) FILTER (WHERE a.correct)
      FROM attempts a JOIN question_topics qt ON qt.question_id = a.question_id WHERE a.id > ${afterId} GROUP BY 1, 2
    ON CONFLICT (user_id, topic_id) DO UPDATE SET attempts = s.attempts + EXCLUDED.attempts, correct = s.correct + EXCLUDED.correct`)
}

/** The weekly ranking's rows; the generated history has no retries, so the weeks simply add up. */
async function foldWeeks(db: Db, afterId: number) {
  await db.execute(sql`
    INSERT INTO user_week_stats AS s (user_id, week, correct, answers, last_correct)
    SELECT user_id, date_trunc('week', created_at AT TIME ZONE 'America/Sao_Paulo')::date,
           count(DISTINCT question_id) FILTER (WHERE correct), count(*), max(created_at) FILTER (WHERE correct)
      FROM attempts WHERE id > ${afterId} GROUP BY 1, 2
    ON CONFLICT (user_id, week) DO UPDATE SET correct = s.correct + EXCLUDED.correct, answers = s.answers + EXCLUDED.answers,
      last_correct = greatest(s.last_correct, EXCLUDED.last_correct)`)
}

/** The forum grows with the history: a topic per 100 attempts, a reply per 50, a vote per 20. */
async function growForum(db: Db, from: number, to: number) {
  const students = sql`(SELECT id, row_number() OVER (ORDER BY email) - 1 AS i FROM users WHERE email LIKE 'aluno-%@bench.gabarita')`
  await db.execute(sql`
    INSERT INTO forum_topics (question_id, user_id, title, content, created_at)
    SELECT 1 + (g * 7919) % ${QUESTIONS}, s.id, 'Dúvida ' || g, 'Alguém explica a alternativa correta desta questão? ' || g,
           now() - random() * interval '365 days'
      FROM generate_series(${Math.floor(from / 100) + 1}::int, ${Math.floor(to / 100)}::int) AS g
      JOIN ${students} s ON s.i = g % ${STUDENTS}`)
  await db.execute(sql`
    INSERT INTO forum_replies (topic_id, user_id, content, created_at)
    SELECT t.id, s.id, 'A alternativa correta decorre do texto da lei. ' || g, t.created_at + interval '1 hour'
      FROM generate_series(${Math.floor(from / 50) + 1}::int, ${Math.floor(to / 50)}::int) AS g
      JOIN forum_topics t ON t.id = 1 + g % (SELECT max(id) FROM forum_topics)
      JOIN ${students} s ON s.i = (g * 13) % ${STUDENTS}`)
  // Topic t gets its votes from distinct students (g div T), so the one-vote rule holds.
  await db.execute(sql`
    WITH n AS (SELECT max(id) AS t FROM forum_topics)
    INSERT INTO forum_topic_votes (topic_id, user_id, value)
    SELECT 1 + g % n.t, s.id, CASE WHEN g % 5 = 0 THEN -1 ELSE 1 END
      FROM n, generate_series(${Math.floor(from / 20) + 1}::int, ${Math.floor(to / 20)}::int) AS g
      JOIN ${students} s ON s.i = (g / (SELECT max(id) FROM forum_topics)) % ${STUDENTS}
    ON CONFLICT DO NOTHING`)
}

async function main() {
  if (!fs.existsSync(path.join(buildDir, 'server/index.js')))
    throw new Error(`build não encontrado em ${buildDir}: rode BUILD_DIR=${buildDir} npm run build`)
  if (!(await postgresAvailable(adminUrl))) {
    log(`SKIP: PostgreSQL não responde em ${adminUrl}; esta medida (10M respostas) é só para PostgreSQL.`)
    return
  }
  log(`Leituras em escala: ${sizes.map((s) => s.toLocaleString('pt-BR')).join(' → ')} respostas, ${load.duration}s por leitura`)
  const url = await freshDatabase(adminUrl, DB_NAME)
  const results: Record<number, Record<string, Stats>> = {}
  const growSeconds: Record<number, number> = {}
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-reads-'))
  try {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 })
    const { db } = database
    await generateBank(db, QUESTIONS, log)
    await db.execute(sql`
      INSERT INTO users (email, name, plan_name)
      SELECT 'aluno-' || lpad(g::text, 5, '0') || '@bench.gabarita', 'Aluno ' || g, 'PREMIUM' FROM generate_series(1, ${STUDENTS}) AS g`)
    const me = await seedStudent(db, 'Medida', OWN_ATTEMPTS)
    const [{ question_id: question }] = await queryRows<{ question_id: number }>(
      db,
      sql`SELECT question_id FROM attempts WHERE user_id = ${me.id} ORDER BY id LIMIT 1`,
    )
    // The measured student's forum life, the same at every size: 20 topics on the measured
    // question, each with 5 replies and 40 votes.
    await db.execute(sql`
      INSERT INTO forum_topics (question_id, user_id, title, content)
      SELECT ${question}, ${me.id}, 'Minha dúvida ' || g, 'Por que não a alternativa B?' FROM generate_series(1, 20) AS g`)
    await db.execute(sql`
      INSERT INTO forum_replies (topic_id, user_id, content)
      SELECT t.id, u.id, 'Porque a lei diz o contrário.' FROM forum_topics t
        CROSS JOIN LATERAL (SELECT id FROM users WHERE email LIKE 'aluno-%' ORDER BY email LIMIT 5) u
       WHERE t.question_id = ${question}`)
    await db.execute(sql`
      INSERT INTO forum_topic_votes (topic_id, user_id, value)
      SELECT t.id, u.id, 1 FROM forum_topics t
        CROSS JOIN LATERAL (SELECT id FROM users WHERE email LIKE 'aluno-%' ORDER BY email DESC LIMIT 40) u
       WHERE t.question_id = ${question}`)
    await database.close()

    let count = OWN_ATTEMPTS
    for (const size of sizes) {
      log(`\n== ${size.toLocaleString('pt-BR')} respostas`)
      const started = Date.now()
      const grow = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
      const [{ last }] = await queryRows<{ last: number }>(grow.db, sql`SELECT coalesce(max(id), 0)::int AS last FROM attempts`)
      await growAttempts(grow.db, count, size)
      await foldAggregates(grow.db, last)
      await foldWeeks(grow.db, last)
      await growForum(grow.db, count, size)
      // What autovacuum leaves on a live table: statistics and a visibility map.
      await grow.db.execute(sql`VACUUM ANALYZE`)
      await grow.close()
      count = size
      growSeconds[size] = round((Date.now() - started) / 1000)
      log(`  gerado em ${growSeconds[size]}s`)

      const profDir = profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-reads-prof-')) : undefined
      const server = startBuiltServer(buildDir, serverEnv(dataDir, url), profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])
      try {
        const base = `http://127.0.0.1:${PORT}`
        await waitFor(`${base}/api/v1/health`)
        const headers = { bearer: { authorization: `Bearer ${me.token}` }, cookie: { cookie: await sessionCookie(SECRET, me.token) } }
        results[size] = {}
        for (const read of READS) {
          const target = `${base}${read.path(question)}`
          const check = await fetch(target, { headers: headers[read.as] })
          if (check.status !== 200) throw new Error(`${read.name}: ${check.status}`)
          await check.arrayBuffer()
          const stats = await measure(target, headers[read.as], load)
          results[size][read.name] = stats
          log(
            `  ${read.name.padEnd(42)} p50 ${stats.p50} p95 ${stats.p95} ms  ${stats.rps} req/s${stats.non2xx ? ` (${stats.non2xx} não-2xx!)` : ''}`,
          )
        }
      } finally {
        await stop(server)
      }
      if (profDir) {
        log(`\n  Perfil de CPU do servidor:\n${summarizeProfile(profDir)}`)
        fs.rmSync(profDir, { recursive: true, force: true })
      }
    }
  } finally {
    await dropDatabase(adminUrl, DB_NAME)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const small = Math.min(...sizes)
  const large = Math.max(...sizes)
  const targets = READS.map((read): Target => {
    const a = results[large][read.name]
    const b = results[small][read.name]
    const ok = a.p95 <= 2 * b.p95 && a.errors === 0 && a.non2xx === 0
    return {
      name: `${read.name}: p95 ${large.toLocaleString('pt-BR')} ≤ 2× ${small.toLocaleString('pt-BR')}`,
      status: ok ? 'PASS' : 'FAIL',
      detail: `${a.p95} ms vs ${b.p95} ms (${round(a.p95 / Math.max(b.p95, 0.01))}×)`,
    }
  })
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    load,
    growSeconds,
    results,
    loadavg: os.loadavg(),
  }
  const body = [
    `# Leituras em escala ${report.date}`,
    '',
    `PostgreSQL; ${report.machine.cpus} CPUs (load average ao fim: ${report.loadavg.map((l) => l.toFixed(1)).join(' ')}); ${load.duration}s por leitura; ${load.connections} conexões; ${QUESTIONS.toLocaleString('pt-BR')} questões, ${STUDENTS.toLocaleString('pt-BR')} alunos; a aluna medida tem ${OWN_ATTEMPTS.toLocaleString('pt-BR')} respostas.`,
    '',
    `| Leitura | ${sizes.map((s) => `${s.toLocaleString('pt-BR')} p50 | p95 | req/s`).join(' | ')} |`,
    `|---|${sizes.map(() => '---|---|---').join('|')}|`,
    ...READS.map(
      (read) =>
        `| ${read.name} | ${sizes.map((s) => `${results[s][read.name].p50} | ${results[s][read.name].p95} | ${results[s][read.name].rps}`).join(' | ')} |`,
    ),
    '',
    'Latências em ms.',
  ]
  writeReport('reads-', report, body, targets)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
