import fs from 'node:fs'
import path from 'node:path'

import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ConfigError, loadConfig } from '#server/config'
import { attempts, questions, questionUsage, simulationQuestions, simulations } from '#server/db/schema'
import { examEdition } from '#server/domain/exams'
import { importExamBytes } from '#server/domain/import/importer'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { OAB_DIR } from '../../../tests/support/oab'
import { insertQuestions } from '../../../tests/support/questions'

// Simulados (issue 29) through the API, on two real Exame de Ordem booklets (the VIII and the IX,
// whose 3 annulled questions the board scored as right): the booklet's mix drawn exactly, no key
// before the end, the deadline on a clock the test moves, resume, scoring, the comparison, the
// plan limits and the toggle, another student's simulado, bad input.

const IX = path.join(OAB_DIR, '2012-ix-exame-de-ordem-unificado.txt')
const VIII = path.join(OAB_DIR, '2012-viii-exame-de-ordem-unificado.txt')

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let now = new Date('2026-11-18T13:00:00Z')
let ixId: number
let viiiId: number

const api = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

async function withPlan(plan: 'GRATUITO' | 'BASICO' | 'PREMIUM' | 'PRO', name: string = plan) {
  const user = await createTestUser(t.ctx, { name })
  if (plan !== 'GRATUITO') await api('put', `/admin/users/${user.user.id}/plan`, admin.auth).send({ plan_name: plan }).expect(200)
  return user
}

type Sim = {
  id: number
  size: number
  deadline_at: string | null
  status: string
  shortfall: { discipline_id: number; wanted: number; drawn: number }[]
}

async function start(user: User, body: Record<string, unknown>) {
  const res = await api('post', '/simulations', user.auth).send(body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.simulation as Sim
}

const cells = (id: number) =>
  t.db.select().from(simulationQuestions).where(eq(simulationQuestions.simulationId, id)).orderBy(simulationQuestions.position)

async function keyOf(questionId: number) {
  const [q] = await t.db.select({ key: questions.correctAnswer }).from(questions).where(eq(questions.id, questionId))
  return q.key
}

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => now
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Admin' })
  for (const file of [VIII, IX]) {
    const result = await importExamBytes(t.db, path.basename(file), fs.readFileSync(file), { force: true, now: new Date() })
    expect(result.success, JSON.stringify(result)).toBe(true)
  }
  const exams = (await api('get', '/exams', admin.auth).expect(200)).body.exams as { id: number; name: string }[]
  ixId = exams.find((e) => e.name.startsWith('IX '))!.id
  viiiId = exams.find((e) => e.name.startsWith('VIII '))!.id
  // A small bank of another board for the personalised ones.
  await insertQuestions(
    t.db,
    Array.from({ length: 12 }, (_, i) => ({
      discipline: 'Direito Tributário Teste',
      exam: { name: 'Concurso Teste', year: 2020, board: 'CESPE' },
      statement: `Questão personalizada ${i + 1}`,
      correctAnswer: 'A',
    })),
  )
}, 120_000)
afterAll(() => t.close())

describe('the clock', () => {
  it('takes CLOCK_OFFSET_SECONDS outside production and refuses it in production, in Portuguese', () => {
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gabarita-clock-'))
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, CLOCK_OFFSET_SECONDS: '3600' }).clockOffsetMs).toBe(3_600_000)
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).clockOffsetMs).toBe(0)
    const prod = () => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), CLOCK_OFFSET_SECONDS: '60' })
    expect(prod).toThrow(ConfigError)
    expect(prod).toThrow(/CLOCK_OFFSET_SECONDS: não é aceito em produção/)
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, CLOCK_OFFSET_SECONDS: '1.5' })).toThrow(/CLOCK_OFFSET_SECONDS/)
  })

  it('reads editions of booklet names', () => {
    expect(examEdition('IX Exame de Ordem Unificado')).toBe(9)
    expect(examEdition('XXXIV Exame de Ordem Unificado')).toBe(34)
    expect(examEdition('Exame de Ordem Unificado 2010.3')).toBe(3)
    expect(examEdition('Concurso Teste')).toBe(0)
  })
})

