import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  explanationFlags,
  explanationStrikes,
  explanationVotes,
  questions,
  simulationQuestions,
  simulations,
  studentExplanations,
} from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { explainedQuestions } from './index'
import { EXPLANATIONS_PER_DAY } from './limits'

// Explicações de alunos (issue 64) through the API: who may write (a right answer), read (an
// answered or opened question) and vote; one per student per question; the bad inputs, each with
// its Portuguese message and nothing stored; another student's edit is 404; moderation with the
// strikes rule; the sitting's hold; the best one under a wrong answer on every plan.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let ana: User
let bruno: User
let carla: User
let admin: User
let q1: number
let q2: number
let q3: number

const api = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}
const answer = (user: User, qid: number, letter: string) => api('post', `/questions/${qid}/attempts`, user.auth).send({ answer: letter })
const TEXT = 'A alternativa A está certa pelo art. 5º da CF: a lei não prejudicará o direito adquirido.'
const count = async () => (await t.db.select().from(studentExplanations)).length

async function write(user: User, qid: number, content = TEXT) {
  const res = await api('post', `/questions/${qid}/explanations`, user.auth).send({ content })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.explanation as { id: number; status: string; useful: number; citations: { label: string }[] }
}

beforeAll(async () => {
  t = await createTestContext()
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Constitucional', statement: 'Questão um.', correctAnswer: 'A' },
    { discipline: 'Direito Civil', statement: 'Questão dois.', correctAnswer: 'A' },
    { discipline: 'Direito Penal', statement: 'Questão três.', correctAnswer: 'A' },
  ])
  ;[q1, q2, q3] = bank.questions.map((q) => q.id)
  ana = await createTestUser(t.ctx, { name: 'Ana' })
  bruno = await createTestUser(t.ctx, { name: 'Bruno' })
  carla = await createTestUser(t.ctx, { name: 'Carla', plan: 'PRO' })
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Admin' })
})
afterAll(() => t.close())

