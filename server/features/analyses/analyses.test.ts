import fs from 'node:fs'

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  analysisRevisions,
  catalogFeatures,
  exams,
  forumReplies,
  forumTopics,
  forumTopicVotes,
  questions,
  simulationQuestions,
} from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { oabFile } from '../../../tests/support/oab'
import { lineChanges } from './analyses'

// The analysis desk (issue 40) through the API, on a real OAB exam (IV Exame, 80 questions, no
// explanation and no discipline beyond the file's): the role, the queue's order and filters, the
// desk, publish / edit / unpublish with history, the conflict of two professors, the promoted
// community answer, the export and import in the exam format, and the admin's summary.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let ana: User
let bruno: User
let student: User
let examId: number
const idOf = new Map<number, number>()
let now = new Date('2026-11-25T15:00:00Z')

const OAB = oabFile('2011-iv-exame-de-ordem-unificado.txt')
const api = (method: 'get' | 'put' | 'post' | 'patch' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}
const desk = async (id: number, auth = ana.auth) => (await api('get', `/analyses/questions/${id}`, auth).expect(200)).body
const publish = (id: number, body: Record<string, unknown>, auth = ana.auth) => api('put', `/analyses/questions/${id}`, auth).send(body)

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => now
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
  ana = await createTestUser(t.ctx, { plan: 'GRATUITO', name: 'Profa. Ana' })
  bruno = await createTestUser(t.ctx, { plan: 'PREMIUM', name: 'Prof. Bruno' })
  student = await createTestUser(t.ctx, { plan: 'PRO', name: 'Carla Aluna' })
  await api('post', '/admin/questions/upload-exam-txt?force=true', admin.auth).attach('file', fs.readFileSync(OAB), 'iv.txt').expect(200)
  const [exam] = await t.db.select().from(exams)
  examId = exam.id
  for (const q of await t.db.select().from(questions).where(eq(questions.examId, examId))) idOf.set(q.number, q.id)
  for (const who of [ana, bruno])
    await api('put', `/admin/users/${who.user.id}/professor`, admin.auth).send({ is_professor: true }).expect(200)
})
afterAll(() => t.close())

describe('the professor role', () => {
  it('an admin grants it; a student is refused the desk with 403, a visitor with 401, and /auth/me says who is a professor', async () => {
    const me = await api('get', '/auth/me', ana.auth).expect(200)
    expect(me.body.data).toMatchObject({ is_professor: true, plan_name: 'GRATUITO' })
    expect((await api('get', '/analyses/queue', student.auth).expect(403)).body.error).toBe('Acesso restrito a professores')
    expect((await api('get', '/analyses/queue').expect(401)).body.error).toMatch(/conta de professor/)
    await api('get', '/analyses/queue', admin.auth).expect(200)
    const other = await createTestUser(t.ctx)
    expect(
      (await api('put', `/admin/users/${other.user.id}/professor`, ana.auth).send({ is_professor: true }).expect(403)).body.error,
    ).toBe('Acesso restrito a administradores')
    const granted = await api('put', `/admin/users/${other.user.id}/professor`, admin.auth).send({ is_professor: true }).expect(200)
    expect(granted.body).toMatchObject({ message: `${other.user.name} agora é professor.`, user: { is_professor: true, is_admin: false } })
    await api('put', `/admin/users/${other.user.id}/professor`, admin.auth).send({ is_professor: false }).expect(200)
    await api('get', '/analyses/queue', other.auth).expect(403)
  })
})

