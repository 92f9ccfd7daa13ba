// Issue 16, target 7: /questoes HTML ≤ 80 KB "with real OAB statements". The demo bank and the
// benchmark's generated one have short statements; the nine real exams of ../shared/data/oab
// (760 questions, FGV) are about three times longer. The built server on a fresh PGlite holding
// only those exams, imported through the API as the CLI does; then /questoes as a visitor and as
// a signed-in student, once per session (each session has its own random order of the bank).
//   BUILD_DIR=build-perf npx tsx bench/oab-bytes.ts [--sessions=15]
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { uploadDisciplines, uploadExams } from '../server/client/admin'
import { call } from '../server/client/call'
import { ApiClient } from '../server/client/core'
import { authApi } from '../server/features/auth/contract'
import type { Target } from './harness'
import {
  BUILD_DIR,
  flag,
  log,
  percentile,
  PORT,
  registerStudent,
  SECRET,
  serverEnv,
  sessionCookie,
  startBuiltServer,
  stop,
  waitFor,
  writeReport,
} from './harness'
import { HTML_BUDGET, pageBytes } from './page-bytes'

const OAB_DIR = '../shared/data/oab'
const sessions = Number(flag('sessions') ?? 15)
const ADMIN = { email: 'admin@bench.gabarita', password: 'bench-admin-senha-1' }

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { min: sorted[0], median: percentile(sorted, 50), max: sorted[sorted.length - 1] }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-oab-bytes-'))
const server = startBuiltServer(BUILD_DIR, { ...serverEnv(dataDir), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
try {
  const base = `http://127.0.0.1:${PORT}`
  await waitFor(`${base}/api/v1/health`)
  const { token } = await call(new ApiClient({ baseUrl: `${base}/api/v1` }), authApi.login, { body: ADMIN })
  const admin = new ApiClient({ baseUrl: `${base}/api/v1`, token, timeoutMs: 120_000 })
  const read = (name: string) => ({ name, content: fs.readFileSync(path.join(OAB_DIR, name)) })
  const files = fs.readdirSync(OAB_DIR)
  await uploadDisciplines(admin, files.filter((f) => f.endsWith('.json')).map(read))
  const exams = await uploadExams(admin, files.filter((f) => f.endsWith('.txt')).map(read))
  const questions = exams.files.reduce((sum, f) => sum + f.processed_questions, 0)
  log(`${exams.files.length} provas reais importadas, ${questions} questões`)

  const student = await registerStudent(base, 'oab-bytes')
  const visitor: number[] = []
  const signedIn: number[] = []
  for (let i = 0; i < sessions; i++) {
    visitor.push((await pageBytes(base, '')).htmlBytes)
    signedIn.push((await pageBytes(base, await sessionCookie(SECRET, student, crypto.randomUUID()))).htmlBytes)
  }
  const figures = { visitor: spread(visitor), signedIn: spread(signedIn) }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  const targets: Target[] = Object.entries({ visitante: figures.visitor, 'aluno logado': figures.signedIn }).map(([who, f]) => ({
    name: `HTML de /questoes ≤ 80 KB com as provas reais da OAB (${who}, ${sessions} sessões)`,
    status: f.max <= HTML_BUDGET ? 'PASS' : 'FAIL',
    detail: `${kb(f.min)}–${kb(f.max)}, mediana ${kb(f.median)}`,
  }))
  writeReport(
    'oab-bytes-',
    { questions, sessions, figures },
    ['# /questoes com as provas reais da OAB', '', `${questions} questões de ${OAB_DIR}`],
    targets,
  )
} finally {
  await stop(server)
  fs.rmSync(dataDir, { recursive: true, force: true })
}