describe('exams and the Exame de Ordem mix', () => {
  it('lists the imported exams with their counts and whether each is whole', async () => {
    const { exams } = (await api('get', '/exams', admin.auth).expect(200)).body
    const ix = exams.find((e: { id: number }) => e.id === ixId)
    expect(ix).toMatchObject({ question_count: 80, annulled_count: 3, complete: true, year: 2012, board: 'FGV' })
    // Newest first: the IX before the VIII, both 2012.
    expect(exams.findIndex((e: { id: number }) => e.id === ixId)).toBeLessThan(exams.findIndex((e: { id: number }) => e.id === viiiId))
  })

  it('draws 80 questions in the newest whole booklet’s mix exactly, never an annulled one', async () => {
    const premium = await withPlan('PREMIUM')
    const options = (await api('get', '/simulations/options', premium.auth).expect(200)).body
    expect(options.exame_ordem.source).toBe('exam')
    expect(options.exame_ordem.exam.id).toBe(ixId)
    const booklet = await t.db.execute(
      sql`SELECT discipline_id, count(*)::int AS n FROM questions WHERE exam_id = ${ixId} GROUP BY discipline_id`,
    )
    const wanted = new Map((booklet as unknown as { rows: { discipline_id: number; n: number }[] }).rows.map((r) => [r.discipline_id, r.n]))
    expect(new Map(options.exame_ordem.mix.map((m: { discipline_id: number; count: number }) => [m.discipline_id, m.count]))).toEqual(
      wanted,
    )
    expect(options.exame_ordem.shortfall).toEqual([])

    const sim = await start(premium, { kind: 'exame_ordem' })
    expect(sim).toMatchObject({ size: 80, duration_minutes: 300, pass_mark: 40, status: 'in_progress', shortfall: [] })
    expect(new Date(sim.deadline_at!).getTime() - now.getTime()).toBe(300 * 60_000)
    const drawn = await cells(sim.id)
    const got = new Map<number, number>()
    for (const c of drawn) got.set(c.disciplineId, (got.get(c.disciplineId) ?? 0) + 1)
    expect(got).toEqual(wanted)
    const keys = await Promise.all(drawn.map((c) => keyOf(c.questionId)))
    expect(keys.filter((k) => k === null)).toEqual([])
  })

  it('follows the admin’s table, says before starting what the bank lacks and fills from the others', async () => {
    const thin = await insertQuestions(t.db, [
      { discipline: 'Direito Rarefeito', statement: 'Rara 1', correctAnswer: 'B' },
      { discipline: 'Direito Rarefeito', statement: 'Rara 2', correctAnswer: 'C' },
    ])
    const thinId = thin.questions[0].disciplineId
    // The booklet's mix with 10 of its largest discipline given to one the bank barely has.
    const booklet = (await api('get', '/admin/simulations/mix', admin.auth).expect(200)).body.booklet.mix as {
      discipline_id: number
      count: number
    }[]
    const largest = [...booklet].sort((a, b) => b.count - a.count)[0]
    const mix = booklet.map((m) => ({ discipline_id: m.discipline_id, count: m === largest ? m.count - 10 : m.count }))
    const set = await api('put', '/admin/simulations/mix', admin.auth)
      .send({ mix: [...mix, { discipline_id: thinId, count: 10 }] })
      .expect(200)
    expect(set.body.effective.source).toBe('admin')
    const [short] = set.body.effective.shortfall
    expect(set.body.effective.shortfall).toHaveLength(1)
    expect(short).toMatchObject({ discipline_id: thinId, discipline_name: 'Direito Rarefeito', wanted: 10, drawn: 2 })
    // The 8 it cannot give, named beforehand (issue 63 §3): the largest shares first, one each.
    const to = short.to as { discipline_id: number; count: number }[]
    expect(to.reduce((n, x) => n + x.count, 0)).toBe(8)
    expect(to.every((x) => x.count === 1)).toBe(true)

    const pro = await withPlan('PRO')
    const options = (await api('get', '/simulations/options', pro.auth).expect(200)).body
    expect(options.exame_ordem.shortfall).toHaveLength(1)
    const sim = await start(pro, { kind: 'exame_ordem' })
    expect(sim.size).toBe(80)
    expect(sim.shortfall).toEqual([short])
    const drawn = await cells(sim.id)
    expect(drawn.filter((c) => c.disciplineId === thinId)).toHaveLength(2)
    // The draw did what the page said: each named discipline gave its count plus what it took.
    for (const m of mix) {
      const more = to.find((x) => x.discipline_id === m.discipline_id)?.count ?? 0
      expect(drawn.filter((c) => c.disciplineId === m.discipline_id)).toHaveLength(m.count + more)
    }
    expect(new Set(drawn.map((c) => c.questionId)).size).toBe(80)

    const stats = (await api('get', '/admin/simulations/stats', admin.auth).expect(200)).body
    expect(stats.started).toBeGreaterThanOrEqual(2)

    // A sum other than 80 is refused; [] goes back to the booklet.
    const bad = await api('put', '/admin/simulations/mix', admin.auth)
      .send({ mix: [{ discipline_id: thinId, count: 10 }] })
      .expect(400)
    expect(bad.body.error).toMatch(/soma das questões deve ser 80/)
    // A student, even on the dearest plan, reaches none of the admin's routes.
    await api('get', '/admin/simulations/mix', pro.auth).expect(403)
    await api('put', '/admin/simulations/mix', pro.auth).send({ mix: [] }).expect(403)
    await api('get', '/admin/simulations/stats', pro.auth).expect(403)
    const cleared = await api('put', '/admin/simulations/mix', admin.auth).send({ mix: [] }).expect(200)
    expect(cleared.body.effective.source).toBe('exam')
  })
})

