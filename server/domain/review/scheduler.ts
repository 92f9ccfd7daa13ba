import { sql } from 'drizzle-orm'
import type { Card, FSRS, Grade, ReviewLog } from 'ts-fsrs'
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'

// Revisão (issue 30, ADR 047): every answer is a review of its question's FSRS card. The
// scheduler is ts-fsrs's; this module only maps an answer to a rating, keeps the card and its
// log in the database, and is the one place the answer paths (the bank, a delivered simulado,
// the replay of the old attempts) call. Every time here comes from the caller, which reads the
// server's clock (ctx.clock), never the database's now().

/** Right answers slower than this many times the question's typical time are rated Hard. */
export const HARD_TIME_FACTOR = 2
/** A question's typical time needs this many timed answers; with fewer, a right answer is Good. */
export const MIN_TIMED_ANSWERS = 10
export const DEFAULT_RETENTION = 0.9
export const DEFAULT_DAILY_LIMIT = 50
const DAY_MS = 86_400_000

export type RatingName = 'again' | 'hard' | 'good' | 'easy'
export const RATING_NAMES: Record<Grade, RatingName> = {
  [Rating.Again]: 'again',
  [Rating.Hard]: 'hard',
  [Rating.Good]: 'good',
  [Rating.Easy]: 'easy',
}

const schedulers = new Map<number, FSRS>()
/**
 * The scheduler for a desired retention. Fuzz off, so an interval is a pure function of the
 * history (the replay gives the live cards, the tests compute the same values). Short-term
 * (minutes) learning steps off: a question comes back on a later day, never within the hour.
 */
export function schedulerFor(retention: number): FSRS {
  const key = Math.round(retention * 100) / 100
  let f = schedulers.get(key)
  if (!f) {
    f = fsrs(generatorParameters({ request_retention: key, enable_fuzz: false, enable_short_term: false }))
    schedulers.set(key, f)
  }
  return f
}

/** wrong → Again; right → Good, or Hard when it took more than twice the question's typical time. */
export function ratingFor(correct: boolean, elapsedSeconds: number | null, typicalSeconds: number | null): Grade {
  if (!correct) return Rating.Again
  if (elapsedSeconds !== null && typicalSeconds !== null && elapsedSeconds > HARD_TIME_FACTOR * typicalSeconds) return Rating.Hard
  return Rating.Good
}

export type CardRow = {
  user_id: string
  question_id: number
  due: Date | string
  stability: number
  difficulty: number
  elapsed_days: number
  scheduled_days: number
  learning_steps: number
  reps: number
  lapses: number
  state: number
  last_review: Date | string | null
  last_attempt_id: number | null
}

export function toCard(row: CardRow): Card {
  return {
    due: new Date(row.due),
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  }
}

/** Whole days from one instant to another, rounded (the intervals are whole days: fuzz and short steps off). */
export const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS)

export type ReviewOutcome = {
  attempt_id: number | null
  rating: RatingName
  due: string
  interval_days: number
  /** The interval each rating would have given this review (what "Fácil" would change it to). */
  preview: Record<RatingName, number>
}

/** One answer to schedule: its attempt, whether it was right and how long it took. */
export type ReviewInput = { attemptId: number; questionId: number; correct: boolean; elapsedSeconds: number | null; at: Date }

type Pending = { card: Card; log: ReviewLog; attemptId: number | null; questionId: number }

/**
 * Applies answers to one student's cards, in attempt order, and returns each card after it. An
 * answer older than the card's last review (a simulado delivered after the question was answered
 * elsewhere) is reviewed at that last review: FSRS never goes back in time. `chosen` holds the
 * ratings the student gave right answers (Difícil, Bom, Fácil; the replay keeps them).
 */
export function applyReviews(
  f: FSRS,
  cards: Map<number, Card>,
  inputs: ReviewInput[],
  typical: Map<number, number>,
  chosen: ReadonlyMap<number, Grade> = new Map(),
  /** The replay's batches need no preview: ts-fsrs's next() instead of repeat()'s four ratings. */
  previews = true,
): { pending: Pending[]; outcomes: Map<number, ReviewOutcome> } {
  const pending: Pending[] = []
  const outcomes = new Map<number, ReviewOutcome>()
  for (const input of [...inputs].sort((a, b) => a.attemptId - b.attemptId)) {
    const before: Card = cards.get(input.questionId) ?? createEmptyCard<Card>(input.at)
    const last = before.last_review ? new Date(before.last_review) : null
    const at = last && last > input.at ? last : input.at
    const grade =
      (input.correct ? chosen.get(input.attemptId) : undefined) ??
      ratingFor(input.correct, input.elapsedSeconds, typical.get(input.questionId) ?? null)
    const preview = previews ? f.repeat(before, at) : null
    const { card, log } = preview ? preview[grade] : f.next(before, at, grade)
    cards.set(input.questionId, card)
    pending.push({ card, log, attemptId: input.attemptId, questionId: input.questionId })
    if (!preview) continue
    outcomes.set(input.attemptId, {
      attempt_id: input.attemptId,
      rating: RATING_NAMES[grade],
      due: card.due.toISOString(),
      interval_days: daysBetween(at, card.due),
      preview: {
        again: daysBetween(at, preview[Rating.Again].card.due),
        hard: daysBetween(at, preview[Rating.Hard].card.due),
        good: daysBetween(at, preview[Rating.Good].card.due),
        easy: daysBetween(at, preview[Rating.Easy].card.due),
      },
    })
  }
  return { pending, outcomes }
}