describe('writing', () => {
  it('needs a login (401 in its own words)', async () => {
    const res = await api('post', `/questions/${q1}/explanations`).send({ content: TEXT })
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('Faça login para ler e escrever explicações.')
  })

  it('refuses a student who has not got the question right (403), and asks after the first right answer only', async () => {
    const before = await api('post', `/questions/${q1}/explanations`, ana.auth).send({ content: TEXT })
    expect(before.status).toBe(403)
    expect(before.body.error).toMatch(/Só quem acertou/)
    const wrong = await answer(ana, q1, 'B').expect(201)
    expect(wrong.body.explanation_prompt).toBe(false)
    expect((await api('post', `/questions/${q1}/explanations`, ana.auth).send({ content: TEXT })).status).toBe(403)
    const right = await answer(ana, q1, 'A').expect(201)
    expect(right.body.correct).toBe(true)
    expect(right.body.explanation_prompt).toBe(true)
    // The no-JS page reads it again: still asked, until a second right answer.
    expect((await api('get', `/questions/${q1}/reveal`, ana.auth).expect(200)).body.explanation_prompt).toBe(true)
    expect(await count()).toBe(0)
  })

  it('publishes one per student, with the laws it cites; a second is 409', async () => {
    const mine = await write(ana, q1)
    expect(mine.status).toBe('published')
    expect(mine.citations.map((c) => c.label)).toContain('CF/1988')
    const again = await api('post', `/questions/${q1}/explanations`, ana.auth).send({ content: `${TEXT} De novo.` })
    expect(again.status).toBe(409)
    expect(again.body.error).toMatch(/já escreveu uma explicação/)
    expect(await count()).toBe(1)
    // Written: no more asking.
    expect((await api('get', `/questions/${q1}/reveal`, ana.auth).expect(200)).body.explanation_prompt).toBe(false)
  })

  it.each([
    [{}, 'Escreva a sua explicação.'],
    [{ content: '' }, 'Escreva a sua explicação.'],
    [{ content: '    \n ' }, 'Escreva a sua explicação.'],
    [{ content: 'Curta demais.' }, 'Explique em pelo menos 20 caracteres.'],
    [{ content: 'x'.repeat(1501) }, 'A explicação pode ter no máximo 1.500 caracteres.'],
    [{ content: `${TEXT}\u0007` }, 'O texto contém caracteres inválidos.'],
    [{ content: `${TEXT} <script>alert(1)</script>` }, 'A marcação <script> não é aceita: use só <n>, <i>, <red>, <blue>, <green> e <br>.'],
    [{ content: `<b>negrito</b> ${TEXT}` }, 'A marcação <b> não é aceita: use só <n>, <i>, <red>, <blue>, <green> e <br>.'],
    [{ content: 42 }, 'Escreva a sua explicação.'],
  ])('POST %j → 400 %s, nothing stored', async (body, message) => {
    await answer(bruno, q2, 'A').expect(201)
    const res = await api('post', `/questions/${q2}/explanations`, bruno.auth).send(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: message })
    expect(await t.db.select().from(studentExplanations).where(eq(studentExplanations.userId, bruno.user.id))).toHaveLength(0)
  })

  it('takes the whitelist, "a < b" as text and exactly 1,500 characters; refuses NUL', async () => {
    const nul = await api('post', `/questions/${q2}/explanations`, bruno.auth).send({ content: `${TEXT}\u0000` })
    expect(nul.status).toBe(400)
    expect(nul.body.error).toBe('Caracteres inválidos na requisição.')
    const ok = await write(
      bruno,
      q2,
      `<n>Atenção</n>: se a < b e <i>c > d</i>, a <red>A</red> vale.${' '.repeat(3)}<br>` + 'x'.repeat(1400),
    )
    expect(ok.status).toBe('published')
    const edited = await api('put', `/explanations/${ok.id}`, bruno.auth)
      .send({ content: 'y'.repeat(1500) })
      .expect(200)
    expect(edited.body.explanation.content).toHaveLength(1500)
  })
})

describe("the author's edit and delete; another student's is 404", () => {
  it('edits and deletes its own, and nobody else can', async () => {
    await answer(carla, q3, 'A').expect(201)
    const mine = await write(carla, q3, 'Primeira versão da explicação da Carla.')
    const other = await api('put', `/explanations/${mine.id}`, ana.auth).send({ content: 'Texto de outra pessoa aqui.' })
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ error: 'Explicação não encontrada.' })
    expect((await api('delete', `/explanations/${mine.id}`, ana.auth)).status).toBe(404)
    const [row] = await t.db.select().from(studentExplanations).where(eq(studentExplanations.id, mine.id))
    expect(row.content).toBe('Primeira versão da explicação da Carla.')
    const upd = await api('put', `/explanations/${mine.id}`, carla.auth).send({ content: 'Segunda versão, mais clara.' }).expect(200)
    expect(upd.body.message).toBe('Explicação atualizada.')
    expect(upd.body.explanation.edited_at).not.toBeNull()
    const bad = await api('put', `/explanations/${mine.id}`, carla.auth).send({ content: 'curta' })
    expect(bad.status).toBe(400)
    expect((await t.db.select().from(studentExplanations).where(eq(studentExplanations.id, mine.id)))[0].content).toBe(
      'Segunda versão, mais clara.',
    )
    await api('delete', `/explanations/${mine.id}`, carla.auth).expect(200)
    expect(await t.db.select().from(studentExplanations).where(eq(studentExplanations.id, mine.id))).toHaveLength(0)
  })
})

