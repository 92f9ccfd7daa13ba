import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Card, Grade } from 'ts-fsrs'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { CardRow, Pending, ReviewInput, ReviewOutcome } from './scheduler'
import {
  applyReviews,
  DEFAULT_RETENTION,
  lockUserCards,
  retentionOf,
  schedulerFor,
  toCard,
  typicalSeconds,
  writeReviews,
} from './scheduler'

// The answer paths' one call (recordReviews) and the one-time replay of the attempts made
// before Revisão existed (ADR 047). The replay walks the users in id order, a batch per
// transaction, and commits its cursor with the batch: restartable, and a batch replayed twice
// gives the same cards (it rebuilds them from the attempts). A live answer of a student the
// replay has not reached yet replays that student first, so no history is lost meanwhile.

/** Whether this student's old attempts are already in their cards (one row read by its key). */
async function isReplayed(db: Db, userId: string) {
  const [row] = await queryRows<{ cursor: string | null; finished_at: Date | null }>(
    db,
    sql`SELECT cursor::text AS cursor, finished_at FROM review_replay WHERE id = 1`,
  )
  if (!row || row.finished_at) return true
  return row.cursor !== null && userId <= row.cursor
}

/**
 * Schedules answers just recorded (inside the caller's transaction, after the attempts were
 * inserted): one student, any number of questions, in attempt order. Annulled questions are the
 * caller's to leave out.
 */
export async function recordReviews(tx: Db, userId: string, inputs: ReviewInput[]): Promise<Map<number, ReviewOutcome>> {
  if (!inputs.length) return new Map()
  await lockUserCards(tx, [userId])
  if (!(await isReplayed(tx, userId))) return (await replayUsers(tx, [userId])).outcomes
  const questionIds = [...new Set(inputs.map((i) => i.questionId))]
  // One after another: a transaction is one connection (pg refuses overlapping queries on it).
  const rows = await queryRows<CardRow>(
    tx,
    sql`SELECT * FROM review_cards WHERE user_id = ${userId} AND question_id = ANY(${sql.param(questionIds)}::int[])`,
  )
  const retention = await retentionOf(tx, userId)
  const typical = await typicalSeconds(tx, questionIds)
  const cards = new Map<number, Card>(rows.map((r) => [r.question_id, toCard(r)]))
  const { pending, outcomes } = applyReviews(schedulerFor(retention), cards, inputs, typical)
  await writeReviews(tx, userId, pending)
  return outcomes
}

type AttemptRow = {
  id: number
  user_id: string
  question_id: number
  correct: boolean
  elapsed_seconds: number | null
  rating: number | null
  created_at: Date | string
}

/**
 * Rebuilds these students' cards and logs from their attempts (the caller's transaction). The
 * ratings the students chose (attempts.rating) are kept. Returns the outcome of every attempt replayed.
 */
