import { and, count, eq, gte, sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { explanationFlags, explanationStrikes, explanationVotes, studentExplanations } from '../../db/schema'
import { extractCitations } from '../../domain/citations/extract'
import { sittingHolding } from '../../domain/sitting-hold'
import { spDay, spMidnight, weekStart } from '../../domain/time/calendar'
import type { ExplanationJson, ExplanationList } from './contract'
import { EXPLANATIONS_PER_DAY, STRIKES_BEFORE_APPROVAL } from './limits'
import {
  ALREADY_FLAGGED,
  ALREADY_WROTE,
  DAILY_LIMIT,
  EXPLANATION_NOT_FOUND,
  NOT_OPENED,
  NOT_RIGHT,
  OWN_FLAG,
  OWN_VOTE,
  QUESTION_NOT_FOUND,
} from './messages'
import { byUsefulness } from './score'

// Explicações de alunos, the student's side (issue 64, ADR 085): plain functions over Db that
// return outcomes; ./router.ts maps them to statuses. Another student's explanation is "not
// found" to its edit and delete, exactly like one that does not exist; a hidden one or one
// waiting for approval is "not found" to everyone but its author. While the caller sits a
// simulado that holds the question, nothing here reads or writes it (server/domain/sitting-hold.ts).

export type Outcome<T> = DomainOutcome<T> | { kind: 'limit'; message: string } | { kind: 'held'; simulationId: number }
type Viewer = { id: string }

type QuestionRow = { id: number; number: number; short_id: string; year: number }

async function liveQuestion(db: Db, id: number) {
  const [row] = await queryRows<QuestionRow>(
    db,
    sql`SELECT id, number, short_id, year FROM questions WHERE id = ${id} AND removed_at IS NULL`,
  )
  return row ?? null
}

/** What this student did with the question: answered it (right at least once?) or opened it this week. */
async function standing(db: Db, userId: string, questionId: number, now: Date) {
  const [row] = await queryRows<{ answered: boolean; right: number; opened: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM attempts WHERE user_id = ${userId} AND question_id = ${questionId}) AS answered,
               (SELECT count(*)::int FROM attempts WHERE user_id = ${userId} AND question_id = ${questionId} AND correct) AS "right",
               EXISTS (SELECT 1 FROM question_usage WHERE user_id = ${userId} AND question_id = ${questionId}
                         AND week_start = ${weekStart(now)}) AS opened`,
  )
  return { right: Number(row?.right ?? 0), opened: Boolean(row?.answered) || Boolean(row?.opened) }
}

/** The caller's open simulado holding the question, as an outcome; null when none does. */
async function held(db: Db, userId: string, questionId: number, now: Date) {
  const simulationId = await sittingHolding(db, userId, questionId, now)
  return simulationId === null ? null : { kind: 'held' as const, simulationId }
}

type Row = {
  id: number
  question_id: number
  user_id: string
  content: string
  author_name: string
  awaiting_approval: boolean
  hidden_at: string | null
  created_at: string
  edited_at: string | null
  useful: number
  audience: number
  voted: boolean
  flagged: boolean
}

/**
 * The explanations of a question the viewer may read (published ones, and the viewer's own in
 * any state), with their votes and audience: the wrong answers since each was written.
 */
async function rowsOf(db: Db, questionId: number, viewerId: string | null, only?: number): Promise<Row[]> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH wrong AS (SELECT coalesce(sum(attempts - correct), 0)::int AS n FROM question_answer_stats WHERE question_id = ${questionId})
        SELECT e.id, e.question_id, e.user_id, e.content, u.name AS author_name, e.awaiting_approval, e.hidden_at,
               e.created_at, e.edited_at,
               (SELECT count(*)::int FROM explanation_votes v WHERE v.explanation_id = e.id) AS useful,
               greatest((SELECT n FROM wrong) - e.wrong_before, 0) AS audience,
               EXISTS (SELECT 1 FROM explanation_votes v WHERE v.explanation_id = e.id AND v.user_id = ${viewerId}) AS voted,
               EXISTS (SELECT 1 FROM explanation_flags f WHERE f.explanation_id = e.id AND f.user_id = ${viewerId}) AS flagged
          FROM student_explanations e JOIN users u ON u.id = e.user_id
         WHERE e.question_id = ${questionId}
           AND ((e.hidden_at IS NULL AND NOT e.awaiting_approval) OR e.user_id = ${viewerId})
           ${only === undefined ? sql`` : sql`AND e.id = ${only}`}`,
  )
  return rows.map((r) => ({
    ...r,
    useful: Number(r.useful),
    audience: Number(r.audience),
    created_at: new Date(r.created_at).toISOString(),
    edited_at: r.edited_at ? new Date(r.edited_at).toISOString() : null,
  }))
}