describe('reading and voting', () => {
  it('lists for those who answered or opened the question, never to a stranger', async () => {
    const stranger = await createTestUser(t.ctx)
    const res = await api('get', `/questions/${q1}/explanations`, stranger.auth)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('Responda a esta questão para ler as explicações dos colegas.')
    expect(JSON.stringify(res.body)).not.toContain('direito adquirido')
    await answer(bruno, q1, 'C').expect(201)
    const list = await api('get', `/questions/${q1}/explanations`, bruno.auth).expect(200)
    expect(list.body.explanations.map((e: { author_name: string }) => e.author_name)).toEqual(['Ana'])
    expect(list.body.can_write).toBe(false)
    expect(list.body.mine).toBeNull()
  })

  it('shows the best one under a wrong answer on the Gratuito plan', async () => {
    const gratuito = await createTestUser(t.ctx, { plan: 'GRATUITO' })
    const res = await answer(gratuito, q1, 'D').expect(201)
    expect(res.body.correct).toBe(false)
    expect(res.body.student_explanation).toMatchObject({ author_name: 'Ana', content: TEXT, useful: 0 })
    expect(res.body.student_explanations).toBe(1)
  })

  it('marks "Útil" once, takes it back, never on its own; a hidden one is 404', async () => {
    const [mine] = await t.db.select().from(studentExplanations).where(eq(studentExplanations.userId, ana.user.id))
    const own = await api('put', `/explanations/${mine.id}/vote`, ana.auth).send({ useful: true })
    expect(own.status).toBe(403)
    expect(own.body.error).toBe('Você não pode marcar a sua própria explicação como útil.')
    for (let i = 0; i < 2; i++) {
      const res = await api('put', `/explanations/${mine.id}/vote`, bruno.auth).send({ useful: true }).expect(200)
      expect(res.body).toEqual({ success: true, id: mine.id, useful: 1, voted: true })
    }
    expect(await t.db.select().from(explanationVotes).where(eq(explanationVotes.explanationId, mine.id))).toHaveLength(1)
    const back = await api('put', `/explanations/${mine.id}/vote`, bruno.auth).send({ useful: false }).expect(200)
    expect(back.body.useful).toBe(0)
    await api('put', `/explanations/${mine.id}/vote`, bruno.auth).send({ useful: true }).expect(200)
    const bad = await api('put', `/explanations/${mine.id}/vote`, bruno.auth).send({ useful: 'sim' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('useful deve ser verdadeiro ou falso (true/false).')
  })
})

describe('moderation', () => {
  it('a report reaches the queue once; hiding takes it off the pages and out of the votes', async () => {
    const [mine] = await t.db.select().from(studentExplanations).where(eq(studentExplanations.userId, ana.user.id))
    expect((await api('post', `/explanations/${mine.id}/flag`, ana.auth).send({ reason: 'Minha' })).status).toBe(403)
    await api('post', `/explanations/${mine.id}/flag`, bruno.auth).send({ reason: 'Está errada.' }).expect(201)
    const twice = await api('post', `/explanations/${mine.id}/flag`, bruno.auth).send({ reason: 'De novo.' })
    expect(twice.status).toBe(409)
    expect((await api('get', '/admin/explanations', bruno.auth)).status).toBe(403)
    const queue = await api('get', '/admin/explanations?filter=flagged', admin.auth).expect(200)
    expect(queue.body.data[0]).toMatchObject({ id: mine.id, open_flags: 1, flags: [{ reason: 'Está errada.', user_name: 'Bruno' }] })
    const hid = await api('put', `/admin/explanations/${mine.id}`, admin.auth).send({ hidden: true }).expect(200)
    expect(hid.body.explanation).toEqual({ id: mine.id, hidden: true, awaiting_approval: false })
    expect(
      await t.db
        .select()
        .from(explanationFlags)
        .where(sql`resolved_at IS NULL`),
    ).toHaveLength(0)
    // Gone from the others' pages and the answer; its votes refused with the same 404.
    const list = await api('get', `/questions/${q1}/explanations`, bruno.auth).expect(200)
    expect(list.body.explanations).toEqual([])
    const vote = await api('put', `/explanations/${mine.id}/vote`, bruno.auth).send({ useful: false })
    expect(vote.status).toBe(404)
    expect(vote.body.error).toBe('Explicação não encontrada.')
    expect((await api('get', `/questions/${q1}/reveal`, bruno.auth).expect(200)).body.student_explanation).toBeNull()
    // The author still sees it, marked.
    expect((await api('get', `/questions/${q1}/explanations`, ana.auth).expect(200)).body.mine.status).toBe('hidden')
    expect(await explainedQuestions(t.db)).toBe(1)
    // Restored: back, and the strike taken back.
    await api('put', `/admin/explanations/${mine.id}`, admin.auth).send({ hidden: false }).expect(200)
    expect(await t.db.select().from(explanationStrikes)).toHaveLength(0)
    expect((await api('get', `/questions/${q1}/explanations`, bruno.auth).expect(200)).body.explanations).toHaveLength(1)
    expect((await api('put', `/admin/explanations/999999`, admin.auth).send({ hidden: true })).status).toBe(404)
  })

  it('an author hidden twice waits for approval, even after deleting them', async () => {
    const dani = await createTestUser(t.ctx, { name: 'Dani' })
    for (const qid of [q2, q3]) {
      await answer(dani, qid, 'A').expect(201)
      const e = await write(dani, qid)
      await api('put', `/admin/explanations/${e.id}`, admin.auth).send({ hidden: true }).expect(200)
      await api('delete', `/explanations/${e.id}`, dani.auth).expect(200)
    }
    await answer(dani, q1, 'A').expect(201)
    const res = await api('post', `/questions/${q1}/explanations`, dani.auth).send({ content: TEXT }).expect(201)
    expect(res.body.message).toMatch(/depois que a moderação aprovar/)
    expect(res.body.explanation.status).toBe('awaiting_approval')
    const others = await api('get', `/questions/${q1}/explanations`, bruno.auth).expect(200)
    expect(others.body.explanations.map((e: { author_name: string }) => e.author_name)).toEqual(['Ana'])
    const pending = await api('get', '/admin/explanations?filter=pending', admin.auth).expect(200)
    expect(pending.body.data.map((e: { id: number }) => e.id)).toEqual([res.body.explanation.id])
    await api('put', `/admin/explanations/${res.body.explanation.id}`, admin.auth).send({ approved: true }).expect(200)
    const after = await api('get', `/questions/${q1}/explanations`, bruno.auth).expect(200)
    expect(after.body.explanations).toHaveLength(2)
  })
})

describe('the day limit and the sitting hold', () => {
  it(`refuses the ${EXPLANATIONS_PER_DAY + 1}th explanation of a day (429), and takes it the next day`, async () => {
    const eva = await createTestUser(t.ctx, { name: 'Eva', plan: 'PRO' })
    const bank = await insertQuestions(
      t.db,
      Array.from({ length: EXPLANATIONS_PER_DAY + 1 }, (_, i) => ({ discipline: 'Direito Civil', statement: `Limite ${i}.` })),
    )
    const ids = bank.questions.map((q) => q.id)
    for (const id of ids) await answer(eva, id, 'A').expect(201)
    for (const id of ids.slice(0, EXPLANATIONS_PER_DAY)) await write(eva, id)
    const res = await api('post', `/questions/${ids.at(-1)}/explanations`, eva.auth).send({ content: TEXT })
    expect(res.status).toBe(429)
    expect(res.body.error).toBe(`Você já escreveu ${EXPLANATIONS_PER_DAY} explicações hoje. Volte amanhã para escrever mais.`)
    const real = t.ctx.clock
    t.ctx.clock = () => new Date(real().getTime() + 86_400_000)
    try {
      await write(eva, ids.at(-1)!)
    } finally {
      t.ctx.clock = real
    }
  })

  it('neither reads nor writes a question of the open simulado (409); delivered, both open again', async () => {
    const fabio = await createTestUser(t.ctx, { name: 'Fábio' })
    await answer(fabio, q2, 'A').expect(201)
    const [sim] = await t.db
      .insert(simulations)
      .values({ userId: fabio.user.id, kind: 'personalizado', size: 1, startedAt: t.ctx.clock() })
      .returning()
    const [q] = await t.db.select({ discipline_id: questions.disciplineId }).from(questions).where(eq(questions.id, q2))
    await t.db.insert(simulationQuestions).values({ simulationId: sim.id, position: 1, questionId: q2, disciplineId: q.discipline_id })
    for (const res of [
      await api('get', `/questions/${q2}/explanations`, fabio.auth),
      await api('post', `/questions/${q2}/explanations`, fabio.auth).send({ content: TEXT }),
    ]) {
      expect(res.status).toBe(409)
      expect(res.body).toMatchObject({ code: 'IN_OPEN_SIMULATION', simulation_id: sim.id })
      expect(res.body.error).toMatch(/Entregue o simulado/)
    }
    await t.db.update(simulations).set({ finishedAt: t.ctx.clock() }).where(eq(simulations.id, sim.id))
    await api('get', `/questions/${q2}/explanations`, fabio.auth).expect(200)
  })
})

describe('the desk and the counts', () => {
  it('the desk offers the best one and promotes it crediting its author; analyses and explanations are counted apart', async () => {
    const prof = await createTestUser(t.ctx, { name: 'Profa. Lia' })
    await api('put', `/admin/users/${prof.user.id}/professor`, admin.auth).send({ is_professor: true }).expect(200)
    const [ana1] = await t.db.select().from(studentExplanations).where(eq(studentExplanations.userId, ana.user.id))
    const before = await api('get', '/analyses/queue', prof.auth).expect(200)
    const item = before.body.data.find((q: { id: number }) => q.id === q1)
    expect(item).toMatchObject({ student_explanations: 2, best_explanation: { author: 'Ana' } })
    const explained = await explainedQuestions(t.db)
    expect(explained).toBeGreaterThan(2)
    expect(before.body.coverage).toMatchObject({ professor: 0, student: explained })
    const desk = await api('get', `/analyses/questions/${q1}`, prof.auth).expect(200)
    expect(desk.body.student_explanations.map((e: { author: string }) => e.author)).toContain('Ana')
    // Counted apart: the dashboard, the summary and /planos never add one to the other.
    const stats = await api('get', '/admin/dashboard/stats', admin.auth).expect(200)
    expect(stats.body.data).toMatchObject({ analysedQuestions: 0, explainedQuestions: explained })
    const plans = await api('get', '/plans').expect(200)
    expect(plans.body.explanation_line).toMatch(
      new RegExp(`^Explicação de aluno em ${explained} questões \\(\\d+%\\), em todos os planos$`),
    )
    expect(plans.body.analysis_line).toBeNull()
    // A hidden one, or one of another question, is not promoted.
    const wrong = await api('put', `/analyses/questions/${q2}`, prof.auth).send({
      text: 'Texto.',
      base_version: 0,
      from_post: { kind: 'explanation', id: ana1.id },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('Explicação de aluno não encontrada nesta questão (publicada).')
    const res = await api('put', `/analyses/questions/${q1}`, prof.auth)
      .send({ text: ana1.content, base_version: 0, from_post: { kind: 'explanation', id: ana1.id } })
      .expect(200)
    expect(res.body.analysis).toMatchObject({ source: 'professor', author: 'Profa. Lia', credit: 'Ana' })
    const summary = await api('get', '/admin/analyses/summary', admin.auth).expect(200)
    expect(summary.body.totals).toMatchObject({ professor: 1, student: explained })
    // The analysis first, the students' explanation after it, on a wrong answer.
    const wrongAnswer = await answer(await createTestUser(t.ctx, { plan: 'PRO' }), q1, 'D').expect(201)
    expect(wrongAnswer.body).toMatchObject({ explanation_source: 'professor', explanation_credit: 'Ana' })
    expect(wrongAnswer.body.student_explanation).not.toBeNull()
  })
})
