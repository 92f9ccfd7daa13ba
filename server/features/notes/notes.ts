import { and, count, desc, eq, isNull } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { notes, questions } from '../../db/schema'
import type { NoteJson } from './contract'
import { NOTE_NOT_FOUND, NOTES_PER_QUESTION_MAX, QUESTION_NOT_FOUND, TOO_MANY_NOTES } from './messages'

// Anotação (issue 11): a student's private notes on a question. Plain functions over Db
// returning outcomes; ./router.ts maps them to status codes. Another user's note is
// "not found", exactly like a note that does not exist: nothing tells them apart.

export type NoteOutcome<T> = { kind: 'ok'; value: T } | { kind: 'not-found'; message: string } | { kind: 'conflict'; message: string }

const toJson = (row: typeof notes.$inferSelect): NoteJson => ({
  id: row.id,
  question_id: row.questionId,
  content: row.content,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
})

async function liveQuestion(db: Db, id: number) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, id), isNull(questions.removedAt)))
  return row ?? null
}

const own = (userId: string, questionId: number, noteId: number) =>
  and(eq(notes.id, noteId), eq(notes.userId, userId), eq(notes.questionId, questionId))

/** This student's notes on the question, newest first. */
export async function listNotes(db: Db, userId: string, questionId: number): Promise<NoteOutcome<NoteJson[]>> {
  if (!(await liveQuestion(db, questionId))) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.questionId, questionId)))
    .orderBy(desc(notes.createdAt), desc(notes.id))
  return { kind: 'ok', value: rows.map(toJson) }
}

export async function createNote(db: Db, userId: string, questionId: number, content: string): Promise<NoteOutcome<NoteJson>> {
  if (!(await liveQuestion(db, questionId))) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  const [{ n }] = await db
    .select({ n: count() })
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.questionId, questionId)))
  if (Number(n) >= NOTES_PER_QUESTION_MAX) return { kind: 'conflict', message: TOO_MANY_NOTES }
  const [row] = await db.insert(notes).values({ userId, questionId, content }).returning()
  return { kind: 'ok', value: toJson(row) }
}

export async function updateNote(
  db: Db,
  userId: string,
  questionId: number,
  noteId: number,
  content: string,
  now: Date,
): Promise<NoteOutcome<NoteJson>> {
  const [row] = await db
    .update(notes)
    .set({ content, updatedAt: now })
    .where(own(userId, questionId, noteId))
    .returning()
  return row ? { kind: 'ok', value: toJson(row) } : { kind: 'not-found', message: NOTE_NOT_FOUND }
}

export async function deleteNote(db: Db, userId: string, questionId: number, noteId: number): Promise<NoteOutcome<{ id: number }>> {
  const [row] = await db
    .delete(notes)
    .where(own(userId, questionId, noteId))
    .returning({ id: notes.id })
  return row ? { kind: 'ok', value: row } : { kind: 'not-found', message: NOTE_NOT_FOUND }
}
