import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { errorReports, legislativeChanges, questions } from '#server/db/schema'
import { readCitations } from '#server/domain/citations/store'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { drawCustom, drawExameOrdem } from '../simulations/draw'

// "Pode estar desatualizada" (issue 38 §3, ADR 053) through the API: the seeded changes, the badge
// on the search's cards, the admin's CRUD, a student's report, the admin's confirmation and its
// undo, "Excluir desatualizadas" and the Exame de Ordem draw.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let carla: User
let bank: Awaited<ReturnType<typeof insertQuestions>>
const now = new Date('2026-11-20T12:00:00Z')

const api = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

type Card = { id: number; outdated: { possible: { label: string; same_year: boolean }[]; confirmed: { note: string } | null } }
const cards = async (query: string, auth?: Record<string, string>) =>
  (await api('get', `/questions/search?per_page=100&${query}`, auth).expect(200)).body.data as Card[]
const idOf = (statement: string) => bank.questions.find((q) => q.statement === statement)!.id

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => now
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
  carla = await createTestUser(t.ctx, { name: 'Carla Aluna' })
  bank = await insertQuestions(t.db, [
    { discipline: 'Direito Processual Civil', exam: { name: 'Exame 2010.2', year: 2010, board: 'FGV' }, statement: 'Civil 2010' },
    { discipline: 'Direito Processual Civil', exam: { name: 'Exame XXIV', year: 2017, board: 'FGV' }, statement: 'Civil 2017' },
    { discipline: 'Direito Processual Civil', exam: { name: 'Exame XIX', year: 2016, board: 'FGV' }, statement: 'Civil 2016' },
    {
      discipline: 'Direito Processual Civil',
      exam: { name: 'Exame XX', year: 2016, board: 'FGV', appliedOn: '2016-07-24' },
      statement: 'Civil julho 2016',
    },
    { discipline: 'Direito Constitucional', exam: { name: 'Exame 2010.2', year: 2010, board: 'FGV' }, statement: 'Constitucional 2010' },
    ...[
      // Issue 63 §2: a change by scope badges what a question cites or its statement is about.
      ['Ética Profissional', 'Ética 2010: consoante as regras do Código de Ética, o advogado deve'],
      ['Ética Profissional', 'Ética 2010: nos termos do Estatuto, a inscrição do advogado'],
      ['Ética Profissional', 'Ética 2010: sobre a publicidade do advogado, assinale'],
      ['Direito Administrativo', 'Administrativo 2010: consoante a Lei 8.666/93, a licitação'],
      ['Direito Administrativo', 'Administrativo 2010: os serviços públicos uti singuli'],
      ['Direito do Trabalho', 'Trabalho 2010: na forma do art. 71, § 4º, da CLT, o intervalo'],
      ['Direito do Trabalho', 'Trabalho 2010: a justa causa do art. 482 da CLT'],
      ['Direito Processual Penal', 'Processo Penal 2010: a prisão preventiva decretada de ofício'],
    ].map(([discipline, statement]) => ({ discipline, exam: { name: 'Exame 2010.2', year: 2010, board: 'FGV' }, statement })),
  ])
  await readCitations(t.db)
})
afterAll(() => t.close())