describe('sitting a simulado', () => {
  it('shows the sheet and one question without the key, the explanation or statistics', async () => {
    const premium = await withPlan('PREMIUM')
    const sim = await start(premium, { kind: 'personalizado', size: 5, filters: { exam_board: ['CESPE'] } })
    expect(sim).toMatchObject({ size: 5, duration_minutes: 19 })
    const res = await api('get', `/simulations/${sim.id}?position=2`, premium.auth).expect(200)
    expect(res.body.sheet).toHaveLength(5)
    expect(res.body.question).toMatchObject({ position: 2, previous_position: 1, next_position: 3, choice: null })
    const text = JSON.stringify(res.body)
    for (const leak of ['correct_answer', 'explanation', 'is_annulled', 'stats', 'score":0']) expect(text).not.toContain(leak)
    const saved = await api('put', `/simulations/${sim.id}/answers/${res.body.question.question_id}`, premium.auth)
      .send({ choice: 'b' })
      .expect(200)
    expect(saved.body).toMatchObject({ position: 2, choice: 'B', marked: false, next_position: 3 })
    expect(JSON.stringify(saved.body)).not.toContain('correct')
    // The result waits for the end.
    const early = await api('get', `/simulations/${sim.id}/result`, premium.auth).expect(409)
    expect(early.body.error).toMatch(/resultado sai quando o simulado for entregue/)
  })

  it('keeps the key of its questions from the bank while it is open: reveal, answer, statistics, analysis, discussions and video answer 409 until delivery', async () => {
    const premium = await withPlan('PREMIUM')
    const other = await withPlan('PREMIUM', 'Outro')
    const sim = await start(premium, { kind: 'personalizado', size: 5, filters: { exam_board: ['CESPE'] } })
    const { question } = (await api('get', `/simulations/${sim.id}?position=1`, premium.auth).expect(200)).body
    const id = question.question_id as number
    const held = [
      api('post', `/questions/${id}/reveal`, premium.auth),
      api('get', `/questions/${id}/reveal`, premium.auth),
      api('post', `/questions/${id}/attempts`, premium.auth).send({ answer: 'A' }),
      api('get', `/questions/${id}/statistics`, premium.auth),
      api('get', `/questions/${id}/video`, premium.auth),
      api('post', `/questions/${id}/video/watch`, premium.auth),
      api('get', `/questions/${id}/forum/topics`, premium.auth),
      api('post', `/questions/${id}/forum/topics`, premium.auth).send({
        title: 'Qual é a resposta?',
        content: 'Alguém sabe qual é a certa?',
      }),
    ]
    for (const request of held) {
      const res = await request
      expect(res.status, JSON.stringify(res.body)).toBe(409)
      expect(res.body).toMatchObject({ code: 'IN_OPEN_SIMULATION', simulation_id: sim.id })
      expect(res.body.error).toMatch(/Entregue o simulado para ver a resposta/)
      expect(JSON.stringify(res.body)).not.toContain('correct_answer')
    }
    // Nothing was counted or recorded on the way, and another student is not affected.
    expect(await t.db.select().from(attempts).where(eq(attempts.userId, premium.user.id))).toHaveLength(0)
    expect((await api('post', `/questions/${id}/reveal`, other.auth).expect(200)).body.correct_answer).toBe(await keyOf(id))
    // Delivered, the question opens again.
    await api('post', `/simulations/${sim.id}/finish`, premium.auth).expect(200)
    expect((await api('post', `/questions/${id}/reveal`, premium.auth).expect(200)).body.correct_answer).toBe(await keyOf(id))
    await api('get', `/questions/${id}/statistics`, premium.auth).expect(200)
  })

  it('resumes where the student stopped, with every answer and mark kept', async () => {
    const premium = await withPlan('PREMIUM')
    const sim = await start(premium, { kind: 'personalizado', size: 6, duration_minutes: null, filters: { exam_board: ['CESPE'] } })
    expect(sim.deadline_at).toBeNull()
    const drawn = await cells(sim.id)
    await api('put', `/simulations/${sim.id}/answers/${drawn[0].questionId}`, premium.auth).send({ choice: 'A' }).expect(200)
    await api('put', `/simulations/${sim.id}/answers/${drawn[2].questionId}`, premium.auth).send({ marked: true }).expect(200)
    await api('put', `/simulations/${sim.id}/answers/${drawn[3].questionId}`, premium.auth).send({ choice: 'C', marked: true }).expect(200)
    // Another device: no position asked, the sitting opens where it stopped.
    const back = await api('get', `/simulations/${sim.id}`, premium.auth).expect(200)
    expect(back.body.simulation).toMatchObject({ current_position: 4, answered_count: 2, marked_count: 2, time_left_seconds: null })
    expect(back.body.question).toMatchObject({ position: 4, choice: 'C', marked: true })
    expect(back.body.sheet.map((c: { answered: boolean; marked: boolean }) => [c.answered, c.marked])).toEqual([
      [true, false],
      [false, false],
      [false, true],
      [true, true],
      [false, false],
      [false, false],
    ])
    // A blank again: choice null.
    await api('put', `/simulations/${sim.id}/answers/${drawn[0].questionId}`, premium.auth).send({ choice: null }).expect(200)
    const list = (await api('get', '/simulations', premium.auth).expect(200)).body.simulations
    expect(list[0]).toMatchObject({ id: sim.id, answered_count: 1 })
  })

  it('keeps the deadline on the server’s clock: answers refused after it, the sitting closed on its next read', async () => {
    const premium = await withPlan('PREMIUM')
    const startedAt = now
    const sim = await start(premium, { kind: 'personalizado', size: 5, duration_minutes: 10, filters: { exam_board: ['CESPE'] } })
    const drawn = await cells(sim.id)
    now = new Date(startedAt.getTime() + 9 * 60_000)
    await api('put', `/simulations/${sim.id}/answers/${drawn[0].questionId}`, premium.auth).send({ choice: 'A' }).expect(200)
    const open = await api('get', `/simulations/${sim.id}`, premium.auth).expect(200)
    expect(open.body.simulation.time_left_seconds).toBe(60)

    now = new Date(startedAt.getTime() + 10 * 60_000 + 1000)
    const [still] = await t.db.select().from(simulations).where(eq(simulations.id, sim.id))
    expect(still.finishedAt).toBeNull() // no timer closed it
    const late = await api('put', `/simulations/${sim.id}/answers/${drawn[1].questionId}`, premium.auth).send({ choice: 'A' }).expect(409)
    expect(late.body.error).toMatch(/O tempo do simulado acabou/)
    const read = await api('get', `/simulations/${sim.id}`, premium.auth).expect(200)
    expect(read.body.simulation).toMatchObject({
      status: 'finished',
      closed_by_deadline: true,
      closed_without_answers: false, // one answer was saved: a grade
      finished_at: sim.deadline_at,
      score: 1,
    })
    const [cell] = (await cells(sim.id)).filter((c) => c.position === 2)
    expect(cell.choice).toBeNull()
    const made = await t.db.select().from(attempts).where(eq(attempts.simulationId, sim.id))
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ source: 'simulado', answer: 'A', correct: true })
    const result = (await api('get', `/simulations/${sim.id}/result`, premium.auth).expect(200)).body.result
    expect(result).toMatchObject({ score: 1, right: 1, blank: 4, time_used_seconds: 600, seconds_per_question: 120, passed: false })
  })

  it('closes a sitting whose deadline passed when the list is read too', async () => {
    const premium = await withPlan('PREMIUM')
    const sim = await start(premium, { kind: 'personalizado', size: 5, duration_minutes: 1, filters: { exam_board: ['CESPE'] } })
    now = new Date(now.getTime() + 2 * 60_000)
    const list = (await api('get', '/simulations', premium.auth).expect(200)).body.simulations
    expect(list.find((s: { id: number }) => s.id === sim.id)).toMatchObject({
      status: 'finished',
      closed_by_deadline: true,
      closed_without_answers: true, // nothing saved: "Encerrado sem respostas", not a 0
    })
  })
})

