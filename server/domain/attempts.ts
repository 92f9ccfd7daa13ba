import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'
import type { AttemptSource } from '../db/schema'
import { attempts } from '../db/schema'
import { recordReviews } from './review/record'
import type { ReviewOutcome } from './review/scheduler'

// The one way an answer is recorded (ADR 050), whoever gives it: the bank's answer route, a
// delivered simulado, and the answers a phone queued offline (ADR 056). The caller's transaction
// holds the per-question locks, the attempt rows and the review cards together.

export type AnswerToRecord = {
  questionId: number
  /** The letter chosen, upper case. */
  answer: string
  correct: boolean
  /** From the signed shown-at token; null when unknown. */
  elapsedSeconds: number | null
  /** When it was answered (the server's clock, the moment a simulado saved it, or the phone's time offline). */
  at: Date
  /** The phone's id of an answer queued offline: recorded once, whatever the number of syncs. */
  clientId?: string
}

export type RecordedAnswer = {
  attemptId: number
  questionId: number
  elapsedSeconds: number | null
  review: ReviewOutcome | null
  clientId: string | null
}

/**
 * The client ids among `clientIds` this student's attempts already hold: an offline answer synced
 * before (the one rule of offline dedup; recordAnswers applies it again under its locks).
 */
export async function syncedClientIds(db: Db, userId: string, clientIds: string[]) {
  if (!clientIds.length) return new Set<string>()
  const rows = await queryRows<{ client_id: string }>(
    db,
    sql`SELECT client_id FROM attempts WHERE user_id = ${userId} AND client_id = ANY(${sql.param(clientIds)}::text[])`,
  )
  return new Set(rows.map((r) => r.client_id))
}

/**
 * Records one student's answers inside the caller's transaction: the per-question locks (in id
 * order, so two writers never deadlock), the append-only attempt rows (the trigger in
 * server/db/sql/003-question-stats.sql marks the first one under those locks) and one review of
 * each question's FSRS card (Revisão, ADR 047). Annulled questions are the caller's to leave out.
 */
export async function recordAnswers(
  tx: Db,
  userId: string,
  answers: AnswerToRecord[],
  origin: { source: AttemptSource; simulationId?: number } = { source: 'list' },
): Promise<RecordedAnswer[]> {
  if (!answers.length) return []
  const ids = [...new Set(answers.map((a) => a.questionId))].sort((a, b) => a - b)
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('attempt:' || ${userId} || ':' || qid)) FROM unnest(${sql.param(ids)}::int[]) AS qid`,
  )
  // An offline answer already synced (its client id is there) is not recorded again; under the
  // locks above, so two syncs at once cannot both insert it (the unique index would refuse).
  const known = await syncedClientIds(
    tx,
    userId,
    answers.flatMap((a) => (a.clientId ? [a.clientId] : [])),
  )
  const fresh = answers.filter((a) => !a.clientId || !known.has(a.clientId))
  if (!fresh.length) return []
  const inserted = await tx
    .insert(attempts)
    .values(
      fresh.map((a) => ({
        userId,
        questionId: a.questionId,
        answer: a.answer,
        correct: a.correct,
        elapsedSeconds: a.elapsedSeconds,
        source: origin.source,
        simulationId: origin.simulationId ?? null,
        clientId: a.clientId ?? null,
        createdAt: a.at,
      })),
    )
    .returning({
      id: attempts.id,
      questionId: attempts.questionId,
      correct: attempts.correct,
      elapsedSeconds: attempts.elapsedSeconds,
      createdAt: attempts.createdAt,
      clientId: attempts.clientId,
    })
  const reviews = await recordReviews(
    tx,
    userId,
    inserted.map((a) => ({
      attemptId: a.id,
      questionId: a.questionId,
      correct: a.correct,
      elapsedSeconds: a.elapsedSeconds,
      at: a.createdAt,
    })),
  )
  return inserted.map((a) => ({
    attemptId: a.id,
    questionId: a.questionId,
    elapsedSeconds: a.elapsedSeconds,
    review: reviews.get(a.id) ?? null,
    clientId: a.clientId,
  }))
}
