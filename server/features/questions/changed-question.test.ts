import fs from 'node:fs'

import { eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, questions, questionUsage } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { OAB_DIR, oabFile } from '../../../tests/support/oab'

// A question a re-upload changes while a student reads it (a page fetched ahead, a tab left
// open, issue 66): the answer to the version they read is refused and nothing is recorded or
// counted; a re-upload that changes nothing a student answers refuses nothing (ADR 097).

const exam = (first: { statement: string; b: string; key: string }) =>
  [
    'PROVA: Prova versionada',
    'ANO: 2024',
    'BANCA: FGV',
    '',
    'QUESTAO: 1',
    'DISCIPLINA: Direito Civil',
    'ENUNCIADO:',
    first.statement,
    'A) Primeira',
    `B) ${first.b}`,
    `GABARITO: ${first.key}`,
    '',
    'QUESTAO: 2',
    'DISCIPLINA: Direito Penal',
    'ENUNCIADO:',
    'Questão que nunca muda.',
    'A) Primeira',
    'B) Segunda',
    'GABARITO: B',
    '',
  ].join('\n')

let t: Awaited<ReturnType<typeof createTestContext>>
let now = new Date('2026-03-02T12:00:00Z')
let admin: Awaited<ReturnType<typeof createTestUser>>
let student: Awaited<ReturnType<typeof createTestUser>>
const ids = new Map<number, number>()

const upload = (text: string) =>
  contractRequest(t.app)
    .post('/api/v1/admin/questions/upload-exam-txt?force=true')
    .set(admin.auth)
    .attach('file', Buffer.from(text), 'versionada.txt')
    .expect(200)
const shownToken = async (id: number) =>
  (await contractRequest(t.app).get(`/api/v1/questions/${id}`).set(student.auth).expect(200)).body.data.shown_token as string
const answer = (id: number, letter: string, token: string) =>
  contractRequest(t.app).post(`/api/v1/questions/${id}/attempts`).set(student.auth).send({ answer: letter, shown_token: token })
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000))

beforeAll(async () => {
  t = await createTestContext()
  t.ctx.clock = () => now
  admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
  student = await createTestUser(t.ctx, { plan: 'GRATUITO' })
  await upload(exam({ statement: 'Enunciado da primeira versão.', b: 'Segunda', key: 'A' }))
  for (const q of await t.db.select().from(questions)) ids.set(q.number, q.id)
})
afterAll(() => t.close())

describe('an answer to a version a re-upload changed', () => {
  it('is refused with 409 QUESTION_CHANGED, records nothing and spends nothing; the card shown again is answered', async () => {
    const id = ids.get(1)!
    const old = await shownToken(id)
    later(60)
    await upload(exam({ statement: 'Enunciado corrigido pela banca.', b: 'Segunda', key: 'A' }))
    later(30)
    const refused = await answer(id, 'A', old)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      error: 'Esta questão foi atualizada depois que você a abriu. Leia a versão atual e responda de novo.',
      code: 'QUESTION_CHANGED',
    })
    expect(await t.db.select().from(attempts).where(eq(attempts.questionId, id))).toEqual([])
    expect(await t.db.select().from(questionUsage).where(eq(questionUsage.questionId, id))).toEqual([])

    const fresh = await shownToken(id)
    later(20)
    const res = await answer(id, 'A', fresh)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ correct: true, elapsed_seconds: 20 })
  })

  it('a changed key or alternative refuses too; a re-upload that changes nothing a student answers does not', async () => {
    const id = ids.get(1)!
    const kept = ids.get(2)!
    const beforeKey = await shownToken(id)
    const untouched = await shownToken(kept)
    later(60)
    await upload(exam({ statement: 'Enunciado corrigido pela banca.', b: 'Segunda', key: 'B' }))
    expect((await answer(id, 'B', beforeKey)).status).toBe(409)
    // Question 2 came back in the same file unchanged: its open card still answers.
    expect((await answer(kept, 'B', untouched)).status).toBe(201)

    // Shown a second after that upload (a card shown in the change's own second counts as before it).
    later(1)
    const beforeAlternative = await shownToken(id)
    later(60)
    await upload(exam({ statement: 'Enunciado corrigido pela banca.', b: 'Segunda, reescrita', key: 'B' }))
    expect((await answer(id, 'B', beforeAlternative)).status).toBe(409)

    later(1)
    const beforeSame = await shownToken(id)
    later(60)
    await upload(exam({ statement: 'Enunciado corrigido pela banca.', b: 'Segunda, reescrita', key: 'B' }))
    expect((await answer(id, 'B', beforeSame)).status).toBe(201)
  })

  it('without a token (an older client) the answer is recorded as before: there is no telling what was read', async () => {
    const id = ids.get(1)!
    later(60)
    await upload(exam({ statement: 'Terceira versão do enunciado.', b: 'Segunda, reescrita', key: 'B' }))
    const res = await contractRequest(t.app).post(`/api/v1/questions/${id}/attempts`).set(student.auth).send({ answer: 'B' })
    expect(res.status).toBe(201)
  })
})

describe('a real exam uploaded again unchanged', () => {
  it('marks none of its questions changed (long statements, no explanations): every open card still answers', async () => {
    const file = fs.readdirSync(OAB_DIR).find((name) => name.endsWith('.txt'))!
    const send = () =>
      contractRequest(t.app)
        .post('/api/v1/admin/questions/upload-exam-txt?force=true')
        .set(admin.auth)
        .attach('file', fs.readFileSync(oabFile(file)), file)
        .expect(200)
    await send()
    later(60)
    await send()
    expect(await t.db.select({ id: questions.id }).from(questions).where(isNotNull(questions.contentChangedAt))).toEqual([
      { id: ids.get(1)! },
    ])
  })
})
