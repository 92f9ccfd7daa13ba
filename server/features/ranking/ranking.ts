import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { weekStart } from '../../domain/time/calendar'
import type { RankingJson } from './contract'

// Ranking semanal (issue 14): the 20 students with the most right answers this week (the São
// Paulo week of the quota, from Monday 00:00). A right answer counts once per question, so
// answering one question again and again does not climb the list. Admins and students who left
// the ranking (profiles.ranking_opt_out) are not listed; others see only a first name and the
// initial of the last one.

export const RANKING_SIZE = 20

export type Ranking = Omit<RankingJson, 'success'>

/** 'Maria Souza Lima' → 'Maria L.'; one word stays as it is. */
export function publicName(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length <= 1) return words[0] ?? 'Estudante'
  return `${words[0]} ${words[words.length - 1][0].toUpperCase()}.`
}

type Row = { user_id: string; name: string; mascot: string | null; correct: number; position: number }

export async function weeklyRanking(db: Db, userId: string, now: Date): Promise<Ranking> {
  const week = weekStart(now)
  // One statement over this week's row per student (user_week_stats, kept by the trigger on
  // attempts); ties go to fewer answers, then to whoever got there first.
  const rows = await queryRows<Row>(
    db,
    sql`WITH ranked AS (
          SELECT w.user_id, u.name, u.mascot, w.correct,
                 row_number() OVER (ORDER BY w.correct DESC, w.answers, w.last_correct, w.user_id)::int AS position
            FROM user_week_stats w
            JOIN users u ON u.id = w.user_id AND u.plan_name <> 'ADMIN'
            LEFT JOIN profiles p ON p.user_id = w.user_id
           WHERE w.week = ${week}::date AND w.correct > 0 AND NOT coalesce(p.ranking_opt_out, false)
        )
        SELECT user_id::text, name, mascot, correct, position FROM ranked
         WHERE position <= ${RANKING_SIZE} OR user_id = ${userId}
         ORDER BY position`,
  )
  const [opt] = await queryRows<{ opted_out: boolean }>(
    db,
    sql`SELECT coalesce((SELECT ranking_opt_out FROM profiles WHERE user_id = ${userId}), false) AS opted_out`,
  )
  const mine = rows.find((r) => r.user_id === userId)
  return {
    week_start: week,
    entries: rows
      .filter((r) => r.position <= RANKING_SIZE)
      .map((r) => ({ position: r.position, name: publicName(r.name), mascot: r.mascot, correct: r.correct, is_me: r.user_id === userId })),
    me: mine ? { position: mine.position, correct: mine.correct } : null,
    opted_out: opt.opted_out,
  }
}