describe('the seeded changes and the badge on the cards', () => {
  it('lists the seeded laws with their dates in force and the disciplines named by the seed', async () => {
    const { data } = (await api('get', '/legislative-changes').expect(200)).body
    const byLabel = new Map(data.map((c: { label: string }) => [c.label, c]))
    expect(byLabel.get('CPC/2015')).toMatchObject({
      name: 'Lei 13.105/2015 (Código de Processo Civil)',
      in_force: '2016-03-18',
      disciplines: [{ name: 'Direito Processual Civil' }],
    })
    expect(byLabel.get('Código de Ética/2015')).toMatchObject({ in_force: '2016-09-01', disciplines: [{ name: 'Ética Profissional' }] })
    expect(byLabel.get('Reforma trabalhista')).toMatchObject({ in_force: '2017-11-11' })
    expect(byLabel.get('Pacote Anticrime')).toMatchObject({ in_force: '2020-01-23' })
    expect(byLabel.get('Lei 14.133/2021')).toMatchObject({ in_force: '2021-04-01' })
  })

  it('a 2010 Processo Civil question says CPC/2015; a 2017 one, another discipline and an exam applied after 18/03/2016 do not', async () => {
    const all = new Map((await cards('')).map((c) => [c.id, c.outdated]))
    expect(all.get(idOf('Civil 2010'))).toEqual({
      possible: [{ label: 'CPC/2015', name: 'Lei 13.105/2015 (Código de Processo Civil)', in_force: '2016-03-18', same_year: false }],
      confirmed: null,
    })
    expect(all.get(idOf('Civil 2017'))).toEqual({ possible: [], confirmed: null })
    expect(all.get(idOf('Civil julho 2016'))).toEqual({ possible: [], confirmed: null })
    expect(all.get(idOf('Civil 2016'))!.possible).toEqual([expect.objectContaining({ label: 'CPC/2015', same_year: true })])
    expect(all.get(idOf('Constitucional 2010'))!.possible).toEqual([])
    const labels = (statement: string) => all.get(idOf(statement))!.possible.map((p) => p.label)
    // The 2015 code carried most of the 1995 one over: naming it is no sign; the Estatuto stayed in force.
    expect(labels('Ética 2010: consoante as regras do Código de Ética, o advogado deve')).toEqual([])
    expect(labels('Ética 2010: nos termos do Estatuto, a inscrição do advogado')).toEqual([])
    expect(labels('Ética 2010: sobre a publicidade do advogado, assinale')).toEqual(['Código de Ética/2015'])
    expect(labels('Administrativo 2010: consoante a Lei 8.666/93, a licitação')).toEqual(['Lei 14.133/2021'])
    expect(labels('Administrativo 2010: os serviços públicos uti singuli')).toEqual([])
    expect(labels('Trabalho 2010: na forma do art. 71, § 4º, da CLT, o intervalo')).toEqual(['Reforma trabalhista'])
    expect(labels('Trabalho 2010: a justa causa do art. 482 da CLT')).toEqual([])
    expect(labels('Processo Penal 2010: a prisão preventiva decretada de ofício')).toEqual(['Pacote Anticrime'])
    // The one question's endpoint carries it too.
    const one = await api('get', `/questions/${idOf('Civil 2010')}`).expect(200)
    expect(one.body.data.outdated.possible[0].label).toBe('CPC/2015')
  })

  it('"exclude_outdated" leaves out the possibly outdated ones', async () => {
    const kept = (await cards('exclude_outdated=true')).map((c) => c.id)
    expect(kept.sort()).toEqual(
      [
        idOf('Civil 2017'),
        idOf('Civil julho 2016'),
        idOf('Constitucional 2010'),
        idOf('Ética 2010: consoante as regras do Código de Ética, o advogado deve'),
        idOf('Ética 2010: nos termos do Estatuto, a inscrição do advogado'),
        idOf('Administrativo 2010: os serviços públicos uti singuli'),
        idOf('Trabalho 2010: a justa causa do art. 482 da CLT'),
      ].sort(),
    )
    expect((await api('get', '/questions/search?exclude_outdated=talvez')).status).toBe(400)
  })
})

