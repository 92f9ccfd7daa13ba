import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { notes, questions } from '#server/db/schema'

import { createTestContext, createTestUser } from '../../../tests/support/context'
import { contractRequest } from '../../../tests/support/contract'
import { insertQuestions } from '../../../tests/support/questions'
import { NOTES_PER_QUESTION_MAX } from './messages'

// Anotação (issue 11): GET/POST /questions/{id}/notes, PUT/DELETE /questions/{id}/notes/{noteId}.
// CRUD, the exact messages, plain text stored verbatim, ownership (another user's note is 404
// and stays as it was), removed and deleted questions.

type User = Awaited<ReturnType<typeof createTestUser>>
let t: Awaited<ReturnType<typeof createTestContext>>
let ana: User
let bruno: User
let q1: number
let q2: number
let removedQ: number

const api = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth?: Record<string, string>) => {
  // Every answer is checked against the endpoint's contract (ADR 038).
  const r = contractRequest(t.app)[method](`/api/v1${url}`)
  return auth ? r.set(auth) : r
}

async function newNote(user: User, content: string, qid = q1) {
  const res = await api('post', `/questions/${qid}/notes`, user.auth).send({ content })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.note as { id: number; content: string; createdAt: string; updatedAt: string; question_id: number }
}

beforeAll(async () => {
  t = await createTestContext()
  const bank = await insertQuestions(t.db, [
    { discipline: 'Direito Civil', statement: 'Questão das anotações.' },
    { discipline: 'Direito Penal', statement: 'Outra questão.' },
    { discipline: 'Direito Penal', statement: 'Questão removida.', removed: true },
  ])
  ;[q1, q2, removedQ] = bank.questions.map((q) => q.id)
  ana = await createTestUser(t.ctx, { name: 'Ana' })
  bruno = await createTestUser(t.ctx, { name: 'Bruno' })
})
afterAll(() => t.close())

describe('notes CRUD', () => {
  it('needs a login on every route (401)', async () => {
    for (const [method, url] of [
      ['get', `/questions/${q1}/notes`],
      ['post', `/questions/${q1}/notes`],
      ['put', `/questions/${q1}/notes/1`],
      ['delete', `/questions/${q1}/notes/1`],
    ] as const) {
      const res = await api(method, url).send(method === 'get' || method === 'delete' ? undefined : { content: 'x' })
      expect(res.status, `${method} ${url}`).toBe(401)
      expect(res.body).toEqual({ error: 'Token não encontrado' })
    }
  })

  it('creates, lists newest first, updates and deletes', async () => {
    const first = await newNote(ana, '  Primeira anotação  ')
    expect(first.content).toBe('Primeira anotação')
    expect(first.question_id).toBe(q1)
    expect(new Date(first.createdAt).toString()).not.toBe('Invalid Date')
    await new Promise((r) => setTimeout(r, 5))
    const second = await newNote(ana, 'Segunda\r\nlinha')
    expect(second.content).toBe('Segunda\nlinha')

    const list = await api('get', `/questions/${q1}/notes`, ana.auth).expect(200)
    expect(list.body.notes.map((n: { id: number }) => n.id)).toEqual([second.id, first.id])
    expect(Object.keys(list.body.notes[0]).sort()).toEqual(['content', 'createdAt', 'id', 'question_id', 'updatedAt'])

    const upd = await api('put', `/questions/${q1}/notes/${first.id}`, ana.auth).send({ content: 'Editada' }).expect(200)
    expect(upd.body.message).toBe('Anotação atualizada com sucesso!')
    expect(upd.body.note.content).toBe('Editada')
    expect(new Date(upd.body.note.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.updatedAt).getTime())

    const del = await api('delete', `/questions/${q1}/notes/${second.id}`, ana.auth).expect(200)
    expect(del.body).toEqual({ success: true, message: 'Anotação excluída com sucesso!' })
    const after = await api('get', `/questions/${q1}/notes`, ana.auth).expect(200)
    expect(after.body.notes.map((n: { content: string }) => n.content)).toEqual(['Editada'])
    // Notes belong to their question.
    expect((await api('get', `/questions/${q2}/notes`, ana.auth).expect(200)).body.notes).toEqual([])
  })

  it("answers the spec's save message", async () => {
    const res = await api('post', `/questions/${q2}/notes`, ana.auth).send({ content: 'Nota' }).expect(201)
    expect(res.body.message).toBe('Anotação salva com sucesso!')
  })

  it('stores hostile text verbatim as plain text', async () => {
    const text = "<script>alert(1)</script> & <b>negrito</b> '; DROP TABLE notes; --"
    const note = await newNote(ana, text, q2)
    expect(note.content).toBe(text)
    const [row] = await t.db.select().from(notes).where(eq(notes.id, note.id))
    expect(row.content).toBe(text)
  })
})