describe('a past exam as applied', () => {
  it('is the booklet in order, scored as the board scores it (annulled = right), its answers attempts outside the quota', async () => {
    const student = await withPlan('GRATUITO', 'Gratuita')
    const sim = await start(student, { kind: 'prova_anterior', exam_id: ixId })
    expect(sim).toMatchObject({ size: 80, duration_minutes: 300, pass_mark: 40 })
    const drawn = await cells(sim.id)
    const numbers = await t.db
      .select({ id: questions.id, number: questions.number, key: questions.correctAnswer })
      .from(questions)
      .where(eq(questions.examId, ixId))
    const byId = new Map(numbers.map((q) => [q.id, q]))
    expect(drawn.map((c) => byId.get(c.questionId)!.number)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1))
    // Right on the first 40 live keys, wrong on the next 10, the rest blank; the annulled untouched.
    let right = 0
    let wrong = 0
    for (const c of drawn) {
      const key = byId.get(c.questionId)!.key
      if (key === null) continue
      if (right < 40) {
        right++
        await api('put', `/simulations/${sim.id}/answers/${c.questionId}`, student.auth).send({ choice: key }).expect(200)
      } else if (wrong < 10) {
        wrong++
        await api('put', `/simulations/${sim.id}/answers/${c.questionId}`, student.auth)
          .send({ choice: key === 'A' ? 'B' : 'A' })
          .expect(200)
      }
    }
    const done = await api('post', `/simulations/${sim.id}/finish`, student.auth).expect(200)
    expect(done.body.simulation).toMatchObject({ status: 'finished', closed_by_deadline: false, score: 43, passed: true })
    // Delivering twice is no error and scores once.
    await api('post', `/simulations/${sim.id}/finish`, student.auth).expect(200)
    const result = (await api('get', `/simulations/${sim.id}/result`, student.auth).expect(200)).body.result
    expect(result).toMatchObject({
      score: 43,
      right: 43,
      wrong: 10,
      blank: 27,
      annulled: 3,
      size: 80,
      pass_mark: 40,
      passed: true,
      percent: 54,
    })
    expect(result.by_discipline.reduce((s: number, d: { total: number }) => s + d.total, 0)).toBe(80)
    expect(result.review).toHaveLength(80)
    expect(result.review.filter((r: { outcome: string }) => r.outcome === 'annulled')).toHaveLength(3)
    expect(result.review[0]).toHaveProperty('correct_answer')
    expect(result.comparison).toMatchObject({ scope: 'exam', people: 1, position: null, percentile: null })

    const made = await t.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.userId, student.user.id), eq(attempts.source, 'simulado')))
    expect(made).toHaveLength(50)
    expect(made.filter((a) => a.correct)).toHaveLength(40)
    const usage = await t.db.select().from(questionUsage).where(eq(questionUsage.userId, student.user.id))
    expect(usage).toHaveLength(0) // ADR 045: simulado answers do not count against the weekly quota

    // Answers after the delivery: 409.
    const after = await api('put', `/simulations/${sim.id}/answers/${drawn[0].questionId}`, student.auth).send({ choice: 'A' }).expect(409)
    expect(after.body.error).toMatch(/já foi entregue/)
  })

  it('places the student among 5 or more people who sat the same exam (position and percentile, anonymous)', async () => {
    const scores = [10, 20, 30, 40]
    for (const [i, score] of scores.entries()) {
      const user = await withPlan('BASICO', `Comparada ${i}`)
      const sim = await start(user, { kind: 'prova_anterior', exam_id: viiiId })
      const drawn = await cells(sim.id)
      for (const c of drawn.slice(0, score)) {
        const key = await keyOf(c.questionId)
        if (key) await api('put', `/simulations/${sim.id}/answers/${c.questionId}`, user.auth).send({ choice: key }).expect(200)
      }
      await api('post', `/simulations/${sim.id}/finish`, user.auth).expect(200)
      const r = (await api('get', `/simulations/${sim.id}/result`, user.auth).expect(200)).body.result
      expect(r.comparison.people).toBe(i + 1)
      expect(r.comparison.position).toBeNull()
    }
    const fifth = await withPlan('PREMIUM', 'Quinta')
    const sim = await start(fifth, { kind: 'prova_anterior', exam_id: viiiId })
    const drawn = await cells(sim.id)
    for (const c of drawn.slice(0, 25)) {
      const key = await keyOf(c.questionId)
      if (key) await api('put', `/simulations/${sim.id}/answers/${c.questionId}`, fifth.auth).send({ choice: key }).expect(200)
    }
    await api('post', `/simulations/${sim.id}/finish`, fifth.auth).expect(200)
    const r = (await api('get', `/simulations/${sim.id}/result`, fifth.auth).expect(200)).body.result
    expect(r.comparison).toMatchObject({ scope: 'exam', people: 5, position: 3, percentile: 50 })
    expect(JSON.stringify(r.comparison)).not.toMatch(/Comparada/)
  })

  it('leaves a sitting the clock closed with no answer out of the comparison, its own and everyone else’s', async () => {
    const quitter = await withPlan('PREMIUM', 'Desistente')
    const quit = await start(quitter, { kind: 'prova_anterior', exam_id: viiiId })
    now = new Date(now.getTime() + 301 * 60_000)
    const [listed] = (await api('get', '/simulations', quitter.auth).expect(200)).body.simulations
    expect(listed).toMatchObject({
      id: quit.id,
      status: 'finished',
      closed_by_deadline: true,
      closed_without_answers: true,
      answered_count: 0,
    })
    const own = (await api('get', `/simulations/${quit.id}/result`, quitter.auth).expect(200)).body.result
    expect(own.simulation.closed_without_answers).toBe(true)
    expect(own.comparison).toMatchObject({
      scope: 'exam',
      people: 0,
      position: null,
      message: 'Encerrado sem respostas: um simulado sem nenhuma resposta não entra na comparação.',
    })

    // One more who answers: six people, not seven (the quitter's 3 annulled, scored right, are no grade).
    const sixth = await withPlan('PREMIUM', 'Sexta')
    const sim = await start(sixth, { kind: 'prova_anterior', exam_id: viiiId })
    const drawn = await cells(sim.id)
    for (const c of drawn.slice(0, 35)) {
      const key = await keyOf(c.questionId)
      if (key) await api('put', `/simulations/${sim.id}/answers/${c.questionId}`, sixth.auth).send({ choice: key }).expect(200)
    }
    await api('post', `/simulations/${sim.id}/finish`, sixth.auth).expect(200)
    const r = (await api('get', `/simulations/${sim.id}/result`, sixth.auth).expect(200)).body.result
    expect(r.simulation.closed_without_answers).toBe(false)
    expect(r.comparison).toMatchObject({ scope: 'exam', people: 6 })
  })
})

