import { sql } from 'drizzle-orm'
import type { Grade, ReviewLog } from 'ts-fsrs'
import { Rating } from 'ts-fsrs'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { ownsNotebook } from '../../domain/ownership'
import { loadCards } from '../../domain/questions/search'
import { withShownTokens } from '../../domain/questions/timing'
import type { CardRow, ReviewOutcome } from '../../domain/review/scheduler'
import { daysBetween, lockUserCards, RATING_NAMES, retentionOf, schedulerFor, toCard } from '../../domain/review/scheduler'
import { addDays, spDay, spDaysBetween, spMidnight } from '../../domain/time/calendar'
import { getPolicy } from '../plans/index'
import type { ReviewQueueJson, ReviewSettingsJson, ReviewStatsJson } from './contract'
import type { ChosenRating } from './messages'
import {
  ATTEMPT_NOT_FOUND,
  DAILY_LIMIT_DEFAULT,
  FORECAST_DAYS,
  NOTEBOOK_NOT_FOUND,
  QUEUE_LIMIT_DEFAULT,
  RATE_NOT_LAST,
  RATE_NOT_RIGHT,
  RETENTION_DEFAULT,
  RETENTION_WINDOW_DAYS,
} from './messages'
import type { ReviewSettingsBody } from './schemas'

// Revisão's rules (issue 30, ADR 047): the queue, its numbers, the settings and the ratings a
// student gives a right answer (issue 39).
// `now` is always the server's clock (ctx.clock), never the database's now().

type User = { id: string; planName: PlanName }

/** Cards whose question is gone (removed by a re-import) or annulled are never due. */
const LIVE = sql`c.question_id NOT IN (SELECT id FROM questions WHERE correct_answer IS NULL OR removed_at IS NOT NULL)`

export async function getSettings(db: Db, userId: string): Promise<ReviewSettingsJson> {
  const [row] = await queryRows<{ desired_retention: number; daily_limit: number }>(
    db,
    sql`SELECT desired_retention, daily_limit FROM study_settings WHERE user_id = ${userId}`,
  )
  return {
    desired_retention: row ? Number(row.desired_retention) : RETENTION_DEFAULT,
    daily_limit: row ? row.daily_limit : DAILY_LIMIT_DEFAULT,
  }
}

/** Saves the fields sent; one not sent keeps its saved value (or its default, on a first save). */
export async function saveSettings(db: Db, userId: string, body: ReviewSettingsBody, now: Date): Promise<ReviewSettingsJson> {
  const retention = body.desired_retention === undefined ? null : Math.round(body.desired_retention * 100) / 100
  const limit = body.daily_limit ?? null
  const [row] = await queryRows<{ desired_retention: number; daily_limit: number }>(
    db,
    sql`
    INSERT INTO study_settings (user_id, desired_retention, daily_limit, updated_at)
    VALUES (${userId}, ${retention ?? RETENTION_DEFAULT}, ${limit ?? DAILY_LIMIT_DEFAULT}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET
      desired_retention = COALESCE(${retention}::double precision, study_settings.desired_retention),
      daily_limit = COALESCE(${limit}::integer, study_settings.daily_limit),
      updated_at = excluded.updated_at
    RETURNING desired_retention, daily_limit`,
  )
  return { desired_retention: Number(row!.desired_retention), daily_limit: row!.daily_limit }
}