describe('the day an exam was applied', () => {
  it('the admin sets it and the same-year question loses its badge; null brings the year back; bad input and students refused', async () => {
    const { data } = (await api('get', '/admin/exam-dates', admin.auth).expect(200)).body
    const exam = data.find((e: { name: string }) => e.name === 'Exame XIX')
    expect(exam).toMatchObject({ year: 2016, board: 'FGV', applied_on: null })
    const possible = async () => (await cards('')).find((c) => c.id === idOf('Civil 2016'))!.outdated.possible.map((p) => p.label)
    expect(await possible()).toEqual(['CPC/2015'])

    const set = await api('put', `/admin/exams/${exam.id}/applied-on`, admin.auth).send({ applied_on: '2016-03-20' })
    expect(set.body).toMatchObject({ message: 'Data de aplicação salva.', exam: { id: exam.id, applied_on: '2016-03-20' } })
    expect(await possible()).toEqual([])
    await api('put', `/admin/exams/${exam.id}/applied-on`, admin.auth).send({ applied_on: '2016-03-17' }).expect(200)
    expect(await possible()).toEqual(['CPC/2015'])
    const cleared = await api('put', `/admin/exams/${exam.id}/applied-on`, admin.auth).send({ applied_on: null })
    expect(cleared.body).toMatchObject({ message: 'Data de aplicação apagada: vale o ano da prova.', exam: { applied_on: null } })

    const bad = await api('put', `/admin/exams/${exam.id}/applied-on`, admin.auth).send({ applied_on: '2016-02-30' })
    expect([bad.status, bad.body.error]).toEqual([400, 'Data de aplicação inválida: use uma data que exista, entre 1900 e 2100.'])
    expect((await api('put', '/admin/exams/999999/applied-on', admin.auth).send({ applied_on: null })).status).toBe(404)
    expect((await api('put', `/admin/exams/${exam.id}/applied-on`, carla.auth).send({ applied_on: null })).status).toBe(403)
    expect((await api('get', '/admin/exam-dates', carla.auth)).status).toBe(403)
  })
})

describe('the admin keeps the changes', () => {
  it('creates, edits and deletes a change; the cards follow', async () => {
    const constitucional = (await cards('')).find((c) => c.id === idOf('Constitucional 2010'))!
    const disc = (await api('get', `/questions/${constitucional.id}`).expect(200)).body.data.discipline_id as number
    const created = await api('post', '/admin/legislative-changes', admin.auth).send({
      label: ' EC 999/2015 ',
      name: 'Emenda Constitucional 999/2015',
      in_force: '2015-06-01',
      discipline_ids: [disc, disc],
      note: 'Uma emenda de teste.',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      message: 'Mudança legislativa criada.',
      change: { label: 'EC 999/2015', in_force: '2015-06-01', disciplines: [{ id: disc, name: 'Direito Constitucional' }] },
    })
    const id = created.body.change.id as number
    let card = (await cards('')).find((c) => c.id === constitucional.id)!
    expect(card.outdated.possible.map((p) => p.label)).toEqual(['EC 999/2015'])

    const edited = await api('put', `/admin/legislative-changes/${id}`, admin.auth).send({
      label: 'EC 999/2009',
      name: 'Emenda Constitucional 999/2009',
      in_force: '2009-06-01',
      discipline_ids: [disc],
    })
    expect(edited.status).toBe(200)
    expect(edited.body.change).toMatchObject({ label: 'EC 999/2009', note: '' })
    card = (await cards('')).find((c) => c.id === constitucional.id)!
    expect(card.outdated.possible).toEqual([])

    expect((await api('delete', `/admin/legislative-changes/${id}`, admin.auth)).body).toEqual({
      success: true,
      message: 'Mudança legislativa excluída.',
    })
    expect((await api('delete', `/admin/legislative-changes/${id}`, admin.auth)).status).toBe(404)
    expect(await t.db.select().from(legislativeChanges).where(eq(legislativeChanges.id, id))).toEqual([])
  })

  it('an admin editing a seeded change replaces the seed’s disciplines with the chosen ones', async () => {
    const { data } = (await api('get', '/admin/legislative-changes', admin.auth).expect(200)).body
    const cpc = data.find((c: { label: string }) => c.label === 'CPC/2015')
    const constitucional = (await api('get', `/questions/${idOf('Constitucional 2010')}`).expect(200)).body.data.discipline_id
    await api('put', `/admin/legislative-changes/${cpc.id}`, admin.auth)
      .send({ label: cpc.label, name: cpc.name, in_force: cpc.in_force, discipline_ids: [constitucional], note: cpc.note })
      .expect(200)
    const all = new Map((await cards('')).map((c) => [c.id, c.outdated.possible.map((p) => p.label)]))
    expect(all.get(idOf('Constitucional 2010'))).toEqual(['CPC/2015'])
    expect(all.get(idOf('Civil 2010'))).toEqual([])
    // Back as seeded, for the tests below.
    const civil = (await api('get', `/questions/${idOf('Civil 2010')}`).expect(200)).body.data.discipline_id
    await api('put', `/admin/legislative-changes/${cpc.id}`, admin.auth)
      .send({ label: cpc.label, name: cpc.name, in_force: cpc.in_force, discipline_ids: [civil], note: cpc.note })
      .expect(200)
  })

  it('refuses bad input in Portuguese and students or visitors', async () => {
    const send = (body: Record<string, unknown>) => api('post', '/admin/legislative-changes', admin.auth).send(body)
    const base = { label: 'X', name: 'Lei X', in_force: '2020-01-01', discipline_ids: [1] }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, label: '  ' }, 'Informe o rótulo.'],
      [{ ...base, in_force: '2020-02-30' }, 'Data de vigência inválida: use uma data que exista, entre 1900 e 2100.'],
      [{ ...base, in_force: '18/03/2016' }, 'Data de vigência inválida: use AAAA-MM-DD, como 2016-03-18.'],
      [{ ...base, discipline_ids: [] }, 'Escolha pelo menos uma disciplina afetada.'],
      [{ ...base, discipline_ids: [999999] }, 'Disciplina não encontrada: escolha disciplinas do banco.'],
      [{ ...base, note: 'x'.repeat(301) }, 'A nota pode ter no máximo 300 caracteres.'],
    ]
    for (const [body, message] of cases) {
      const res = await send(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toBe(message)
    }
    expect((await api('put', '/admin/legislative-changes/999999', admin.auth).send({ ...base, discipline_ids: [] })).status).toBe(400)
    const missing = await api('put', '/admin/legislative-changes/999999', admin.auth).send({
      ...base,
      discipline_ids: [(await api('get', `/questions/${idOf('Civil 2010')}`)).body.data.discipline_id],
    })
    expect([missing.status, missing.body.error]).toEqual([404, 'Mudança legislativa não encontrada.'])
    expect((await api('post', '/admin/legislative-changes', carla.auth).send(base)).status).toBe(403)
    expect((await api('get', '/admin/legislative-changes', carla.auth)).status).toBe(403)
    expect((await api('delete', '/admin/legislative-changes/1', carla.auth)).status).toBe(403)
    expect((await api('post', '/admin/legislative-changes').send(base)).status).toBe(401)
  })
})