describe('plans and the toggle', () => {
  it('gives Gratuito and Básico one Prova anterior a month (403 with code) and no Exame de Ordem or personalised one', async () => {
    const student = await withPlan('GRATUITO', 'Limitada')
    await start(student, { kind: 'prova_anterior', exam_id: viiiId })
    const second = await api('post', '/simulations', student.auth).send({ kind: 'prova_anterior', exam_id: ixId }).expect(403)
    expect(second.body).toMatchObject({ code: 'SIMULATION_LIMIT', limit: 1, used_this_month: 1, plans_url: '/trocar-plano' })
    expect(second.body.error).toMatch(
      /Você já fez 1 simulado de prova anterior neste mês, o limite do plano Gratuito\. O próximo fica disponível em 1º\/12/,
    )
    const ordem = await api('post', '/simulations', student.auth).send({ kind: 'exame_ordem' }).expect(403)
    expect(ordem.body).toMatchObject({ code: 'PLAN_REQUIRED' })
    expect(ordem.body.error).toMatch(/planos Premium e Pro/)
    const custom = await api('post', '/simulations', student.auth).send({ kind: 'personalizado', size: 5 }).expect(403)
    expect(custom.body.code).toBe('PLAN_REQUIRED')
    const options = (await api('get', '/simulations/options', student.auth).expect(200)).body.allowance
    expect(options.prova_anterior).toMatchObject({ allowed: false, limit: 1, used_this_month: 1, code: 'SIMULATION_LIMIT' })
    // The next São Paulo month frees it again.
    const saved = now
    now = new Date('2026-12-01T03:30:00Z')
    await start(student, { kind: 'prova_anterior', exam_id: ixId })
    now = saved
  })

  it('is closed to everyone while the admin toggle is off, and the plan cards sell it once built', async () => {
    const premium = await withPlan('PREMIUM')
    await api('put', '/admin/feature-toggles', admin.auth).send({ simulationsEnabled: false }).expect(200)
    const off = await api('post', '/simulations', premium.auth).send({ kind: 'personalizado', size: 5 }).expect(403)
    expect(off.body).toMatchObject({ code: 'SIMULATIONS_DISABLED', error: 'Os simulados estão desativados no momento.' })
    await api('put', '/admin/feature-toggles', admin.auth).send({ simulationsEnabled: true }).expect(200)
    const list = (await api('get', '/plans').expect(200)).body.data
    const premiumCard = list.find((p: { plan_name: string }) => p.plan_name === 'PREMIUM')
    const freeCard = list.find((p: { plan_name: string }) => p.plan_name === 'GRATUITO')
    expect(premiumCard.features.join('\n')).toMatch(
      /Simulados personalizados: Exame de Ordem, provas completas do banco e personalizados, sem limite/,
    )
    expect(freeCard.features.join('\n')).not.toMatch(/Simulados/)
  })
})