describe('the queue', () => {
  it('orders by the wrong answers (answers × share wrong), then by answers, and filters by discipline and exam', async () => {
    const q7 = idOf.get(7)!
    const q12 = idOf.get(12)!
    const key = async (id: number) => (await t.db.select().from(questions).where(eq(questions.id, id)))[0].correctAnswer!
    const k7 = await key(q7)
    const k12 = await key(q12)
    const wrong7 = ['A', 'B', 'C', 'D'].find((l) => l !== k7)!
    const wrong12 = ['A', 'B', 'C', 'D'].find((l) => l !== k12)!
    // Question 7: three answers, all wrong; question 12: four answers, two wrong.
    for (const answer of [wrong7, wrong7, wrong7]) {
      const who = await createTestUser(t.ctx, { plan: 'PRO' })
      await api('post', `/questions/${q7}/attempts`, who.auth).send({ answer }).expect(201)
    }
    for (const answer of [wrong12, wrong12, k12, k12]) {
      const who = await createTestUser(t.ctx, { plan: 'PRO' })
      await api('post', `/questions/${q12}/attempts`, who.auth).send({ answer }).expect(201)
    }
    const queue = (await api('get', '/analyses/queue', ana.auth).expect(200)).body
    expect(queue.total).toBe(80)
    expect(queue.data.slice(0, 2).map((d: { id: number }) => d.id)).toEqual([q7, q12])
    expect(queue.data[0]).toMatchObject({ label: 'OAB IV · questão 7', answers: 3, wrong: 3, wrong_share: 1 })
    expect(queue.data[1]).toMatchObject({ answers: 4, wrong: 2, wrong_share: 0.5 })
    expect(queue.data[2]).toMatchObject({ answers: 0, wrong_share: null })
    const ethics = queue.disciplines.find((d: { name: string }) => d.name === 'Ética Profissional')
    const filtered = (await api('get', `/analyses/queue?discipline_id=${ethics.id}&exam_id=${examId}`, ana.auth).expect(200)).body
    expect(filtered.total).toBe(ethics.count)
    expect(filtered.data.every((d: { discipline: string }) => d.discipline === 'Ética Profissional')).toBe(true)
    expect((await api('get', '/analyses/queue?predicted=true', ana.auth).expect(200)).body.total).toBe(0)
    expect((await api('get', '/analyses/queue?exam_id=abc', ana.auth).expect(400)).body.error).toBe('Prova inválida.')
  })
})

