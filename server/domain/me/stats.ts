import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'

// The student's own figures for /dashboard (issue 14; spec section 3, Dashboard data), read
// from the attempts the API stored. Days are São Paulo days, like the weekly quota's weeks.

const ZONE = 'America/Sao_Paulo'

export type MyStats = {
  /** Distinct questions answered at least once. */
  questionsAnswered: number
  /** Share of all answers that were right, rounded percent (0 with no answers). */
  correctRate: number
  /** Consecutive São Paulo days with at least one answer, up to today; today without one yet does not break it. */
  studyStreak: number
  /** Seconds spent on the answers whose time is known (the signed shown-at token, ADR 018). */
  totalStudyTime: number
}

export type DisciplinePerformance = { discipline: string; correct: number; total: number }

/** The São Paulo calendar date of an instant, as YYYY-MM-DD. */
export function saoPauloDay(at: Date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

function previousDay(day: string) {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}

/** Days counted back from today (or from yesterday when today has no answer yet). */
export function streakFrom(days: string[], today: string) {
  const answered = new Set(days)
  let day = answered.has(today) ? today : previousDay(today)
  let streak = 0
  while (answered.has(day)) {
    streak += 1
    day = previousDay(day)
  }
  return streak
}

export async function myStats(db: Db, userId: string, now = new Date()): Promise<MyStats> {
  // Two indexed reads on attempts (user_id, created_at): the totals, and the distinct days of the
  // last 400 (a streak longer than that is reported as 400).
  const [totals] = await queryRows<{ answered: number; attempts: number; correct: number; seconds: number }>(
    db,
    sql`SELECT count(DISTINCT question_id)::int AS answered, count(*)::int AS attempts,
               count(*) FILTER (WHERE correct)::int AS correct, coalesce(sum(elapsed_seconds), 0)::int AS seconds
          FROM attempts WHERE user_id = ${userId}`,
  )
  const days = await queryRows<{ day: string }>(
    db,
    sql`SELECT DISTINCT to_char(created_at AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS day
          FROM attempts
         WHERE user_id = ${userId} AND created_at >= ${new Date(now.getTime() - 401 * 86_400_000).toISOString()}::timestamptz`,
  )
  return {
    questionsAnswered: totals.answered,
    correctRate: totals.attempts ? Math.round((100 * totals.correct) / totals.attempts) : 0,
    studyStreak: streakFrom(
      days.map((d) => d.day),
      saoPauloDay(now),
    ),
    totalStudyTime: totals.seconds,
  }
}

/** Right and total answers per discipline, most answered first. */
export async function myPerformance(db: Db, userId: string): Promise<DisciplinePerformance[]> {
  return queryRows<DisciplinePerformance>(
    db,
    sql`SELECT d.name AS discipline, count(*) FILTER (WHERE a.correct)::int AS correct, count(*)::int AS total
          FROM attempts a
          JOIN questions q ON q.id = a.question_id
          JOIN disciplines d ON d.id = q.discipline_id
         WHERE a.user_id = ${userId}
         GROUP BY d.name
         ORDER BY total DESC, d.name`,
  )
}
