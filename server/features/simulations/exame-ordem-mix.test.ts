import fs from 'node:fs'
import path from 'node:path'

import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, questions, simulationQuestions } from '#server/db/schema'
import { lastModel } from '#server/domain/classify/current'
import { importExamBytes } from '#server/domain/import/importer'
import { UNCLASSIFIED_KEY } from '#server/domain/import/parse-exam'
import { shortfallLine } from '#server/features/simulations/messages'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { OAB_DIR } from '../../../tests/support/oab'

// The Exame de Ordem mix stays the OAB's (issue 38 §2, ADR 054), on two real booklets (VIII and
// IX): a booklet with questions under "Não classificada" or with a prediction not sure enough is
// passed over and the page says why; a booklet of sure predictions gives the mix and says so; with
// no booklet, the official distribution kept as data; a draw never takes "Não classificada" while
// classified questions are left; the admin's table refuses it; the study plan never weighs it.

const IX = path.join(OAB_DIR, '2012-ix-exame-de-ordem-unificado.txt')
const VIII = path.join(OAB_DIR, '2012-viii-exame-de-ordem-unificado.txt')

type Plan = {
  source: string
  summary: string
  exam: { id: number; name: string; predicted: number } | null
  passed_over: { id: number; name: string; unclassified: number; uncertain: number }[]
  mix: { discipline_id: number; discipline_name: string; count: number }[]
  shortfall: {
    discipline_id: number | null
    discipline_name: string
    wanted: number
    drawn: number
    to: { discipline_id: number; discipline_name: string; count: number }[]
  }[]
}

let t: Awaited<ReturnType<typeof createTestContext>>
let admin: Awaited<ReturnType<typeof createTestUser>>
let ixId: number
let viiiId: number
let unclassifiedId: number

const api = (method: 'get' | 'put' | 'post', url: string, auth: Record<string, string>) =>
  contractRequest(t.app)[method](`/api/v1${url}`).set(auth)
const plan = async () => (await api('get', '/admin/simulations/mix', admin.auth).expect(200)).body.effective as Plan

/** The first `n` questions of an exam, by number. */
async function firstOf(examId: number, n: number) {
  const rows = await t.db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.examId, examId))
    .orderBy(questions.number)
    .limit(n)
  return rows.map((r) => r.id)
}

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => new Date('2026-11-18T13:00:00Z')
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Admin' })
  for (const file of [VIII, IX]) {
    const result = await importExamBytes(t.db, path.basename(file), fs.readFileSync(file), { force: true, now: new Date() })
    expect(result.success, JSON.stringify(result)).toBe(true)
  }
  const exams = (await api('get', '/exams', admin.auth).expect(200)).body.exams as { id: number; name: string }[]
  ixId = exams.find((e) => e.name.startsWith('IX '))!.id
  viiiId = exams.find((e) => e.name.startsWith('VIII '))!.id
  const [row] = await t.db.insert(disciplines).values({ name: 'Não classificada', nameKey: UNCLASSIFIED_KEY }).returning()
  unclassifiedId = row.id
}, 120_000)
afterAll(() => t.close())