/** Reviews done on São Paulo's today: answers to questions that already had a card (the first answer creates it). */
async function doneToday(db: Db, userId: string, now: Date) {
  const start = spMidnight(spDay(now))
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM review_logs WHERE user_id = ${userId} AND review >= ${start} AND review <= ${now} AND state <> 0`,
    { prepare: true },
  )
  return row?.n ?? 0
}

export type QueueFilters = { discipline?: number; notebook?: number; limit?: number }

export async function reviewQueue(
  db: Db,
  user: User,
  filters: QueueFilters,
  now: Date,
  secret: string,
): Promise<DomainOutcome<Omit<ReviewQueueJson, 'success'>>> {
  if (filters.notebook && !(await ownsNotebook(db, user.id, filters.notebook))) return { kind: 'not-found', message: NOTEBOOK_NOT_FOUND }
  const where = [sql`c.user_id = ${user.id}`, sql`c.due <= ${now}`, LIVE]
  if (filters.discipline) where.push(sql`c.question_id IN (SELECT id FROM questions WHERE discipline_id = ${filters.discipline})`)
  if (filters.notebook)
    where.push(sql`c.question_id IN (SELECT question_id FROM notebook_questions WHERE notebook_id = ${filters.notebook})`)
  const cond = sql.join(where, sql` AND `)
  const [settings, done, [counted]] = await Promise.all([
    getSettings(db, user.id),
    doneToday(db, user.id, now),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM review_cards c WHERE ${cond}`),
  ])
  const dueNow = counted?.n ?? 0
  const remaining = Math.max(0, Math.min(dueNow, settings.daily_limit - done))
  const take = Math.min(filters.limit ?? QUEUE_LIMIT_DEFAULT, remaining)
  const rows = take
    ? await queryRows<{ question_id: number; due: Date | string; reps: number; lapses: number; last_review: Date | string | null }>(
        db,
        sql`SELECT c.question_id, c.due, c.reps, c.lapses, c.last_review FROM review_cards c WHERE ${cond}
             ORDER BY c.due, c.question_id LIMIT ${take}`,
      )
    : []
  const cards = new Map(
    withShownTokens(
      secret,
      user.id,
      await loadCards(
        db,
        rows.map((r) => r.question_id),
        user.id,
      ),
      now,
    ).map((c) => [c.id, c]),
  )
  const data = rows.flatMap((r) => {
    const question = cards.get(r.question_id)
    if (!question) return []
    const due = new Date(r.due)
    return [
      {
        question_id: r.question_id,
        short_id: question.short_id,
        discipline_id: question.discipline_id,
        discipline_name: question.discipline_name,
        due: due.toISOString(),
        overdue_days: Math.max(0, spDaysBetween(due, now)),
        reps: r.reps,
        lapses: r.lapses,
        last_review: r.last_review ? new Date(r.last_review).toISOString() : null,
        question,
      },
    ]
  })
  return {
    kind: 'ok',
    value: { due_now: dueNow, daily_limit: settings.daily_limit, done_today: done, remaining_today: remaining, data },
  }
}

