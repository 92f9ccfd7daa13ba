import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { questionOutdatedOverrides, users } from '#server/db/schema'
import { readCitations } from '#server/domain/citations/store'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { drawCustom } from '../simulations/draw'

// Staff confirm or remove one question's badge by one change (issue 63 §2, ADR 090): the one rule
// follows the decision on the cards, in "Excluir desatualizadas" and in the simulado's draw; only
// administrators decide; bad input is refused in Portuguese.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let admin: User
let carla: User
let paulo: User
let bank: Awaited<ReturnType<typeof insertQuestions>>
let cpc: number

const api = (method: 'get' | 'put' | 'delete', url: string, auth?: Record<string, string>) => {
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}
const idOf = (statement: string) => bank.questions.find((q) => q.statement === statement)!.id
type Card = { id: number; outdated: { possible: { label: string; same_year: boolean }[] } }
const labels = async (statement: string) => {
  const { data } = (await api('get', `/questions/${idOf(statement)}`).expect(200)).body
  return (data as Card).outdated.possible.map((p) => p.label)
}
const kept = async () =>
  ((await api('get', '/questions/search?per_page=100&exclude_outdated=true').expect(200)).body.data as Card[]).map((c) => c.id)
/** `size` Processo Civil questions drawn for a simulado personalizado with "Excluir desatualizadas", or 'too few'. */
const drawable = async (size: number) => {
  const outcome = await drawCustom(t.db, carla.user.id, { discipline_ids: [bank.questions[0]!.disciplineId], exclude_outdated: true }, size)
  return outcome.kind === 'ok' ? outcome.drawn.map((d) => d.questionId).sort() : 'too few'
}
const decide = (statement: string, decision: unknown, auth = admin.auth) =>
  api('put', `/admin/questions/${idOf(statement)}/outdated-badges/${cpc}`, auth).send({ decision })

beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN', name: 'Ana Admin' })
  carla = await createTestUser(t.ctx, { name: 'Carla Aluna' })
  paulo = await createTestUser(t.ctx, { name: 'Paulo Professor' })
  await t.db.update(users).set({ isProfessor: true }).where(eq(users.id, paulo.user.id))
  bank = await insertQuestions(t.db, [
    { discipline: 'Direito Processual Civil', exam: { name: 'Exame 2010.2', year: 2010, board: 'FGV' }, statement: 'Civil 2010' },
    { discipline: 'Direito Processual Civil', exam: { name: 'Exame XXIV', year: 2017, board: 'FGV' }, statement: 'Civil 2017' },
    { discipline: 'Direito Constitucional', exam: { name: 'Exame 2010.2', year: 2010, board: 'FGV' }, statement: 'Constitucional 2010' },
  ])
  await readCitations(t.db)
  const { data } = (await api('get', '/legislative-changes').expect(200)).body
  cpc = data.find((c: { label: string }) => c.label === 'CPC/2015').id
})
afterAll(() => t.close())