export function toJson(row: Row, viewerId: string | null, year: number | null): ExplanationJson {
  return {
    id: Number(row.id),
    question_id: Number(row.question_id),
    content: row.content,
    author_name: row.author_name,
    useful: row.useful,
    voted: Boolean(row.voted),
    is_mine: row.user_id === viewerId,
    flagged_by_me: Boolean(row.flagged),
    status: row.hidden_at ? 'hidden' : row.awaiting_approval ? 'awaiting_approval' : 'published',
    citations: extractCitations(row.content, year),
    created_at: row.created_at,
    edited_at: row.edited_at,
  }
}

const visible = (r: Row) => !r.hidden_at && !r.awaiting_approval

/** The published explanations of a question, best first (ADR 085). */
export async function rankedExplanations(db: Db, questionId: number, viewerId: string | null) {
  return byUsefulness((await rowsOf(db, questionId, viewerId)).filter(visible))
}

/** Every published explanation and the reader's own, for a student who answered or opened the question. */
export async function listExplanations(db: Db, viewer: Viewer, questionId: number, now: Date): Promise<Outcome<ExplanationList>> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  const hold = await held(db, viewer.id, questionId, now)
  if (hold) return hold
  const [mark, rows] = await Promise.all([standing(db, viewer.id, questionId, now), rowsOf(db, questionId, viewer.id)])
  if (!mark.opened) return { kind: 'forbidden', message: NOT_OPENED, code: 'NOT_OPENED' }
  const mine = rows.find((r) => r.user_id === viewer.id) ?? null
  return {
    kind: 'ok',
    value: {
      success: true,
      question: { id: q.id, number: q.number, short_id: q.short_id },
      explanations: byUsefulness(rows.filter((r) => visible(r) && r.user_id !== viewer.id)).map((r) => toJson(r, viewer.id, q.year)),
      mine: mine ? toJson(mine, viewer.id, q.year) : null,
      can_write: !mine && mark.right > 0,
    },
  }
}

async function strikes(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(explanationStrikes).where(eq(explanationStrikes.userId, userId))
  return Number(row?.n ?? 0)
}

async function one(db: Db, id: number, viewerId: string, year: number | null) {
  const [row] = await db
    .select({ questionId: studentExplanations.questionId })
    .from(studentExplanations)
    .where(eq(studentExplanations.id, id))
  if (!row) return null
  const [found] = await rowsOf(db, row.questionId, viewerId, id)
  return found ? toJson(found, viewerId, year) : null
}

