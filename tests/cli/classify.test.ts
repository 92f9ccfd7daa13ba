import type { AddressInfo } from 'node:net'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, exams, questions } from '#server/db/schema'

import { DISCIPLINES, examFile } from '../support/classify-exams'
import { runCli } from '../support/cli'
import { createTestContext, createTestUser } from '../support/context'
import { contractRequest } from '../support/contract'

// `gabarita classify` (issue 38 §1, ADR 052): the per-exam report, --apply (re-predicts with the
// current model and prints what changed) and --json, through the typed client as a user runs it.

function cli(args: string[], token: string) {
  return runCli([...args, '--api', api], { GABARITA_TOKEN: token, GABARITA_API_URL: undefined, XDG_CONFIG_HOME: '/nonexistent' })
}

let t: Awaited<ReturnType<typeof createTestContext>>
let server: ReturnType<typeof t.app.listen>
let api: string
let admin: Awaited<ReturnType<typeof createTestUser>>

async function upload(name: string, file: Buffer) {
  const res = await contractRequest(t.app)
    .post('/api/v1/admin/questions/upload-exam-txt')
    .set(admin.auth)
    .attach('file', file, `${name}.txt`)
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  t = await createTestContext()
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
  await contractRequest(t.app).post('/api/v1/admin/disciplines/upload').set(admin.auth).attach('file', DISCIPLINES, 'd.json').expect(200)
  // Its "Direito Espacial" block is unlabelled: the shipped model cannot know it.
  await upload('Antes', examFile('Antes', 7, { perBlock: 5, label: (d) => d !== 'Direito Espacial' }))
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  await t.close()
})

describe('gabarita classify', () => {
  it('prints the report per exam in Portuguese, and as JSON with --json', async () => {
    const run = await cli(['classify'], admin.token)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(
      // The bank's 15 labels learnt on top of the shipped model's 760 questions (issue 63 §1).
      /^Modelo: o que vem com o Gabarita, mais as questões classificadas do banco \(10 provas, 775 questões, 16 disciplinas, limiar de confiança \d+\.\d%\)$/m,
    )
    expect(run.stdout).toMatch(
      /^Antes \(2024\): 20 questões; arquivo 15, revisadas 0, previstas \d+ \(confiantes \d+, a revisar \d+\), não classificadas \d+; assuntos: arquivo \d+, revisados 0, previstos \d+ \(confiantes \d+, a revisar \d+\), sem assunto \d+$/m,
    )
    expect(run.stdout).toMatch(/^Total: 20 questões; /m)
    const json = await cli(['classify', '--json'], admin.token)
    expect(json.code).toBe(0)
    const report = JSON.parse(json.stdout)
    expect(report.exams).toEqual([expect.objectContaining({ name: 'Antes', total: 20, file: 15 })])
    expect(report.model).toMatchObject({ origin: 'bank', disciplines: 16 })
  })

  it('--apply retrains on the bank’s labels and prints each question whose discipline changed', async () => {
    for (const [i, name] of ['Rotulada 1', 'Rotulada 2', 'Rotulada 3'].entries()) await upload(name, examFile(name, 100 + i))
    const run = await cli(['classify', '--apply'], admin.token)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(
      /^Modelo: o que vem com o Gabarita, mais as questões classificadas do banco \(13 provas, 1015 questões, 17 disciplinas/m,
    )
    expect(run.stdout).toMatch(/^MUDOU Antes, questão 16: .+ → Direito Espacial \(\d+\.\d%(, a revisar)?\)$/m)
    expect(run.stdout).toMatch(
      /disciplinas mudaram\. Questões lidas: 5; mudaram: \d; sem disciplina no banco: 0; assuntos previstos de novo: \d+$/m,
    )
    const rows = await t.db
      .select({ number: questions.number, discipline: disciplines.name, source: questions.disciplineSource })
      .from(questions)
      .innerJoin(exams, eq(exams.id, questions.examId))
      .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
      .where(eq(exams.name, 'Antes'))
    expect(rows.filter((r) => r.number > 15).every((r) => r.discipline === 'Direito Espacial' && r.source === 'prediction')).toBe(true)
    const again = await cli(['classify', '--apply', '--json'], admin.token)
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: [], message: 'Nenhuma disciplina mudou.', examined: 5 })
  })

  it('a student token is refused with a clear line', async () => {
    const student = await createTestUser(t.ctx)
    const run = await cli(['classify'], student.token)
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe('Acesso negado (Acesso restrito a administradores): entre com uma conta de administrador.')
  })
})
