import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { addDays, spDay } from '../../domain/time/calendar'
import type { DailyAccuracy, DisciplinePerformance, MyStats } from './contract'

// The student's own figures for /dashboard (issue 14; spec section 3, Dashboard data), read
// from the attempts the API stored. Days are São Paulo days, like the weekly quota's weeks.

export const ACCURACY_DAYS = 30

const dayBefore = (day: string, days = 1) => addDays(day, -days)
const previousDay = (day: string) => dayBefore(day)

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

export async function myStats(db: Db, userId: string, now: Date): Promise<MyStats> {
  // The per-day aggregate (ADR 024): the totals, and the answered days of the last 400 (a streak
  // longer than that is reported as 400). At most a few hundred rows, whatever the history.
  const [totals] = await queryRows<{ answered: number; attempts: number; correct: number; seconds: number }>(
    db,
    sql`SELECT coalesce(sum(first_attempts), 0)::int AS answered, coalesce(sum(attempts), 0)::int AS attempts,
               coalesce(sum(correct), 0)::int AS correct, coalesce(sum(time_sum), 0)::int AS seconds
          FROM user_day_stats WHERE user_id = ${userId}`,
  )
  const days = await queryRows<{ day: string }>(
    db,
    sql`SELECT day::text AS day FROM user_day_stats
         WHERE user_id = ${userId} AND attempts > 0 AND day >= ${dayBefore(spDay(now), 401)}::date`,
  )
  return {
    questionsAnswered: totals.answered,
    correctRate: totals.attempts ? Math.round((100 * totals.correct) / totals.attempts) : 0,
    studyStreak: streakFrom(
      days.map((d) => d.day),
      spDay(now),
    ),
    totalStudyTime: totals.seconds,
  }
}

/** Right and total answers per discipline, most answered first. */
export async function myPerformance(db: Db, userId: string): Promise<DisciplinePerformance[]> {
  return queryRows<DisciplinePerformance>(
    db,
    sql`SELECT d.name AS discipline, s.correct, s.attempts AS total
          FROM user_discipline_stats s JOIN disciplines d ON d.id = s.discipline_id
         WHERE s.user_id = ${userId} AND s.attempts > 0
         ORDER BY total DESC, d.name`,
  )
}

/** Right and total answers per São Paulo day over the last 30 days (today included), oldest first. */
export async function myDailyAccuracy(db: Db, userId: string, now: Date): Promise<DailyAccuracy[]> {
  return queryRows<DailyAccuracy>(
    db,
    sql`SELECT day::text AS day, correct, attempts AS total FROM user_day_stats
         WHERE user_id = ${userId} AND attempts > 0 AND day >= ${dayBefore(spDay(now), ACCURACY_DAYS - 1)}::date
         ORDER BY day`,
  )
}

/** The five topics with the lowest share of right answers (only topics with a wrong answer), most answered first on ties. */