describe('publish, edit, unpublish, history and conflicts', () => {
  it('publishes with alternative comments, shows it to a student with its citations, and leaves the queue', async () => {
    const id = idOf.get(1)!
    const view = await desk(id)
    expect(view.question).toMatchObject({ label: 'OAB IV · questão 1', correct_answer: 'D' })
    expect(view.analysis).toMatchObject({ text: null, version: 0 })
    const text = 'O uso habitual de drogas é <n>infração disciplinar</n> (art. 34, XXV, da Lei 8.906/1994).'
    const saved = await publish(id, { text, alternative_comments: { A: 'Há sanção no Estatuto.', B: '' }, base_version: 0 }).expect(200)
    expect(saved.body).toMatchObject({
      message: 'Análise publicada: os alunos já a veem.',
      analysis: { text, source: 'professor', author: 'Profa. Ana', version: 1, alternative_comments: { A: 'Há sanção no Estatuto.' } },
    })
    const reveal = (await api('post', `/questions/${id}/reveal`, student.auth).expect(200)).body
    expect(reveal.explanation).toBe(text)
    expect(reveal.citations.map((c: { label: string }) => c.label)).toContain('Estatuto da Advocacia (Lei 8.906/1994)')
    const queue = (await api('get', '/analyses/queue', ana.auth).expect(200)).body
    expect(queue.total).toBe(79)
  })

  it('an edit keeps the previous text in the history with what changed; saving the same text makes no version', async () => {
    const id = idOf.get(1)!
    const first = (await desk(id)).analysis
    await publish(id, { text: `${first.text}\nSegundo parágrafo.`, base_version: 1 }, bruno.auth).expect(200)
    const same = await publish(id, { text: `${first.text}\nSegundo parágrafo.`, base_version: 2 }, bruno.auth).expect(200)
    expect(same.body.message).toBe('Nada mudou: o texto e os comentários são os publicados.')
    const view = await desk(id)
    expect(view.analysis).toMatchObject({ version: 2, author: 'Prof. Bruno', alternative_comments: {} })
    expect(
      view.history.map((h: { version: number; action_label: string; author: string }) => [h.version, h.action_label, h.author]),
    ).toEqual([
      [2, 'Editada', 'Prof. Bruno'],
      [1, 'Publicada', 'Profa. Ana'],
    ])
    expect(view.history[0].changes).toEqual([
      { op: 'same', text: first.text },
      { op: 'add', text: 'Segundo parágrafo.' },
    ])
    expect(view.history[0].comments_changed).toEqual(['A'])
    expect(view.history[1].text).toBe(first.text)
  })

  it('two professors from the same version: the second is told who saved, with the current text, and nothing is overwritten', async () => {
    const id = idOf.get(2)!
    await publish(id, { text: 'Texto da Ana.', base_version: 0 }).expect(200)
    const late = await publish(id, { text: 'Texto do Bruno.', base_version: 0 }, bruno.auth).expect(409)
    expect(late.body.error).toMatch(/^Profa\. Ana alterou esta análise enquanto você editava \(agora na versão 1\)\. Nada foi sobrescrito/)
    expect(late.body.current).toMatchObject({ text: 'Texto da Ana.', version: 1 })
    const [row] = await t.db.select().from(questions).where(eq(questions.id, id))
    expect(row.explanation).toBe('Texto da Ana.')
    const stale = await api('post', `/analyses/questions/${id}/unpublish`, bruno.auth).send({ base_version: 0 }).expect(409)
    expect(stale.body.current.text).toBe('Texto da Ana.')
  })

  it('unpublishes: students no longer read it, the text stays in the history; a second unpublish says there is nothing', async () => {
    const id = idOf.get(2)!
    const done = await api('post', `/analyses/questions/${id}/unpublish`, bruno.auth).send({ base_version: 1 }).expect(200)
    expect(done.body).toMatchObject({ message: expect.stringMatching(/^Análise despublicada/), analysis: { text: null, version: 2 } })
    expect((await api('post', `/questions/${id}/reveal`, student.auth).expect(200)).body.explanation).toBeNull()
    const view = await desk(id)
    expect(view.history.map((h: { action: string; text: string | null }) => [h.action, h.text])).toEqual([
      ['unpublish', null],
      ['publish', 'Texto da Ana.'],
    ])
    const again = await api('post', `/analyses/questions/${id}/unpublish`, ana.auth).send({ base_version: 2 }).expect(409)
    expect(again.body.error).toBe('Esta questão não tem análise publicada.')
  })

  it('refuses bad input in Portuguese, and a comment on a letter the question lacks', async () => {
    const id = idOf.get(3)!
    expect((await publish(id, { text: '   ', base_version: 0 }).expect(400)).body.error).toBe('Escreva a análise.')
    expect((await publish(id, { text: 'x'.repeat(20_001), base_version: 0 }).expect(400)).body.error).toBe(
      'A análise pode ter no máximo 20.000 caracteres.',
    )
    expect((await publish(id, { text: 'ok' }).expect(400)).body.error).toMatch(/base_version/)
    expect((await publish(id, { text: 'ok', base_version: 0, alternative_comments: { E: 'não há E' } }).expect(400)).body.error).toBe(
      'A alternativa E não existe nesta questão.',
    )
    expect((await publish(999_999, { text: 'ok', base_version: 0 }).expect(404)).body.error).toBe('Questão não encontrada')
    const preview = await api('post', `/analyses/questions/${id}/preview`, ana.auth).send({ text: 'Ver o art. 5º da CF.' }).expect(200)
    expect(preview.body.citations).toEqual([expect.objectContaining({ label: 'CF/1988', article: 'art. 5' })])
  })

  it('promotes a community answer into the analysis, crediting its author; a hidden post cannot be promoted', async () => {
    const id = idOf.get(4)!
    const [topic] = await t.db
      .insert(forumTopics)
      .values({ questionId: id, userId: student.user.id, title: 'Por que a C?', content: 'Porque o art. 7º garante o acesso.' })
      .returning()
    const [reply] = await t.db.insert(forumReplies).values({ topicId: topic.id, userId: bruno.user.id, content: 'oculta' }).returning()
    await t.db.update(forumReplies).set({ hiddenAt: now }).where(eq(forumReplies.id, reply.id))
    await t.db.insert(forumTopicVotes).values([
      { topicId: topic.id, userId: ana.user.id, value: 1 },
      { topicId: topic.id, userId: bruno.user.id, value: 1 },
    ])
    expect((await desk(id)).community).toEqual([
      { kind: 'topic', id: topic.id, topic_id: topic.id, author: 'Carla Aluna', votes: 2, text: topic.content },
    ])
    const hidden = await publish(id, { text: 'oculta', base_version: 0, from_post: { kind: 'reply', id: reply.id } }).expect(400)
    expect(hidden.body.error).toBe('Comentário da comunidade não encontrado nesta questão.')
    const done = await publish(id, { text: topic.content, base_version: 0, from_post: { kind: 'topic', id: topic.id } }).expect(200)
    expect(done.body.analysis).toMatchObject({ credit: 'Carla Aluna', author: 'Profa. Ana' })
    const [rev] = await t.db
      .select()
      .from(analysisRevisions)
      .where(and(eq(analysisRevisions.questionId, id), eq(analysisRevisions.version, 1)))
    expect(rev).toMatchObject({ action: 'promote', credit: 'Carla Aluna' })
  })
})