/** Writes the student's one explanation of a question they got right; an author hidden twice waits for approval. */
export async function createExplanation(
  db: Db,
  viewer: Viewer,
  questionId: number,
  content: string,
  now: Date,
): Promise<Outcome<ExplanationJson>> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  const hold = await held(db, viewer.id, questionId, now)
  if (hold) return hold
  const mark = await standing(db, viewer.id, questionId, now)
  if (mark.right === 0) return { kind: 'forbidden', message: NOT_RIGHT, code: 'NOT_RIGHT' }
  const [[existing], [today], struck, [wrong]] = await Promise.all([
    db
      .select({ id: studentExplanations.id })
      .from(studentExplanations)
      .where(and(eq(studentExplanations.questionId, questionId), eq(studentExplanations.userId, viewer.id))),
    db
      .select({ n: count() })
      .from(studentExplanations)
      .where(and(eq(studentExplanations.userId, viewer.id), gte(studentExplanations.createdAt, spMidnight(spDay(now))))),
    strikes(db, viewer.id),
    queryRows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(attempts - correct), 0)::int AS n FROM question_answer_stats WHERE question_id = ${questionId}`,
    ),
  ])
  if (existing) return { kind: 'conflict', message: ALREADY_WROTE }
  if (Number(today?.n ?? 0) >= EXPLANATIONS_PER_DAY) return { kind: 'limit', message: DAILY_LIMIT }
  const [row] = await db
    .insert(studentExplanations)
    .values({
      questionId,
      userId: viewer.id,
      content,
      wrongBefore: Number(wrong?.n ?? 0),
      awaitingApproval: struck >= STRIKES_BEFORE_APPROVAL,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: studentExplanations.id })
  // Two sends at once: the unique key kept the first.
  if (!row) return { kind: 'conflict', message: ALREADY_WROTE }
  return { kind: 'ok', value: (await one(db, row.id, viewer.id, q.year))! }
}

/** The author's own explanation and its live question; anyone else's is not found. */
async function own(db: Db, viewer: Viewer, id: number) {
  const [row] = await queryRows<{ id: number; question_id: number; year: number; hidden: boolean }>(
    db,
    sql`SELECT e.id, e.question_id, q.year, e.hidden_at IS NOT NULL AS hidden
          FROM student_explanations e JOIN questions q ON q.id = e.question_id
         WHERE e.id = ${id} AND e.user_id = ${viewer.id} AND q.removed_at IS NULL`,
  )
  return row ?? null
}

/** Rewrites the author's explanation; an author hidden twice waits for approval again. */
export async function updateExplanation(db: Db, viewer: Viewer, id: number, content: string, now: Date): Promise<Outcome<ExplanationJson>> {
  const mine = await own(db, viewer, id)
  if (!mine) return { kind: 'not-found', message: EXPLANATION_NOT_FOUND }
  const hold = await held(db, viewer.id, mine.question_id, now)
  if (hold) return hold
  const struck = await strikes(db, viewer.id)
  await db
    .update(studentExplanations)
    .set({ content, editedAt: now, updatedAt: now, ...(struck >= STRIKES_BEFORE_APPROVAL ? { awaitingApproval: true } : {}) })
    .where(eq(studentExplanations.id, id))
  return { kind: 'ok', value: (await one(db, id, viewer.id, mine.year))! }
}

export async function deleteExplanation(db: Db, viewer: Viewer, id: number, now: Date): Promise<Outcome<{ id: number }>> {
  const mine = await own(db, viewer, id)
  if (!mine) return { kind: 'not-found', message: EXPLANATION_NOT_FOUND }
  const hold = await held(db, viewer.id, mine.question_id, now)
  if (hold) return hold
  await db.delete(studentExplanations).where(eq(studentExplanations.id, id))
  return { kind: 'ok', value: { id } }
}

/** Someone else's published explanation on a question the viewer opened; else why not. */
async function othersPublished(db: Db, viewer: Viewer, id: number, now: Date, ownMessage: string) {
  const [row] = await queryRows<{ id: number; question_id: number; user_id: string }>(
    db,
    sql`SELECT e.id, e.question_id, e.user_id FROM student_explanations e JOIN questions q ON q.id = e.question_id
         WHERE e.id = ${id} AND q.removed_at IS NULL AND e.hidden_at IS NULL AND NOT e.awaiting_approval`,
  )
  if (!row) return { kind: 'not-found' as const, message: EXPLANATION_NOT_FOUND }
  if (row.user_id === viewer.id) return { kind: 'forbidden' as const, message: ownMessage }
  const hold = await held(db, viewer.id, row.question_id, now)
  if (hold) return hold
  if (!(await standing(db, viewer.id, row.question_id, now)).opened)
    return { kind: 'forbidden' as const, message: NOT_OPENED, code: 'NOT_OPENED' }
  return { kind: 'ok' as const, value: row }
}

/** "Útil" once per student (true), or taken back (false); never on one's own, a hidden one is not found. */
export async function voteExplanation(
  db: Db,
  viewer: Viewer,
  id: number,
  useful: boolean,
  now: Date,
): Promise<Outcome<{ id: number; useful: number; voted: boolean }>> {
  const found = await othersPublished(db, viewer, id, now, OWN_VOTE)
  if (found.kind !== 'ok') return found
  if (useful) await db.insert(explanationVotes).values({ explanationId: id, userId: viewer.id, createdAt: now }).onConflictDoNothing()
  else await db.delete(explanationVotes).where(and(eq(explanationVotes.explanationId, id), eq(explanationVotes.userId, viewer.id)))
  const [row] = await db.select({ n: count() }).from(explanationVotes).where(eq(explanationVotes.explanationId, id))
  return { kind: 'ok', value: { id, useful: Number(row?.n ?? 0), voted: useful } }
}

export async function flagExplanation(db: Db, viewer: Viewer, id: number, reason: string, now: Date): Promise<Outcome<true>> {
  const found = await othersPublished(db, viewer, id, now, OWN_FLAG)
  if (found.kind !== 'ok') return found
  const [row] = await db
    .insert(explanationFlags)
    .values({ explanationId: id, userId: viewer.id, reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: explanationFlags.id })
  return row ? { kind: 'ok', value: true } : { kind: 'conflict', message: ALREADY_FLAGGED }
}

/**
 * The prompt after a right answer is asked once per question: while the student has exactly one
 * right answer to it and no explanation of their own.
 */
export async function askToExplain(db: Db, userId: string, questionId: number) {
  const [row] = await queryRows<{ ask: boolean }>(
    db,
    sql`SELECT (SELECT count(*) FROM attempts WHERE user_id = ${userId} AND question_id = ${questionId} AND correct) = 1
               AND NOT EXISTS (SELECT 1 FROM student_explanations WHERE user_id = ${userId} AND question_id = ${questionId}) AS ask`,
  )
  return Boolean(row?.ask)
}