describe('a question reported and confirmed outdated', () => {
  it('a student reports it outdated; the admin confirms with a note that answers the report; the cards and the filter follow; undo', async () => {
    const id = idOf('Civil 2017')
    await api('post', `/questions/${id}/error-reports`, carla.auth)
      .send({ message: 'A questão cita um artigo revogado.', kind: 'desatualizada' })
      .expect(201)
    const [report] = await t.db.select().from(errorReports).where(eq(errorReports.questionId, id))
    expect(report).toMatchObject({ kind: 'desatualizada', status: 'novo' })
    const queue = (await api('get', '/admin/error-reports', admin.auth).expect(200)).body.data
    expect(queue.find((r: { id: number }) => r.id === report!.id)).toMatchObject({
      kind: 'desatualizada',
      kind_label: 'Desatualizada (a lei mudou)',
      question: { id, outdated_note: null },
    })

    expect((await api('put', `/admin/questions/${id}/outdated`, admin.auth).send({ note: '  ' })).body.error).toBe(
      'Escreva a nota que os alunos verão.',
    )
    expect((await api('put', `/admin/questions/${id}/outdated`, admin.auth).send({ note: 'x'.repeat(301) })).body.error).toBe(
      'A nota pode ter no máximo 300 caracteres.',
    )
    expect((await api('put', `/admin/questions/${id}/outdated`, carla.auth).send({ note: 'Não' })).status).toBe(403)
    expect((await api('put', '/admin/questions/999999/outdated', admin.auth).send({ note: 'Nota' })).status).toBe(404)
    const wrongReport = await api('put', `/admin/questions/${idOf('Civil 2010')}/outdated`, admin.auth).send({
      note: 'Nota',
      report_id: report!.id,
    })
    expect([wrongReport.status, wrongReport.body.error]).toEqual([404, 'Relato de erro não encontrado para esta questão.'])
    expect(
      (
        await t.db
          .select()
          .from(questions)
          .where(eq(questions.id, idOf('Civil 2010')))
      )[0]!.outdatedAt,
    ).toBeNull()

    const note = 'O art. 273 do CPC/1973 foi revogado pelo CPC/2015.'
    const confirmed = await api('put', `/admin/questions/${id}/outdated`, admin.auth).send({ note, report_id: report!.id })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ message: 'Questão marcada como desatualizada.', question: { id, outdated_note: note } })
    const [answered] = await t.db.select().from(errorReports).where(eq(errorReports.id, report!.id))
    expect([answered!.status, answered!.answer, answered!.answeredBy]).toEqual(['corrigido', note, admin.user.id])
    const mine = (await api('get', '/error-reports/mine', carla.auth).expect(200)).body.data
    expect(mine[0]).toMatchObject({ status_label: 'Corrigido', answer: note })

    const card = (await cards('')).find((c) => c.id === id)!
    expect(card.outdated.confirmed).toMatchObject({ note })
    expect((await cards('exclude_outdated=true')).map((c) => c.id)).not.toContain(id)

    const undone = await api('delete', `/admin/questions/${id}/outdated`, admin.auth)
    expect(undone.body).toMatchObject({ question: { id, outdated_note: null, outdated_at: null } })
    expect((await cards('exclude_outdated=true')).map((c) => c.id)).toContain(id)
    expect((await api('post', `/questions/${id}/error-reports`).send({ message: 'Tipo estranho aqui.', kind: 'outro' })).body.error).toBe(
      'Tipo inválido: use erro ou desatualizada.',
    )
  })

  it('the Exame de Ordem draw leaves out a question confirmed outdated', async () => {
    const extra = await insertQuestions(
      t.db,
      ['Sorteio 1', 'Sorteio 2', 'Sorteio 3'].map((statement) => ({
        discipline: 'Direito Sorteio',
        exam: { name: 'Exame Sorteio', year: 2024, board: 'FGV' },
        statement,
        correctAnswer: 'A',
      })),
    )
    const [stale, ...fresh] = extra.questions
    await api('put', `/admin/questions/${stale!.id}/outdated`, admin.auth).send({ note: 'Lei nova.' }).expect(200)
    const plan = {
      source: 'admin' as const,
      summary: 'Na proporção definida pela equipe do Gabarita.',
      passed_over: [],
      exam: null,
      mix: [{ discipline_id: stale!.disciplineId, discipline_name: 'Direito Sorteio', count: 2, available: 2 }],
      shortfall: [],
      size: 2,
      duration_minutes: 300,
      pass_mark: 1,
    }
    for (let i = 0; i < 5; i++) {
      const outcome = await drawExameOrdem(t.db, plan)
      expect(outcome.kind).toBe('ok')
      if (outcome.kind === 'ok') expect(outcome.drawn.map((d) => d.questionId).sort()).toEqual(fresh.map((q) => q.id).sort())
    }
  })

  it('the simulado personalizado with "Excluir desatualizadas" draws only questions no change may have outdated', async () => {
    const civil = (await api('get', `/questions/${idOf('Civil 2010')}`).expect(200)).body.data.discipline_id as number
    const filters = { discipline_ids: [civil], exclude_outdated: true }
    const drawn = await drawCustom(t.db, carla.user.id, filters, 2)
    expect(drawn.kind).toBe('ok')
    if (drawn.kind === 'ok')
      expect(drawn.drawn.map((d) => d.questionId).sort()).toEqual([idOf('Civil 2017'), idOf('Civil julho 2016')].sort())
    const short = await drawCustom(t.db, carla.user.id, filters, 3)
    expect(short.kind === 'unprocessable' && short.message).toMatch(/sem as desatualizadas/)
    expect((await drawCustom(t.db, carla.user.id, { discipline_ids: [civil] }, 4)).kind).toBe('ok')
  })
})