describe('export and import in the exam format', () => {
  it('exports the exam with its analyses and versions; the import publishes changed texts and reports a conflict', async () => {
    const exported = (await api('get', `/analyses/exams/${examId}/export`, ana.auth).expect(200)).body
    expect(exported).toMatchObject({ file_name: 'oab-iv-analises.txt', questions: 80, with_analysis: 2 })
    expect(exported.text).toContain('QUESTAO: 1\n# versão da análise: 2\n')
    // Written offline: a new analysis for 10, an edit of 1; meanwhile question 4 changes on the desk.
    let text: string = exported.text
    text = text.replace(/(QUESTAO: 10\n[\s\S]*?COMENTARIO:\n)/, '$1Comentário escrito offline sobre o art. 133 da CF.\n')
    text = text.replace(/(QUESTAO: 1\n[\s\S]*?COMENTARIO:\n)[\s\S]*?\n\nQUESTAO: 2/, '$1Texto revisto offline.\n\nQUESTAO: 2')
    text = text.replace(/(QUESTAO: 4\n[\s\S]*?COMENTARIO:\n)[\s\S]*?\n\nQUESTAO: 5/, '$1Versão do arquivo.\n\nQUESTAO: 5')
    await publish(idOf.get(4)!, { text: 'Versão da mesa.', base_version: 1 }, bruno.auth).expect(200)
    now = new Date(now.getTime() + 60_000)
    const res = await api('post', '/analyses/import', ana.auth).attach('file', Buffer.from(text), 'oab-iv-analises.txt').expect(200)
    expect(res.body.files[0]).toMatchObject({ exam: 'OAB IV', published: 1, updated: 1, conflicts: [{ number: 4 }], errors: [] })
    expect(res.body.files[0].conflicts[0].message).toMatch(/versão 1 no arquivo, 2 no banco/)
    const rows = new Map((await t.db.select().from(questions).where(eq(questions.examId, examId))).map((q) => [q.number, q]))
    expect(rows.get(10)).toMatchObject({
      explanation: 'Comentário escrito offline sobre o art. 133 da CF.',
      explanationSource: 'professor',
    })
    expect(rows.get(1)!.explanation).toBe('Texto revisto offline.')
    expect(rows.get(4)!.explanation).toBe('Versão da mesa.')
    // The same file again: nothing new (its versions are now old, but the texts are the published ones).
    const again = await api('post', '/analyses/import', ana.auth).attach('file', Buffer.from(text), 'x.txt').expect(200)
    expect(again.body.files[0]).toMatchObject({ published: 0, updated: 0, conflicts: [{ number: 4 }] })
  })

  it('a re-import of the exam file keeps every professor analysis', async () => {
    await api('post', '/admin/questions/upload-exam-txt?force=true', admin.auth).attach('file', fs.readFileSync(OAB), 'iv.txt').expect(200)
    const [row] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.id, idOf.get(10)!))
    expect(row).toMatchObject({ explanation: 'Comentário escrito offline sobre o art. 133 da CF.', explanationSource: 'professor' })
  })

  it('says what is wrong with a file that is not an exported exam', async () => {
    const res = await api('post', '/analyses/import', ana.auth)
      .attach(
        'file',
        Buffer.from(
          'PROVA: Prova Inexistente\nANO: 2020\nBANCA: FGV\n\nQUESTAO: 1\nDISCIPLINA: X\nENUNCIADO:\nx\nA) a\nB) b\nGABARITO: A\n',
        ),
        'y.txt',
      )
      .expect(200)
    expect(res.body.files[0].errors).toEqual([
      'Prova não encontrada no banco: Prova Inexistente (2020). Importe a prova antes das análises.',
    ])
    const broken = await api('post', '/analyses/import', ana.auth).attach('file', Buffer.from('PROVA: X\n'), 'z.txt').expect(200)
    expect(broken.body.files[0].errors.length).toBeGreaterThan(0)
    expect((await api('post', '/analyses/import', ana.auth).send({}).expect(400)).body.error).toMatch(/multipart/)
  })
})

describe('the plan cards', () => {
  it('state the coverage a publish just changed, from the line’s minimum up', async () => {
    const [line] = await t.db.select().from(catalogFeatures).where(eq(catalogFeatures.capability, 'analysis'))
    await api('patch', `/admin/plan-catalog/lines/${line.id}`, admin.auth).send({ min_count: 4 }).expect(200)
    expect((await api('get', '/plans').expect(200)).body.analysis_line).toBeNull()
    await publish(idOf.get(20)!, { text: 'Mais uma.', base_version: 0 }).expect(200)
    const plans = (await api('get', '/plans').expect(200)).body
    expect(plans.analysis_line).toBe('Análise do professor em 4 questões (5%)')
    expect(plans.data.find((p: { plan_name: string }) => p.plan_name === 'PRO').features).toContain(
      'Análise do professor em 4 questões (5%)',
    )
  })
})