/** Cards due per São Paulo day from today (today with the overdue ones), and those due now. */
export async function forecast(db: Db, userId: string, now: Date, days = FORECAST_DAYS) {
  const today = spDay(now)
  const ends = Array.from({ length: days }, (_, i) => spMidnight(addDays(today, i + 1)))
  const buckets = sql.join(
    ends.map((end, i) =>
      i === 0
        ? sql`count(*) FILTER (WHERE c.due < ${end})::int`
        : sql`count(*) FILTER (WHERE c.due >= ${ends[i - 1]!} AND c.due < ${end})::int`,
    ),
    sql`, `,
  )
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT count(*) FILTER (WHERE c.due <= ${now})::int AS due_now, ARRAY[${buckets}] AS days
          FROM review_cards c WHERE c.user_id = ${userId} AND c.due < ${ends.at(-1)!} AND ${LIVE}`,
  )
  const counts = (row?.days as unknown as number[]) ?? []
  return {
    dueNow: Number(row?.due_now ?? 0),
    days: ends.map((_, i) => ({ date: addDays(today, i), due: Number(counts[i] ?? 0) })),
  }
}

export async function reviewStats(db: Db, user: User, now: Date): Promise<Omit<ReviewStatsJson, 'success'>> {
  const since = new Date(now.getTime() - RETENTION_WINDOW_DAYS * 86_400_000)
  const [settings, done, ahead, [cards], [retention], policy] = await Promise.all([
    getSettings(db, user.id),
    doneToday(db, user.id, now),
    forecast(db, user.id, now),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM review_cards c WHERE c.user_id = ${user.id} AND ${LIVE}`),
    // Recall measured where FSRS predicts it: reviews of cards already in review (not the first answer).
    queryRows<{ right: number; total: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE rating > 1)::int AS right, count(*)::int AS total FROM review_logs
           WHERE user_id = ${user.id} AND review > ${since} AND review <= ${now} AND state = 2`,
      { prepare: true },
    ),
    getPolicy(db, user, now),
  ])
  const limit = policy.limits.questionsPerWeek
  return {
    cards: cards?.n ?? 0,
    due_now: ahead.dueNow,
    due_today: ahead.days[0]?.due ?? 0,
    done_today: done,
    remaining_today: Math.max(0, Math.min(ahead.dueNow, settings.daily_limit - done)),
    forecast: ahead.days,
    retention: {
      target: settings.desired_retention,
      measured: retention && retention.total ? Math.round((retention.right / retention.total) * 1000) / 1000 : null,
      reviews: retention?.total ?? 0,
    },
    settings,
    quota: {
      limit: limit === -1 ? null : limit,
      used: policy.usage.questionsThisWeek,
      remaining: policy.usage.questionsRemainingThisWeek,
      week_start: policy.usage.weekStart,
    },
  }
}

type LogRow = {
  id: number
  rating: number
  state: number
  due: Date | string
  stability: number
  difficulty: number
  elapsed_days: number
  last_elapsed_days: number
  scheduled_days: number
  learning_steps: number
  review: Date | string
}

const GRADES: Record<ChosenRating, Grade> = { hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy }

/**
 * Difícil, Bom or Fácil: re-rates the last review of this question (made by this attempt, a right
 * one) as the student chose: the card is rolled back to before it (ts-fsrs's rollback over the
 * stored log) and reviewed again at the same time. The choice is kept on the attempt, so a replay
 * keeps it. Idempotent.
 */
export async function rateAnswer(
  db: Db,
  userId: string,
  questionId: number,
  attemptId: number,
  rating: ChosenRating,
): Promise<DomainOutcome<ReviewOutcome>> {
  const grade = GRADES[rating]
  return db.transaction(async (tx) => {
    const [attempt] = await queryRows<{ correct: boolean }>(
      tx,
      sql`SELECT correct FROM attempts WHERE id = ${attemptId} AND user_id = ${userId} AND question_id = ${questionId}`,
    )
    if (!attempt) return { kind: 'not-found' as const, message: ATTEMPT_NOT_FOUND }
    if (!attempt.correct) return { kind: 'conflict' as const, message: RATE_NOT_RIGHT }
    await lockUserCards(tx, [userId])
    const [cardRow] = await queryRows<CardRow>(
      tx,
      sql`SELECT * FROM review_cards WHERE user_id = ${userId} AND question_id = ${questionId}`,
    )
    const [logRow] = await queryRows<LogRow>(
      tx,
      sql`SELECT * FROM review_logs WHERE user_id = ${userId} AND attempt_id = ${attemptId} ORDER BY id DESC LIMIT 1`,
    )
    if (!cardRow || !logRow || cardRow.last_attempt_id !== attemptId) return { kind: 'conflict' as const, message: RATE_NOT_LAST }
    const f = schedulerFor(await retentionOf(tx, userId))
    const log: ReviewLog = {
      ...logRow,
      due: new Date(logRow.due),
      review: new Date(logRow.review),
      stability: Number(logRow.stability),
      difficulty: Number(logRow.difficulty),
    }
    const before = f.rollback(toCard(cardRow), log)
    const at = new Date(logRow.review)
    const preview = f.repeat(before, at)
    const card = preview[grade].card
    if (logRow.rating !== grade) {
      await tx.execute(sql`
        UPDATE review_cards SET due = ${card.due}, stability = ${card.stability}, difficulty = ${card.difficulty},
          elapsed_days = ${card.elapsed_days}, scheduled_days = ${card.scheduled_days}, learning_steps = ${card.learning_steps},
          reps = ${card.reps}, lapses = ${card.lapses}, state = ${card.state}, last_review = ${card.last_review ?? at}
         WHERE user_id = ${userId} AND question_id = ${questionId}`)
      await tx.execute(sql`UPDATE review_logs SET rating = ${grade} WHERE id = ${logRow.id}`)
    }
    // Kept even when it matches the automatic rating: a replay must not recompute it from times that change.
    await tx.execute(sql`UPDATE attempts SET rating = ${grade} WHERE id = ${attemptId}`)
    return {
      kind: 'ok' as const,
      value: {
        attempt_id: attemptId,
        rating: RATING_NAMES[grade],
        due: card.due.toISOString(),
        interval_days: daysBetween(at, card.due),
        preview: {
          again: daysBetween(at, preview[Rating.Again].card.due),
          hard: daysBetween(at, preview[Rating.Hard].card.due),
          good: daysBetween(at, preview[Rating.Good].card.due),
          easy: daysBetween(at, preview[Rating.Easy].card.due),
        },
      },
    }
  })
}
