/**
 * npm run bench:simulados [-- --students=200 --questions=80 --exams=4 --think=0]
 *
 * Issue 29: STUDENTS Premium students sitting a "Prova anterior" at once on PostgreSQL, each
 * reading the sitting's page data (GET /simulations/{id}?position=N: the question and the
 * 80-cell sheet) and saving an answer (PUT /simulations/{id}/answers/{questionId}) for every
 * question in turn, as fast as the server lets them (--think=ms: a pause after each answer, a
 * student reading the next question; 0, the default, makes it a stress test whose latency is
 * mostly the queue of 200 clients on the server's cores). Reports p50/p95/p99 per save and per read,
 * and compares every saved cell with what its student sent: 0 lost answers is the target.
 * The server runs from the sources (API only, production mode, no rate limits) on a fresh
 * database at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped afterwards.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from 'drizzle-orm'
import pg from 'pg'

import { createApiToken } from '#server/api/session'

import { examFile } from '../scripts/exam-files'
import { createDatabase, startServer } from '../scripts/scale/cluster'
import { openDatabase, queryRows } from '../server/db/index'
import { users } from '../server/db/schema'
import { importExamBytes } from '../server/domain/import/importer'
import type { Target } from './harness'
import { ADMIN_URL, flag, log, percentile, postgresAvailable, round, SECRET, writeReport } from './harness'

const STUDENTS = Number(flag('students') ?? 200)
const QUESTIONS = Number(flag('questions') ?? 80)
const EXAMS = Number(flag('exams') ?? 4)
const THINK_MS = Number(flag('think') ?? 0)
const PORT = Number(process.env.BENCH_PORT ?? 3190)
const LETTERS = ['A', 'B', 'C', 'D', 'E']

type Student = { token: string; examId: number; sent: Map<number, string> }

async function setup(url: string) {
  // Migrations, a bank of EXAMS whole 80-question exams, STUDENTS Premium students with a token.
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 })
  const db = database.db
  const examIds: number[] = []
  for (let i = 0; i < EXAMS; i++) {
    const name = `Exame de Ordem Carga ${i + 1}`
    const result = await importExamBytes(db, `carga-${i}.txt`, examFile({ name, year: 2020 + i, count: 80 }), {
      force: true,
      now: new Date(),
    })
    if (!result.success) throw new Error(`importação falhou: ${JSON.stringify(result)}`)
  }
  for (const r of await queryRows<{ id: number }>(db, sql`SELECT id FROM exams ORDER BY id`)) examIds.push(r.id)
  const students: Student[] = []
  for (let i = 0; i < STUDENTS; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `simulado-${i}-${crypto.randomBytes(3).toString('hex')}@carga.gabarita`, name: `Aluna ${i}`, planName: 'PREMIUM' })
      .returning()
    const { token } = await createApiToken(db, user.id, new Date())
    students.push({ token, examId: examIds[i % examIds.length], sent: new Map() })
  }
  await database.close()
  return students
}

async function call(base: string, token: string, method: string, route: string, body?: unknown) {
  const started = performance.now()
  const res = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, any>
  return { status: res.status, json, ms: performance.now() - started }
}

async function main() {
  if (!(await postgresAvailable(ADMIN_URL))) {
    log(`PostgreSQL não está em ${ADMIN_URL}: defina BENCH_DATABASE_URL.`)
    process.exit(1)
  }
  const database = await createDatabase(ADMIN_URL)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-bench-simulados-'))
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    log(`preparando: ${EXAMS} provas de 80 questões, ${STUDENTS} alunos Premium`)
    const students = await setup(database.url)
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
    const base = server.url
    const saves: number[] = []
    const reads: number[] = []
    // After the first question: the 200 starts and first pages all land in the same instant.
    const steadySaves: number[] = []
    const steadyReads: number[] = []
    const failures: string[] = []
    const sims = new Map<Student, number>()
    const started = performance.now()
    // Everyone starts at once, then sits question by question: read the page, save an answer.
    await Promise.all(
      students.map(async (s) => {
        const created = await call(base, s.token, 'POST', '/simulations', { kind: 'prova_anterior', exam_id: s.examId })
        if (created.status !== 201) return void failures.push(`início ${created.status} ${JSON.stringify(created.json)}`)
        const id = created.json.simulation.id as number
        sims.set(s, id)
        for (let position = 1; position <= Math.min(QUESTIONS, created.json.simulation.size); position++) {
          const read = await call(base, s.token, 'GET', `/simulations/${id}?position=${position}`)
          reads.push(read.ms)
          if (position > 1) steadyReads.push(read.ms)
          if (read.status !== 200) {
            failures.push(`leitura ${read.status}`)
            continue
          }
          const questionId = read.json.question.question_id as number
          const choice = LETTERS[crypto.randomInt(4)]
          const save = await call(base, s.token, 'PUT', `/simulations/${id}/answers/${questionId}`, { choice })
          saves.push(save.ms)
          if (position > 1) steadySaves.push(save.ms)
          if (save.status === 200) s.sent.set(questionId, choice)
          else failures.push(`resposta ${save.status} ${JSON.stringify(save.json)}`)
          // Students do not all answer in the same millisecond.
          if (THINK_MS) await new Promise((r) => setTimeout(r, THINK_MS / 2 + Math.random() * THINK_MS))
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000

    // Every answer the server said it saved must be in the sheet.
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    let lost = 0
    let checked = 0
    for (const s of students) {
      const id = sims.get(s)
      if (id === undefined) continue
      const { rows } = await client.query<{ question_id: number; choice: string | null }>(
        'SELECT question_id, choice FROM simulation_questions WHERE simulation_id = $1',
        [id],
      )
      const saved = new Map(rows.map((r) => [r.question_id, r.choice]))
      for (const [questionId, choice] of s.sent) {
        checked++
        if (saved.get(questionId) !== choice) lost++
      }
    }
    await client.end()

    const stats = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b)
      return {
        count: xs.length,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
      }
    }
    const save = stats(saves)
    const read = stats(reads)
    const steadySave = stats(steadySaves)
    const steadyRead = stats(steadyReads)
    const rps = round((saves.length + reads.length) / seconds)
    const targets: Target[] = [
      { name: 'respostas perdidas', status: lost === 0 && checked > 0 ? 'PASS' : 'FAIL', detail: `${lost} de ${checked}` },
      {
        name: 'falhas (não 2xx)',
        status: failures.length === 0 ? 'PASS' : 'FAIL',
        detail: `${failures.length}${failures[0] ? `; a primeira: ${failures[0]}` : ''}`,
      },
      { name: 'p95 por resposta salva ≤ 100 ms', status: save.p95 <= 100 ? 'PASS' : 'FAIL', detail: `${save.p95} ms` },
      { name: 'p95 por leitura da página ≤ 150 ms', status: read.p95 <= 150 ? 'PASS' : 'FAIL', detail: `${read.p95} ms` },
    ]
    const body = [
      `# Simulados: ${STUDENTS} alunos ao mesmo tempo (PostgreSQL)`,
      '',
      `${STUDENTS} alunos, ${QUESTIONS} questões cada, ${EXAMS} provas, pausa ${THINK_MS} ms; ${round(seconds)} s; ${rps} req/s; máquina: ${os.cpus().length} CPUs.`,
      '',
      '| | n | p50 (ms) | p95 (ms) | p99 (ms) |',
      '|---|---|---|---|---|',
      `| PUT resposta | ${save.count} | ${save.p50} | ${save.p95} | ${save.p99} |`,
      `| GET página (questão + cartão) | ${read.count} | ${read.p50} | ${read.p95} | ${read.p99} |`,
      `| PUT resposta, da 2ª questão em diante | ${steadySave.count} | ${steadySave.p50} | ${steadySave.p95} | ${steadySave.p99} |`,
      `| GET página, da 2ª questão em diante | ${steadyRead.count} | ${steadyRead.p50} | ${steadyRead.p95} | ${steadyRead.p99} |`,
    ]
    log(body.join('\n'))
    writeReport(
      'simulados-',
      {
        students: STUDENTS,
        questions: QUESTIONS,
        exams: EXAMS,
        thinkMs: THINK_MS,
        seconds,
        rps,
        save,
        read,
        steadySave,
        steadyRead,
        lost,
        checked,
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