/** The student's desired retention (the default without a settings row). */
export async function retentionOf(db: Db, userId: string) {
  const [row] = await queryRows<{ desired_retention: number }>(
    db,
    sql`SELECT desired_retention FROM study_settings WHERE user_id = ${userId}`,
  )
  return row ? Number(row.desired_retention) : DEFAULT_RETENTION
}

/**
 * A question's typical answer time: the mean of its timed answers (question_answer_stats keeps
 * their count and sum; no median is kept), once it has MIN_TIMED_ANSWERS of them.
 */
export async function typicalSeconds(db: Db, questionIds: number[]): Promise<Map<number, number>> {
  if (!questionIds.length) return new Map()
  const rows = await queryRows<{ question_id: number; timed: number; time_sum: number }>(
    db,
    sql`SELECT question_id, sum(timed)::int AS timed, sum(time_sum)::float8 AS time_sum
          FROM question_answer_stats WHERE question_id = ANY(${sql.param(questionIds)}::int[])
         GROUP BY question_id`,
  )
  return new Map(rows.filter((r) => r.timed >= MIN_TIMED_ANSWERS).map((r) => [r.question_id, Number(r.time_sum) / r.timed]))
}

/** Writes cards (upsert) and appends their logs, as arrays: one statement each whatever the count. */
export async function writeReviews(db: Db, userIds: string[] | string, pending: Pending[]) {
  if (!pending.length) return
  const users = typeof userIds === 'string' ? pending.map(() => userIds) : userIds
  // The newest state of each card (several answers to one question in a batch).
  const latest = new Map<string, number>()
  pending.forEach((p, i) => latest.set(`${users[i]}:${p.questionId}`, i))
  const cardRows = [...latest.values()].map((i) => ({ ...pending[i]!, userId: users[i]! }))
  const col = <T>(rows: T[], pick: (r: T) => unknown) => rows.map(pick)
  await db.execute(sql`
    INSERT INTO review_cards (user_id, question_id, due, stability, difficulty, elapsed_days, scheduled_days,
                              learning_steps, reps, lapses, state, last_review, last_attempt_id)
    SELECT * FROM unnest(
      ${sql.param(col(cardRows, (r) => r.userId))}::uuid[], ${sql.param(col(cardRows, (r) => r.questionId))}::int[],
      ${sql.param(col(cardRows, (r) => r.card.due.toISOString()))}::timestamptz[],
      ${sql.param(col(cardRows, (r) => r.card.stability))}::float8[], ${sql.param(col(cardRows, (r) => r.card.difficulty))}::float8[],
      ${sql.param(col(cardRows, (r) => r.card.elapsed_days))}::int[], ${sql.param(col(cardRows, (r) => r.card.scheduled_days))}::int[],
      ${sql.param(col(cardRows, (r) => r.card.learning_steps))}::int[], ${sql.param(col(cardRows, (r) => r.card.reps))}::int[],
      ${sql.param(col(cardRows, (r) => r.card.lapses))}::int[], ${sql.param(col(cardRows, (r) => r.card.state))}::int[],
      ${sql.param(col(cardRows, (r) => r.card.last_review?.toISOString() ?? null))}::timestamptz[],
      ${sql.param(col(cardRows, (r) => r.attemptId))}::int[])
    ON CONFLICT (user_id, question_id) DO UPDATE SET
      due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
      elapsed_days = excluded.elapsed_days, scheduled_days = excluded.scheduled_days,
      learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses,
      state = excluded.state, last_review = excluded.last_review, last_attempt_id = excluded.last_attempt_id`)
  await db.execute(sql`
    INSERT INTO review_logs (user_id, question_id, attempt_id, rating, state, due, stability, difficulty,
                             elapsed_days, last_elapsed_days, scheduled_days, learning_steps, review)
    SELECT * FROM unnest(
      ${sql.param(users)}::uuid[], ${sql.param(col(pending, (p) => p.questionId))}::int[],
      ${sql.param(col(pending, (p) => p.attemptId))}::int[], ${sql.param(col(pending, (p) => p.log.rating))}::int[],
      ${sql.param(col(pending, (p) => p.log.state))}::int[], ${sql.param(col(pending, (p) => new Date(p.log.due).toISOString()))}::timestamptz[],
      ${sql.param(col(pending, (p) => p.log.stability))}::float8[], ${sql.param(col(pending, (p) => p.log.difficulty))}::float8[],
      ${sql.param(col(pending, (p) => p.log.elapsed_days))}::int[], ${sql.param(col(pending, (p) => p.log.last_elapsed_days))}::int[],
      ${sql.param(col(pending, (p) => p.log.scheduled_days))}::int[], ${sql.param(col(pending, (p) => p.log.learning_steps))}::int[],
      ${sql.param(col(pending, (p) => new Date(p.log.review).toISOString()))}::timestamptz[])`)
}

/** Serialises one student's card writes: live answers, a delivered simulado, the replay's batch. */
export async function lockUserCards(tx: Db, userIds: string[]) {
  if (!userIds.length) return
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('review:' || u)) FROM unnest(${sql.param([...userIds].sort())}::text[]) AS u`)
}

export type { Pending }
