// Issue 16, target 7: /questoes HTML ≤ 80 KB "with real OAB statements". The demo bank and the
// benchmark's generated one have short statements; the nine real exams of fixtures/oab
// (760 questions, FGV) are about three times longer. The built server on a fresh PGlite holding
// only those exams, imported through the API as the CLI does; then /questoes as a visitor and as
// a signed-in student, once per session (each session has its own random order of the bank).
//   BUILD_DIR=build-perf npx tsx bench/oab-bytes.ts [--sessions=15]
import crypto from 'node:crypto'

import type { Target } from './harness'
import { flag, log, percentile, registerStudent, SECRET, sessionCookie, writeReport } from './harness'
import { OAB_DIR, withOabBank } from './oab-bank'
import { HTML_BUDGET, pageBytes } from './page-bytes'

const sessions = Number(flag('sessions') ?? 15)

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { min: sorted[0], median: percentile(sorted, 50), max: sorted[sorted.length - 1] }
}

await withOabBank('oab-bytes', async ({ base, questions }) => {
  log(`provas reais importadas, ${questions} questões`)

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
})
