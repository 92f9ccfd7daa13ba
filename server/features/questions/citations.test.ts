import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { questionCitations, questions } from '#server/db/schema'
import { readCitations } from '#server/domain/citations/store'
import { importExamBytes } from '#server/domain/import/importer'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { oabFile } from '../../../tests/support/oab'

// "Legislação citada" through the API on a real exam (issue 38 §4, ADR 055): the import reads
// the citations, the filter options list them, the search filters by them, the answer lists
// them with their official text; a bad key is refused in Portuguese.

const FILE = oabFile('2011-iv-exame-de-ordem-unificado.txt')

let t: Awaited<ReturnType<typeof createTestContext>>
let student: Awaited<ReturnType<typeof createTestUser>>
let examId: number
const api = (url: string) => contractRequest(t.app).get(`/api/v1${url}`)
const idOf = async (number: number) =>
  (await t.db.select({ id: questions.id, examId: questions.examId, number: questions.number }).from(questions)).find(
    (q) => q.examId === examId && q.number === number,
  )!.id

beforeAll(async () => {
  t = await createTestContext()
  student = await createTestUser(t.ctx, { plan: 'PRO' })
  const result = await importExamBytes(t.db, path.basename(FILE), fs.readFileSync(FILE), { force: true, now: new Date() })
  expect(result.success, JSON.stringify(result)).toBe(true)
  examId = result.exam!.id
}, 120_000)
afterAll(() => t.close())

describe('legislação citada', () => {
  it('lists the cited norms, most cited first, and filters the bank by them', async () => {
    const options = (await api('/questions/filter-options').expect(200)).body
    const cf = options.citations.find((c: { key: string }) => c.key === 'cf')
    expect(cf).toMatchObject({ label: 'CF/1988' })
    expect(cf.questions).toBeGreaterThanOrEqual(8)
    expect(options.citations[0].questions).toBeGreaterThanOrEqual(options.citations[1].questions)

    const jecrim = (await api(`/questions/search?citation=lei:9099&exam=${examId}`).expect(200)).body
    expect(jecrim.data.map((q: { id: number }) => q.id)).toEqual([await idOf(60)])
    // Any of several: the CLT's two questions and the Juizados' one.
    const either = (await api(`/questions/search?citation=lei:9099,clt&exam=${examId}`).expect(200)).body
    expect(either.data.map((q: { id: number }) => q.id).sort()).toEqual([await idOf(60), await idOf(70), await idOf(80)].sort())
  })

  it('lists them under the answer, each article once, with the official text', async () => {
    const id = await idOf(61)
    const res = await contractRequest(t.app).post(`/api/v1/questions/${id}/attempts`).set(student.auth).send({ answer: 'A' }).expect(201)
    expect(res.body.citations.map((c: { key: string; article: string | null }) => `${c.key} ${c.article}`)).toEqual([
      'cp art. 155',
      'cp art. 157',
      'cp art. 158',
    ])
    expect(res.body.citations[0]).toMatchObject({
      label: 'Código Penal (Decreto-Lei 2.848/1940)',
      url: 'https://www.planalto.gov.br/ccivil_03/decreto-lei/del2848compilado.htm',
    })
  })

  it('reads a question again when it changes, and refuses a bad key in Portuguese', async () => {
    const id = await idOf(60)
    await t.db
      .update(questions)
      .set({ statement: 'Nos termos da Lei 8.112/90, assinale.', citationsVersion: null })
      .where(eq(questions.id, id))
    expect(await readCitations(t.db)).toBe(1)
    const rows = await t.db.select().from(questionCitations).where(eq(questionCitations.questionId, id))
    expect(rows.map((r) => r.key)).toEqual(['lei:8112'])
    const bad = await api('/questions/search?citation=Lei%208666').expect(400)
    expect(bad.body.error).toMatch(/citation inválido/)
  })
})
