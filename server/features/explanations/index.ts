import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { ExplanationJson } from './contract'
import { rankedExplanations, toJson } from './explanations'

// The face of Explicações de alunos for the other features: what the answer shows (questions),
// what the desk offers to promote (analyses), what the plan cards and the dashboards count (plans,
// admin). Students' explanations are counted apart from professors' analyses, always.

export type { ExplanationJson } from './contract'
export { askToExplain } from './explanations'

export type StudentExplanations = {
  /** The most useful published one (ADR 085); null without any. */
  student_explanation: ExplanationJson | null
  /** How many are published. */
  student_explanations: number
}

/** Under the verdict: the best published explanation and how many there are. */
export async function studentExplanationsOf(db: Db, questionId: number, year: number, viewerId: string): Promise<StudentExplanations> {
  const ranked = await rankedExplanations(db, questionId, viewerId)
  return { student_explanation: ranked[0] ? toJson(ranked[0], viewerId, year) : null, student_explanations: ranked.length }
}

/** What the analysis desk shows of a question: its best published explanations, with the author for the credit. */
export async function deskExplanations(db: Db, questionId: number, limit: number) {
  const ranked = await rankedExplanations(db, questionId, null)
  return ranked.slice(0, limit).map((r) => ({ id: Number(r.id), author: r.author_name, useful: r.useful, text: r.content }))
}

/** The author to credit when a professor promotes this explanation: a published one of this question, else null. */
export async function promotableExplanation(db: Db, questionId: number, id: number) {
  const found = (await rankedExplanations(db, questionId, null)).find((r) => Number(r.id) === id)
  return found ? found.author_name : null
}

/** Live questions with at least one published student explanation (never counted as an analysis). */
export async function explainedQuestions(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT e.question_id)::int AS n FROM student_explanations e JOIN questions q ON q.id = e.question_id
         WHERE q.removed_at IS NULL AND e.hidden_at IS NULL AND NOT e.awaiting_approval`,
  )
  return Number(row?.n ?? 0)
}

/** How many published student explanations each question has (the desk's queue). */
export async function explanationCounts(db: Db, questionIds: number[]): Promise<Map<number, number>> {
  if (!questionIds.length) return new Map()
  const rows = await queryRows<{ question_id: number; n: number }>(
    db,
    sql`SELECT question_id, count(*)::int AS n FROM student_explanations
         WHERE question_id IN (${sql.join(questionIds, sql`, `)}) AND hidden_at IS NULL AND NOT awaiting_approval
         GROUP BY question_id`,
  )
  return new Map(rows.map((r) => [Number(r.question_id), Number(r.n)]))
}