export async function replayUsers(
  tx: Db,
  userIds: string[],
  previews = true,
): Promise<{ outcomes: Map<number, ReviewOutcome>; replayed: number }> {
  const outcomes = new Map<number, ReviewOutcome>()
  if (!userIds.length) return { outcomes, replayed: 0 }
  await lockUserCards(tx, userIds)
  const ids = sql.param(userIds)
  const settings = await queryRows<{ user_id: string; desired_retention: number }>(
    tx,
    sql`SELECT user_id::text AS user_id, desired_retention FROM study_settings WHERE user_id = ANY(${ids}::uuid[])`,
  )
  // Annulled questions have no card.
  const attemptRows = await queryRows<AttemptRow>(
    tx,
    sql`SELECT a.id, a.user_id::text AS user_id, a.question_id, a.correct, a.elapsed_seconds, a.rating, a.created_at
          FROM attempts a JOIN questions q ON q.id = a.question_id
         WHERE a.user_id = ANY(${ids}::uuid[]) AND q.correct_answer IS NOT NULL
         ORDER BY a.user_id, a.id`,
  )
  await tx.execute(sql`DELETE FROM review_logs WHERE user_id = ANY(${ids}::uuid[])`)
  await tx.execute(sql`DELETE FROM review_cards WHERE user_id = ANY(${ids}::uuid[])`)
  if (!attemptRows.length) return { outcomes, replayed: 0 }
  const chosen = new Map(attemptRows.filter((a) => a.rating !== null).map((a) => [a.id, a.rating as Grade]))
  const retention = new Map(settings.map((s) => [s.user_id, Number(s.desired_retention)]))
  const typical = await typicalSeconds(tx, [...new Set(attemptRows.map((a) => a.question_id))])
  const pending: Pending[] = []
  const owners: string[] = []
  let start = 0
  while (start < attemptRows.length) {
    const userId = attemptRows[start]!.user_id
    let end = start
    while (end < attemptRows.length && attemptRows[end]!.user_id === userId) end++
    const inputs: ReviewInput[] = attemptRows.slice(start, end).map((a) => ({
      attemptId: a.id,
      questionId: a.question_id,
      correct: a.correct,
      elapsedSeconds: a.elapsed_seconds,
      at: new Date(a.created_at),
    }))
    const applied = applyReviews(schedulerFor(retention.get(userId) ?? DEFAULT_RETENTION), new Map(), inputs, typical, chosen, previews)
    for (const p of applied.pending) {
      pending.push(p)
      owners.push(userId)
    }
    for (const [k, v] of applied.outcomes) outcomes.set(k, v)
    start = end
  }
  await writeReviews(tx, owners, pending)
  return { outcomes, replayed: pending.length }
}

export type ReplayOptions = {
  batchUsers?: number
  logger?: Logger
  now: () => Date
  /** Stop after this many batches (a test's crash). */ maxBatches?: number
}

/** Replays every student's attempts into cards, a batch of students per transaction; resumes from the cursor. */
export async function runReplay(db: Db, options: ReplayOptions) {
  const batch = options.batchUsers ?? 200
  const now = options.now
  const [state] = await queryRows<{ finished_at: Date | null; started_at: Date | null }>(
    db,
    sql`SELECT finished_at, started_at FROM review_replay WHERE id = 1`,
  )
  if (!state || state.finished_at) return { users: 0, attempts: 0, done: true }
  if (!state.started_at) await db.execute(sql`UPDATE review_replay SET started_at = ${now()} WHERE id = 1`)
  let users = 0
  let attempts = 0
  for (let batches = 0; batches < (options.maxBatches ?? Infinity); batches++) {
    const step = await db.transaction(async (tx) => {
      // The row lock keeps two servers from replaying the same batch at once.
      const [row] = await queryRows<{ cursor: string | null; finished_at: Date | null }>(
        tx,
        sql`SELECT cursor::text AS cursor, finished_at FROM review_replay WHERE id = 1 FOR UPDATE`,
      )
      if (!row || row.finished_at) return null
      const next = await queryRows<{ id: string }>(
        tx,
        row.cursor
          ? sql`SELECT id::text AS id FROM users WHERE id > ${row.cursor}::uuid ORDER BY id LIMIT ${batch}`
          : sql`SELECT id::text AS id FROM users ORDER BY id LIMIT ${batch}`,
      )
      if (!next.length) {
        await tx.execute(sql`UPDATE review_replay SET finished_at = ${now()} WHERE id = 1`)
        return null
      }
      const { replayed } = await replayUsers(
        tx,
        next.map((n) => n.id),
        false,
      )
      await tx.execute(
        sql`UPDATE review_replay SET cursor = ${next.at(-1)!.id}::uuid, users = users + ${next.length}, attempts = attempts + ${replayed}
             WHERE id = 1`,
      )
      return { users: next.length, attempts: replayed }
    })
    if (!step) break
    users += step.users
    attempts += step.attempts
    options.logger?.info({ users, attempts }, 'revisão: histórico reproduzido em cartões')
  }
  const [end] = await queryRows<{ finished_at: Date | null }>(db, sql`SELECT finished_at FROM review_replay WHERE id = 1`)
  return { users, attempts, done: Boolean(end?.finished_at) }
}