describe("the admin's summary", () => {
  it('counts this week by professor and the coverage by discipline', async () => {
    const res = (await api('get', '/admin/analyses/summary', admin.auth).expect(200)).body
    expect(res.week_start).toBe('2026-11-23')
    const byName = new Map(res.by_professor.map((p: { name: string }) => [p.name, p]))
    expect(byName.get('Profa. Ana')).toMatchObject({ published: 5, edited: 1 })
    expect(byName.get('Prof. Bruno')).toMatchObject({ published: 0, edited: 2 })
    expect(res.published_this_week).toBe(5)
    expect(res.totals).toMatchObject({ questions: 80, professor: 4, imported: 0 })
    await api('get', '/admin/analyses/summary', ana.auth).expect(403)
  })
})

describe('a professor sitting a simulado', () => {
  it('is refused the desk of its questions, saving or unpublishing their analysis, and the export of their exam with 409 until delivery; other questions open', async () => {
    const carlos = await createTestUser(t.ctx, { plan: 'PREMIUM', name: 'Prof. Carlos' })
    await api('put', `/admin/users/${carlos.user.id}/professor`, admin.auth).send({ is_professor: true }).expect(200)
    const started = await api('post', '/simulations', carlos.auth).send({ kind: 'personalizado', size: 5, duration_minutes: null })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const sim = started.body.simulation.id as number
    const held = new Set(
      (await t.db.select().from(simulationQuestions).where(eq(simulationQuestions.simulationId, sim))).map((c) => c.questionId),
    )
    const [inSitting] = [...held]
    const free = [...idOf.values()].find((id) => !held.has(id))!
    // Another professor's analysis of a question in the sitting: a save answers with the analysis
    // (or, on a conflict, the one saved meanwhile), so saving is held like the desk (nothing saved).
    const ANALYSIS = 'A alternativa correta decorre do art. 1º do Estatuto: análise de Ana.'
    const current = (await desk(inSitting!)).analysis.version as number
    const published = await publish(inSitting!, { text: ANALYSIS, base_version: current }).expect(200)
    const version = published.body.analysis.version as number
    for (const res of [
      await api('get', `/analyses/questions/${inSitting}`, carlos.auth),
      await api('get', `/analyses/exams/${examId}/export`, carlos.auth),
      await publish(inSitting!, { text: 'Outra análise, às cegas.', base_version: 0 }, carlos.auth),
      await api('post', `/analyses/questions/${inSitting}/unpublish`, carlos.auth).send({ base_version: version }),
    ]) {
      expect(JSON.stringify(res.body)).not.toContain(ANALYSIS)
      expect(res.status, JSON.stringify(res.body)).toBe(409)
      expect(res.body).toMatchObject({ code: 'IN_OPEN_SIMULATION', simulation_id: sim })
      expect(res.body.error).toMatch(/Entregue o simulado/)
      expect(JSON.stringify(res.body)).not.toContain('correct_answer')
    }
    // Not the key of a question outside the sitting, nor the hold of another professor.
    await desk(free, carlos.auth)
    const untouched = await desk(inSitting!, ana.auth)
    expect(untouched.analysis).toMatchObject({ text: ANALYSIS, version })
    await api('get', `/analyses/exams/${examId}/export`, ana.auth).expect(200)
    // Delivered: both open again.
    await api('post', `/simulations/${sim}/finish`, carlos.auth).expect(200)
    expect((await desk(inSitting!, carlos.auth)).question.id).toBe(inSitting)
    await api('get', `/analyses/exams/${examId}/export`, carlos.auth).expect(200)
  })
})

describe('lineChanges', () => {
  it('keeps, removes and adds lines in order', () => {
    expect(lineChanges('a\nb\nc', 'a\nc\nd')).toEqual([
      { op: 'same', text: 'a' },
      { op: 'del', text: 'b' },
      { op: 'same', text: 'c' },
      { op: 'add', text: 'd' },
    ])
    expect(lineChanges(null, 'x')).toEqual([{ op: 'add', text: 'x' }])
  })
})