describe('validation', () => {
  it.each([
    [{}, 'Escreva o conteúdo da anotação.'],
    [{ content: '' }, 'Escreva o conteúdo da anotação.'],
    [{ content: '   \n\t ' }, 'Escreva o conteúdo da anotação.'],
    [{ content: 42 }, 'Escreva o conteúdo da anotação.'],
    [{ content: 'a'.repeat(5001) }, 'A anotação pode ter no máximo 5.000 caracteres.'],
    [{ content: 'sino\u0007' }, 'O texto contém caracteres inválidos.'],
  ])('POST %j → 400 %s', async (body, message) => {
    const res = await api('post', `/questions/${q1}/notes`, ana.auth).send(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: message })
  })

  it('accepts exactly 5,000 characters', async () => {
    const note = await newNote(ana, 'b'.repeat(5000), q2)
    expect(note.content).toHaveLength(5000)
  })

  it('refuses a NUL byte in the body or the path (400) and stores nothing', async () => {
    const before = await t.db.select().from(notes)
    const res = await api('post', `/questions/${q1}/notes`, ana.auth).send({ content: 'nul\u0000byte' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Caracteres inválidos na requisição.' })
    expect((await api('get', `/questions/${q1}%00/notes`, ana.auth)).status).toBe(400)
    expect(await t.db.select().from(notes)).toHaveLength(before.length)
  })

  it('refuses an oversize body (413) and an update with bad content (400)', async () => {
    const res = await api('post', `/questions/${q1}/notes`, ana.auth).send({ content: 'x'.repeat(200_000) })
    expect(res.status).toBe(413)
    const note = await newNote(ana, 'Válida')
    const upd = await api('put', `/questions/${q1}/notes/${note.id}`, ana.auth).send({ content: '   ' })
    expect(upd.status).toBe(400)
    expect(upd.body).toEqual({ error: 'Escreva o conteúdo da anotação.' })
    const [row] = await t.db.select().from(notes).where(eq(notes.id, note.id))
    expect(row.content).toBe('Válida')
  })

  it('answers 404 for unknown, malformed and removed questions', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999']) {
      const res = await api('get', `/questions/${id}/notes`, ana.auth)
      expect(res.status, id).toBe(404)
    }
    expect((await api('get', `/questions/${removedQ}/notes`, ana.auth)).status).toBe(404)
    const res = await api('post', `/questions/${removedQ}/notes`, ana.auth).send({ content: 'x' })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Questão não encontrada' })
  })

  it('caps the notes one student keeps on one question', async () => {
    const u = await createTestUser(t.ctx)
    await t.db
      .insert(notes)
      .values(Array.from({ length: NOTES_PER_QUESTION_MAX }, (_, i) => ({ userId: u.user.id, questionId: q2, content: `n${i}` })))
    const res = await api('post', `/questions/${q2}/notes`, u.auth).send({ content: 'mais uma' })
    expect(res.status).toBe(409)
    expect(res.body.error).toMatch(/limite de 100 anotações/)
  })
})

describe("ownership (IDOR): another user's note is 404 and stays as it was", () => {
  it("Bruno cannot list, edit or delete Ana's notes", async () => {
    const note = await newNote(ana, 'Segredo da Ana')
    const list = await api('get', `/questions/${q1}/notes`, bruno.auth).expect(200)
    expect(list.body.notes).toEqual([])
    expect(JSON.stringify(list.body)).not.toContain('Segredo')

    const put = await api('put', `/questions/${q1}/notes/${note.id}`, bruno.auth).send({ content: 'hackeado' })
    expect(put.status).toBe(404)
    expect(put.body).toEqual({ error: 'Anotação não encontrada.' })
    const del = await api('delete', `/questions/${q1}/notes/${note.id}`, bruno.auth)
    expect(del.status).toBe(404)
    expect(del.body).toEqual({ error: 'Anotação não encontrada.' })
    // The same answer as a note that does not exist.
    const missing = await api('put', `/questions/${q1}/notes/99999999`, bruno.auth).send({ content: 'x' })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual(put.body)

    const [row] = await t.db.select().from(notes).where(eq(notes.id, note.id))
    expect(row.content).toBe('Segredo da Ana')
    expect(row.userId).toBe(ana.user.id)
  })

  it('a note is reached only through its own question', async () => {
    const note = await newNote(ana, 'Na questão 1')
    expect((await api('put', `/questions/${q2}/notes/${note.id}`, ana.auth).send({ content: 'x' })).status).toBe(404)
    expect((await api('delete', `/questions/${q2}/notes/${note.id}`, ana.auth)).status).toBe(404)
    const [row] = await t.db.select().from(notes).where(eq(notes.id, note.id))
    expect(row.content).toBe('Na questão 1')
  })
})

describe('dangling rows', () => {
  it('deleting a question or a user deletes their notes', async () => {
    const bank = await insertQuestions(t.db, [{ discipline: 'Direito Civil', statement: 'Questão que será apagada.' }])
    const qid = bank.questions[0].id
    const u = await createTestUser(t.ctx)
    await newNote(u, 'Nota que some', qid)
    await newNote(u, 'Nota do usuário', q2)
    await t.db.delete(questions).where(eq(questions.id, qid))
    expect(await t.db.select().from(notes).where(eq(notes.questionId, qid))).toHaveLength(0)
    await t.db.execute(sql`DELETE FROM users WHERE id = ${u.user.id}`)
    expect(await t.db.select().from(notes).where(eq(notes.userId, u.user.id))).toHaveLength(0)
  })
})