describe('staff’s word on one badge', () => {
  it('only an administrator decides or reads the lists: a student and a professor 403, a visitor 401', async () => {
    expect((await decide('Civil 2010', 'remove', carla.auth)).status).toBe(403)
    expect((await decide('Civil 2010', 'remove', paulo.auth)).status).toBe(403)
    expect((await api('put', `/admin/questions/${idOf('Civil 2010')}/outdated-badges/${cpc}`).send({ decision: 'remove' })).status).toBe(
      401,
    )
    expect((await api('delete', `/admin/questions/${idOf('Civil 2010')}/outdated-badges/${cpc}`, carla.auth)).status).toBe(403)
    expect((await api('get', `/admin/legislative-changes/${cpc}/questions`, paulo.auth)).status).toBe(403)
    expect((await api('get', `/admin/questions/${idOf('Civil 2010')}/outdated-badges`, carla.auth)).status).toBe(403)
    expect(await t.db.select().from(questionOutdatedOverrides)).toEqual([])
    expect(await labels('Civil 2010')).toEqual(['CPC/2015'])
  })

  it('refuses a decision it does not know, a question or a change that is not there', async () => {
    const bad = await decide('Civil 2010', 'talvez')
    expect([bad.status, bad.body.error]).toEqual([400, 'Decisão inválida: use confirm (mostrar o selo) ou remove (tirar o selo).'])
    expect((await decide('Civil 2010', undefined)).status).toBe(400)
    const noQuestion = await api('put', `/admin/questions/999999/outdated-badges/${cpc}`, admin.auth).send({ decision: 'remove' })
    expect([noQuestion.status, noQuestion.body.error]).toEqual([404, 'Questão não encontrada.'])
    const noChange = await api('put', `/admin/questions/${idOf('Civil 2010')}/outdated-badges/999999`, admin.auth).send({
      decision: 'remove',
    })
    expect([noChange.status, noChange.body.error]).toEqual([404, 'Mudança legislativa não encontrada.'])
    expect((await api('put', `/admin/questions/abc/outdated-badges/${cpc}`, admin.auth).send({ decision: 'remove' })).status).toBe(404)
    expect((await api('get', '/admin/legislative-changes/999999/questions', admin.auth)).status).toBe(404)
    expect((await api('get', `/admin/legislative-changes/${cpc}/questions?decision=todas`, admin.auth)).body.error).toBe(
      'Filtro inválido: use rule, confirm ou remove.',
    )
    expect((await api('get', `/admin/legislative-changes/${cpc}/questions?page=0`, admin.auth)).status).toBe(400)
    expect(await t.db.select().from(questionOutdatedOverrides)).toEqual([])
  })

  it('removing a badge hides it on the card, keeps the question under "Excluir desatualizadas" and in the draw; undoing brings it back', async () => {
    expect(await drawable(1)).toEqual([idOf('Civil 2017')])
    expect(await drawable(2)).toBe('too few')
    const removed = await decide('Civil 2010', 'remove')
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({
      message: 'Selo removido: a questão não mostra mais esta mudança.',
      badge: { change: { id: cpc, label: 'CPC/2015' }, rule: true, decision: 'remove', shown: false, decided_by: 'Ana Admin' },
    })
    const [row] = await t.db.select().from(questionOutdatedOverrides)
    expect(row).toMatchObject({ questionId: idOf('Civil 2010'), changeId: cpc, decision: 'remove', decidedBy: admin.user.id })
    expect(await labels('Civil 2010')).toEqual([])
    expect(await kept()).toContain(idOf('Civil 2010'))
    expect(await drawable(2)).toEqual([idOf('Civil 2010'), idOf('Civil 2017')].sort())

    // The change's list keeps it, marked, so it can be undone.
    const list = (await api('get', `/admin/legislative-changes/${cpc}/questions`, admin.auth).expect(200)).body
    expect(list).toMatchObject({ change: { id: cpc, label: 'CPC/2015' }, total: 1, page: 1, per_page: 20 })
    expect(list.data[0]).toMatchObject({ question: { id: idOf('Civil 2010'), excerpt: 'Civil 2010', year: 2010 }, decision: 'remove' })
    expect((await api('get', `/admin/legislative-changes/${cpc}/questions?decision=rule`, admin.auth)).body.total).toBe(0)
    expect((await api('get', `/admin/legislative-changes/${cpc}/questions?decision=remove&page=2`, admin.auth)).body).toMatchObject({
      data: [],
      total: 1,
      page: 2,
    })

    const undone = await api('delete', `/admin/questions/${idOf('Civil 2010')}/outdated-badges/${cpc}`, admin.auth)
    expect(undone.body).toMatchObject({
      message: 'Decisão desfeita: vale a regra do escopo.',
      badge: { rule: true, decision: null, shown: true },
    })
    expect(await labels('Civil 2010')).toEqual(['CPC/2015'])
    expect(await kept()).not.toContain(idOf('Civil 2010'))
    expect(await t.db.select().from(questionOutdatedOverrides)).toEqual([])
  })

  it('confirming shows the badge outside the scope and after the date; "Excluir desatualizadas" and the draw leave the question out', async () => {
    for (const statement of ['Constitucional 2010', 'Civil 2017']) {
      const confirmed = await decide(statement, 'confirm')
      expect(confirmed.body).toMatchObject({
        message: 'Selo confirmado: a questão mostra “Pode estar desatualizada” por esta mudança.',
        badge: { rule: false, decision: 'confirm', shown: true },
      })
      expect(await labels(statement)).toEqual(['CPC/2015'])
      expect(await kept()).not.toContain(idOf(statement))
    }
    expect(await drawable(1)).toBe('too few')

    // One question before every change: the rule's verdict, the decision and what shows.
    const one = (await api('get', `/admin/questions/${idOf('Constitucional 2010')}/outdated-badges`, admin.auth).expect(200)).body
    expect(one.question).toMatchObject({ id: idOf('Constitucional 2010'), discipline: 'Direito Constitucional', exam: 'Exame 2010.2' })
    expect(one.data.map((b: { change: { label: string } }) => b.change.label)).toContain('Lei 14.365/2022')
    expect(one.data.find((b: { change: { id: number } }) => b.change.id === cpc)).toMatchObject({
      rule: false,
      decision: 'confirm',
      shown: true,
    })
    expect(one.data.filter((b: { shown: boolean }) => b.shown)).toHaveLength(1)

    // Decided again: one row, the latest word.
    await decide('Civil 2017', 'remove').expect(200)
    expect(await labels('Civil 2017')).toEqual([])
    expect(
      await t.db
        .select()
        .from(questionOutdatedOverrides)
        .where(eq(questionOutdatedOverrides.questionId, idOf('Civil 2017'))),
    ).toHaveLength(1)
    const confirmedList = (await api('get', `/admin/legislative-changes/${cpc}/questions?decision=confirm`, admin.auth)).body
    expect(confirmedList.data.map((r: { question: { id: number } }) => r.question.id)).toEqual([idOf('Constitucional 2010')])
  })
})