describe('the Exame de Ordem mix (issue 38 §2)', () => {
  it('takes the newest booklet whose disciplines are all the file’s', async () => {
    const p = await plan()
    expect(p).toMatchObject({ source: 'exam', exam: { id: ixId, predicted: 0 }, passed_over: [] })
    expect(p.summary).toBe('Na proporção do IX Exame de Ordem Unificado.')
  })

  it('passes over a booklet with a prediction not sure enough, and says why', async () => {
    const three = await firstOf(ixId, 3)
    const model = lastModel(t.db)
    const unsure = model.ok ? model.model.data.threshold - 0.2 : 0.5
    await t.db.update(questions).set({ disciplineSource: 'prediction', disciplineConfidence: unsure }).where(inArray(questions.id, three))
    const p = await plan()
    expect(p).toMatchObject({ source: 'exam', exam: { id: viiiId } })
    expect(p.passed_over).toEqual([{ id: ixId, name: 'IX Exame de Ordem Unificado', unclassified: 0, uncertain: 3 }])
    expect(p.summary).toBe(
      'Na proporção do VIII Exame de Ordem Unificado. O caderno do IX Exame de Ordem Unificado não serve: 3 com disciplina prevista sem segurança.',
    )
    // The student's start page says the same.
    const student = await createTestUser(t.ctx, { plan: 'PRO' })
    const options = (await api('get', '/simulations/options', student.auth).expect(200)).body
    expect(options.exame_ordem.summary).toBe(p.summary)
  })

  it('takes a booklet of sure predictions and says its disciplines were predicted', async () => {
    await t.db
      .update(questions)
      .set({ disciplineConfidence: 0.9999 })
      .where(and(eq(questions.examId, ixId), eq(questions.disciplineSource, 'prediction')))
    const p = await plan()
    expect(p).toMatchObject({ source: 'exam', exam: { id: ixId, predicted: 3 }, passed_over: [] })
    expect(p.summary).toBe('Na proporção do IX Exame de Ordem Unificado (disciplinas previstas automaticamente).')
  })

  it('falls back on the official distribution when no booklet qualifies, and never draws “Não classificada”', async () => {
    const moved = [...(await firstOf(ixId, 5)), ...(await firstOf(viiiId, 2))]
    await t.db.update(questions).set({ disciplineId: unclassifiedId, disciplineSource: 'file' }).where(inArray(questions.id, moved))
    const p = await plan()
    expect(p.source).toBe('official')
    expect(p.exam).toBeNull()
    expect(p.passed_over.map((x) => [x.name, x.unclassified])).toEqual([
      ['IX Exame de Ordem Unificado', 5],
      ['VIII Exame de Ordem Unificado', 2],
    ])
    expect(p.summary).toBe(
      'Na distribuição oficial das últimas provas da OAB. O caderno do IX Exame de Ordem Unificado não serve: 5 sem disciplina.',
    )
    // The official lines the bank has (the 2012 booklets lack Filosofia, Eleitoral, Financeiro and Previdenciário), in the booklet's order.
    expect(p.mix[0]).toMatchObject({ discipline_name: 'Ética Profissional', count: 8 })
    expect(p.mix.map((m) => m.discipline_name)).not.toContain('Não classificada')
    expect(p.mix.map((m) => m.discipline_name)).not.toContain('Filosofia do Direito')
    expect(p.mix.reduce((s, m) => s + m.count, 0)).toBe(72)
    // The page names the four and where their 8 questions go (issue 63 §3): by the largest share for what
    // a line already took (Ética's 8, the 6s, then the 5s over Ética's 8 / 2).
    expect(p.shortfall.map((f) => shortfallLine(f))).toEqual([
      'Filosofia do Direito: nenhuma questão no banco — 1 questão a mais de Ética Profissional e 1 de Direito Constitucional',
      'Direito Eleitoral: nenhuma questão no banco — 1 questão a mais de Direito Civil e 1 de Direito Processual Civil',
      'Direito Financeiro: nenhuma questão no banco — 1 questão a mais de Direito Penal e 1 de Direito Processual Penal',
      'Direito Previdenciário: nenhuma questão no banco — 1 questão a mais de Direito Tributário e 1 de Direito Administrativo',
    ])

    const student = await createTestUser(t.ctx, { plan: 'PRO' })
    const started = await api('post', '/simulations', student.auth).send({ kind: 'exame_ordem' }).expect(201)
    const cells = await t.db
      .select({ disciplineId: questions.disciplineId })
      .from(simulationQuestions)
      .innerJoin(questions, eq(questions.id, simulationQuestions.questionId))
      .where(eq(simulationQuestions.simulationId, started.body.simulation.id))
    expect(cells).toHaveLength(80)
    expect(cells.filter((c) => c.disciplineId === unclassifiedId)).toHaveLength(0)
    // Drawn as said: each line's count plus what it took, none elsewhere.
    for (const m of p.mix) {
      const more = p.shortfall.flatMap((f) => f.to).filter((x) => x.discipline_id === m.discipline_id)
      expect(cells.filter((c) => c.disciplineId === m.discipline_id)).toHaveLength(m.count + more.reduce((n, x) => n + x.count, 0))
    }
  })

  it('refuses “Não classificada” in the admin’s table, and the study plan never weighs it', async () => {
    const refused = await api('put', '/admin/simulations/mix', admin.auth)
      .send({ mix: [{ discipline_id: unclassifiedId, count: 80 }] })
      .expect(400)
    expect(refused.body.error).toMatch(/“Não classificada” não entra na distribuição/)

    const pro = await createTestUser(t.ctx, { plan: 'PRO' })
    await api('put', '/study-plan', pro.auth).send({ exam_date: '2027-03-01', hours_per_week: 10 }).expect(200)
    const week = (await api('get', '/study-plan', pro.auth).expect(200)).body.week
    expect(week.mix_summary).toBe((await plan()).summary)
    expect(week.by_discipline.map((d: { discipline_id: number }) => d.discipline_id)).not.toContain(unclassifiedId)
    // The seven questions are still in the bank, under "Não classificada".
    expect(await t.db.select().from(questions).where(eq(questions.disciplineId, unclassifiedId))).toHaveLength(7)
  })

  it('lets the admin keep the official distribution, by name, summing 80', async () => {
    const read = (await api('get', '/admin/simulations/official-mix', admin.auth).expect(200)).body.lines as {
      name: string
      count: number
      in_bank: boolean
    }[]
    expect(read).toHaveLength(20)
    expect(read.reduce((s, l) => s + l.count, 0)).toBe(80)
    expect(read.find((l) => l.name === 'Filosofia do Direito')).toEqual({ name: 'Filosofia do Direito', count: 2, in_bank: false })
    expect(read.find((l) => l.name === 'Direito Civil')).toMatchObject({ count: 6, in_bank: true })

    // Civil takes Filosofia's two: the next draw has 8 of Civil.
    const lines = read.map((l) => ({
      name: l.name,
      count: l.name === 'Direito Civil' ? 8 : l.name === 'Filosofia do Direito' ? 0 : l.count,
    }))
    const saved = await api('put', '/admin/simulations/official-mix', admin.auth).send({ lines }).expect(200)
    expect(saved.body.message).toBe('Distribuição oficial salva.')
    expect(saved.body.effective.source).toBe('official')
    expect(saved.body.effective.mix.find((m: { discipline_name: string }) => m.discipline_name === 'Direito Civil').count).toBe(8)

    const bad = await api('put', '/admin/simulations/official-mix', admin.auth)
      .send({ lines: [{ name: 'Direito Civil', count: 79 }] })
      .expect(400)
    expect(bad.body.error).toMatch(/A soma das questões deve ser 80/)
    const twice = await api('put', '/admin/simulations/official-mix', admin.auth)
      .send({
        lines: [
          { name: 'Direito Civil', count: 40 },
          { name: 'direito  civil', count: 40 },
        ],
      })
      .expect(400)
    expect(twice.body.error).toMatch(/Cada disciplina pode aparecer uma vez só/)
    const student = await createTestUser(t.ctx, { plan: 'PRO' })
    await api('get', '/admin/simulations/official-mix', student.auth).expect(403)
    await api('put', '/admin/simulations/official-mix', student.auth).send({ lines }).expect(403)
    // Nothing of the refused bodies was kept.
    const after = (await api('get', '/admin/simulations/official-mix', admin.auth).expect(200)).body.lines as {
      name: string
      count: number
    }[]
    expect(after.find((l) => l.name === 'Direito Civil')!.count).toBe(8)
  })
})
