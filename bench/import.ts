// Bulk import through the API (issue 16, target 6): ten 500-question files in one upload,
// new exams, then the same ten again with force (replaced in place). Questions per second,
// server side, on PGlite (in memory) and on a fresh PostgreSQL database when one answers.
//   npx tsx bench/import.ts [--files=10] [--per-file=500] [--pglite-only] [--pg-only]
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'

import pino from 'pino'

import { createApiToken } from '#server/api/session'

import { examFile, multipartBody } from '../scripts/exam-files'
import { createApp } from '../server/app'
import { loadConfig } from '../server/config'
import type { AppContext } from '../server/context'
import { openDatabase } from '../server/db/index'
import { users } from '../server/db/schema'
import { systemClock } from '../server/domain/time/clock'
import { ADMIN_URL, dropDatabase, freshDatabase, postgresAvailable } from './harness'

export type ImportRun = {
  database: 'pglite' | 'postgres'
  files: number
  questions: number
  newMs: number
  newPerSecond: number
  forceMs: number
  forcePerSecond: number
}

export async function benchImport(kind: 'pglite' | 'postgres', files = 10, perFile = 500): Promise<ImportRun> {
  let drop = async () => {}
  let database
  if (kind === 'postgres') {
    const name = `gabarita_perf_${crypto.randomBytes(5).toString('hex')}`
    database = await openDatabase({ kind: 'postgres', url: await freshDatabase(ADMIN_URL, name) })
    drop = () => dropDatabase(ADMIN_URL, name)
  } else {
    database = await openDatabase({ kind: 'pglite' })
  }
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: undefined, DATA_DIR: '/tmp/gabarita-perf-import' }),
    rateLimit: false,
    seedDemo: false,
  }
  const ctx: AppContext = { config, database, db: database.db, logger: pino({ level: 'silent' }), clock: systemClock() }
  const server = createApp(ctx).listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  try {
    const [admin] = await ctx.db.insert(users).values({ email: 'admin@bench.gabarita', name: 'Admin', planName: 'ADMIN' }).returning()
    const { token } = await createApiToken(ctx.db, admin.id, new Date())
    const exams = Array.from({ length: files }, (_, i) => ({
      name: `prova-${i}.txt`,
      bytes: examFile({ name: `Simulado Carga ${i}`, year: 2000 + i, count: perFile }),
    }))
    const { body, contentType } = multipartBody(exams)
    const post = async (force: boolean) => {
      const started = performance.now()
      const res = await fetch(`${base}/admin/questions/upload-exam-txt${force ? '?force=true' : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body,
      })
      const json = (await res.json()) as { success: boolean; processed_questions: number; message: string }
      const ms = performance.now() - started
      if (!res.ok || json.processed_questions !== files * perFile) throw new Error(`importação falhou: ${res.status} ${json.message}`)
      return ms
    }
    const newMs = await post(true)
    const forceMs = await post(true)
    const questions = files * perFile
    return {
      database: kind,
      files,
      questions,
      newMs: Math.round(newMs),
      newPerSecond: Math.round((questions / newMs) * 1000),
      forceMs: Math.round(forceMs),
      forcePerSecond: Math.round((questions / forceMs) * 1000),
    }
  } finally {
    server.close()
    await database.close()
    await drop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map<string, string | undefined>(
    process.argv.slice(2).map((a) => {
      const [k, v] = a.replace(/^--/, '').split('=')
      return [k, v]
    }),
  )
  const files = Number(args.get('files') ?? 10)
  const perFile = Number(args.get('per-file') ?? 500)
  const kinds: ('pglite' | 'postgres')[] = []
  if (!args.has('pg-only')) kinds.push('pglite')
  if (!args.has('pglite-only') && (await postgresAvailable(ADMIN_URL))) kinds.push('postgres')
  for (const kind of kinds) {
    const r = await benchImport(kind, files, perFile)
    console.log(
      `${kind}: ${r.questions} questões em ${r.files} arquivos — novas ${r.newMs} ms (${r.newPerSecond}/s), com force ${r.forceMs} ms (${r.forcePerSecond}/s)`,
    )
  }
}