describe('another student and bad input', () => {
  it('answers 404 for another student’s simulado on every route, and changes nothing', async () => {
    const owner = await withPlan('PREMIUM', 'Dona')
    const other = await withPlan('PREMIUM', 'Outra')
    const sim = await start(owner, { kind: 'personalizado', size: 5, filters: { exam_board: ['CESPE'] } })
    const [cell] = await cells(sim.id)
    const routes: [string, string, Record<string, unknown>?][] = [
      ['get', `/simulations/${sim.id}`],
      ['get', `/simulations/${sim.id}/result`],
      ['put', `/simulations/${sim.id}/answers/${cell.questionId}`, { choice: 'A' }],
      ['post', `/simulations/${sim.id}/finish`],
    ]
    for (const [method, url, body] of routes) {
      const res = await api(method as 'get', url, other.auth).send(body)
      expect(res.status, url).toBe(404)
      expect(res.body.error).toBe('Simulado não encontrado')
    }
    const [after] = await cells(sim.id)
    expect(after.choice).toBeNull()
    const [row] = await t.db.select().from(simulations).where(eq(simulations.id, sim.id))
    expect(row.finishedAt).toBeNull()
  })

  it('refuses bad input with 400s in Portuguese and a draw the bank cannot fill with a 422 that says what is missing', async () => {
    const pro = await withPlan('PRO')
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /kind deve ser exame_ordem, prova_anterior ou personalizado/],
      [{ kind: 'personalizado', size: 3 }, /size deve ser um número inteiro de 5 a 120/],
      [{ kind: 'personalizado', size: 121 }, /size deve ser um número inteiro de 5 a 120/],
      [{ kind: 'prova_anterior' }, /Escolha a prova: envie exam_id/],
      [{ kind: 'personalizado', filters: { only_wrong: true, only_unanswered: true } }, /não as duas/],
      [{ kind: 'personalizado', duration_minutes: 0 }, /duration_minutes deve ser/],
      [{ kind: 'personalizado', filters: { discipline_ids: ['x'] } }, /discipline_ids deve ser uma lista/],
    ]
    for (const [body, message] of cases) {
      const res = await api('post', '/simulations', pro.auth).send(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toMatch(message)
    }
    const missing = await api('post', '/simulations', pro.auth).send({ kind: 'prova_anterior', exam_id: 999_999 }).expect(404)
    expect(missing.body.error).toBe('Prova não encontrada')

    const short = await api('post', '/simulations', pro.auth)
      .send({ kind: 'personalizado', size: 20, filters: { exam_board: ['CESPE'], only_unanswered: true } })
      .expect(422)
    expect(short.body).toMatchObject({ code: 'NOT_ENOUGH_QUESTIONS', available: 12, wanted: 20 })
    expect(short.body.error).toMatch(/o banco tem só 12 questões com bancas: CESPE; só questões que você nunca respondeu, e você pediu 20/)
    const none = await api('post', '/simulations', pro.auth)
      .send({ kind: 'personalizado', filters: { only_wrong: true } })
      .expect(422)
    expect(none.body.error).toMatch(/nenhuma questão com só as que você errou/)

    const sim = await start(pro, { kind: 'personalizado', size: 5, filters: { exam_board: ['CESPE'] } })
    const [cell] = await cells(sim.id)
    const badChoice = await api('put', `/simulations/${sim.id}/answers/${cell.questionId}`, pro.auth).send({ choice: 'Z' }).expect(400)
    expect(badChoice.body.error).toMatch(/choice deve ser a letra de uma alternativa/)
    const notInQuestion = await api('put', `/simulations/${sim.id}/answers/${cell.questionId}`, pro.auth).send({ choice: 'E' }).expect(400)
    expect(notInQuestion.body.error).toBe('Alternativa inválida para esta questão.')
    await api('put', `/simulations/${sim.id}/answers/${cell.questionId}`, pro.auth).send({}).expect(400)
    const notHere = await api('put', `/simulations/${sim.id}/answers/999999`, pro.auth).send({ choice: 'A' }).expect(404)
    expect(notHere.body.error).toBe('Esta questão não faz parte do simulado.')
    const position = await api('get', `/simulations/${sim.id}?position=6`, pro.auth).expect(400)
    expect(position.body.error).toMatch(/Posição inválida/)
    await api('get', `/simulations/${sim.id}?position=abc`, pro.auth).expect(400)
    await api('get', '/simulations/abc', pro.auth).expect(404)
    await api('get', '/simulations').expect(401)
  })
})

describe('saving an answer', () => {
  it('is one UPDATE statement on the sheet', async () => {
    const src = fs.readFileSync(path.join(__dirname, 'sitting.ts'), 'utf8')
    const save = src.slice(src.indexOf('export async function saveAnswer'), src.indexOf('if (saved)'))
    expect(save.match(/queryRows/g)).toHaveLength(1)
    expect(save).toMatch(/WITH s AS \(\s*UPDATE simulations/)
  })
})
