import { sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { MINUTES_PER_QUESTION } from '../../domain/exame-ordem'
import { exameOrdemPlan } from '../../domain/exams'
import { UNCLASSIFIED_KEY } from '../../domain/import/parse-exam'
import { addDays, spDay, spMidnight, weekStart } from '../../domain/time/calendar'
import { weakestTopics } from '../../domain/weak-topics'
import { getCatalog, planNames } from '../plans/index'
import { getPolicy } from '../plans/index'
import type { StudyPlanJson } from './contract'
import { EXAM_DATE_MESSAGE, PLANS_URL } from './messages'
import { forecast } from './review'

// Plano de estudos (issue 30): the exam date and the hours a week become this week's targets.
// The hours buy questions at the OAB's pace (3.75 minutes each); the review queue's forecast for
// the week comes first, the rest are new questions split over the disciplines by the Exame de
// Ordem's mix (the simulados' mix, ADR 054), each weighted
// up by how often the student misses it. Recomputed on every read from the server's clock.

type User = { id: string; planName: PlanName }
type Week = NonNullable<StudyPlanJson['week']>

/** Live cards due before `end` (the overdue ones included). */
async function dueBefore(db: Db, userId: string, end: Date) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM review_cards c WHERE c.user_id = ${userId} AND c.due < ${end}
          AND c.question_id NOT IN (SELECT id FROM questions WHERE correct_answer IS NULL OR removed_at IS NOT NULL)`,
  )
  return row?.n ?? 0
}

/** Splits `total` in proportion to `weights` (largest remainder), so the parts add up to it. */
export function apportion(total: number, weights: number[]) {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (!sum || total <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (w / sum) * total)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, i] of order) {
    if (left <= 0) break
    parts[i]!++
    left--
  }
  return parts
}

async function thisWeek(db: Db, userId: string, examDate: string, hours: number, now: Date): Promise<Week | null> {
  const today = spDay(now)
  if (examDate < today) return null
  const monday = weekStart(now)
  const start = spMidnight(monday)
  const end = spMidnight(addDays(monday, 7))
  const daysLeft = Math.round((Date.parse(`${examDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
  const [mix, accuracy, newDone, [reviews], dueThisWeek, ahead, weak] = await Promise.all([
    exameOrdemPlan(db),
    queryRows<{ discipline_id: number; attempts: number; correct: number }>(
      db,
      sql`SELECT discipline_id, attempts, correct FROM user_discipline_stats WHERE user_id = ${userId} AND attempts > 0`,
    ),
    // New questions: first answers this week, by discipline.
    queryRows<{ discipline_id: number; n: number }>(
      db,
      sql`SELECT q.discipline_id, count(*)::int AS n FROM attempts a JOIN questions q ON q.id = a.question_id
           WHERE a.user_id = ${userId} AND a.is_first AND a.created_at >= ${start} AND a.created_at <= ${now}
           GROUP BY q.discipline_id`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM review_logs WHERE user_id = ${userId} AND review >= ${start} AND review <= ${now} AND state <> 0`,
    ),
    dueBefore(db, userId, end),
    forecast(db, userId, now),
    weakestTopics(db, userId),
  ])
  // Without any mix, the bank's own spread of classified questions.
  const rows = mix.mix.length
    ? mix.mix.map((m) => ({ discipline_id: m.discipline_id, discipline_name: m.discipline_name, weight: m.count }))
    : await queryRows<{ discipline_id: number; discipline_name: string; weight: number }>(
        db,
        sql`SELECT d.id AS discipline_id, d.name AS discipline_name, count(*)::int AS weight
              FROM questions q JOIN disciplines d ON d.id = q.discipline_id
             WHERE q.removed_at IS NULL AND q.correct_answer IS NOT NULL AND d.name_key <> ${UNCLASSIFIED_KEY}
             GROUP BY d.id, d.name ORDER BY d.name`,
      )
  const acc = new Map(accuracy.map((a) => [a.discipline_id, a.correct / a.attempts]))
  const done = new Map(newDone.map((d) => [d.discipline_id, d.n]))
  const budget = Math.floor((hours * 60) / MINUTES_PER_QUESTION)
  const reviewsDone = reviews?.n ?? 0
  const reviewTarget = Math.min(budget, reviewsDone + dueThisWeek)
  const newTarget = Math.max(0, budget - reviewTarget)
  // A discipline the student misses weighs up to 1.5×, one they master down to 0.5×; unknown 1×.
  const weights = rows.map((r) => r.weight * (acc.has(r.discipline_id) ? 1.5 - acc.get(r.discipline_id)! : 1))
  const targets = apportion(newTarget, weights)
  const round3 = (n: number) => Math.round(n * 1000) / 1000
  return {
    week_start: monday,
    weeks_left: Math.max(1, Math.ceil((daysLeft + 1) / 7)),
    days_left: daysLeft,
    question_budget: budget,
    review_target: reviewTarget,
    new_target: newTarget,
    mix_summary: mix.mix.length ? mix.summary : 'Na proporção das questões classificadas do banco.',
    by_discipline: rows.map((r, i) => ({
      discipline_id: r.discipline_id,
      discipline_name: r.discipline_name,
      target: targets[i] ?? 0,
      done: done.get(r.discipline_id) ?? 0,
      accuracy: acc.has(r.discipline_id) ? round3(acc.get(r.discipline_id)!) : null,
    })),
    weakest_topics: weak.map((w) => ({
      topic_id: w.topic_id,
      topic_name: w.topic,
      discipline_id: w.discipline_id,
      discipline_name: w.discipline,
      attempts: w.total,
      accuracy: round3(w.correct / w.total),
    })),
    forecast: ahead.days,
    progress: {
      new_done: newDone.reduce((a, d) => a + d.n, 0),
      reviews_done: reviewsDone,
      new_target: newTarget,
      review_target: reviewTarget,
    },
  }
}

async function access(db: Db, user: User, now: Date) {
  const [policy, catalog] = await Promise.all([getPolicy(db, user, now), getCatalog(db)])
  if (policy.limits.hasStudyPlan) return { allowed: true as const }
  return {
    allowed: false as const,
    code: 'PLAN_REQUIRED' as const,
    message: `O plano de estudos faz parte dos planos ${planNames(catalog, (l) => l.hasStudyPlan)}.`,
  }
}

export async function getStudyPlan(db: Db, user: User, now: Date): Promise<Omit<StudyPlanJson, 'success'>> {
  const allowed = await access(db, user, now)
  if (!allowed.allowed)
    return { allowed: false, code: allowed.code, message: allowed.message, plans_url: PLANS_URL, plan: null, week: null }
  return readPlan(db, user.id, now)
}

/** The plan and this week's targets of a student whose plan includes it. */
async function readPlan(db: Db, userId: string, now: Date): Promise<Omit<StudyPlanJson, 'success'>> {
  const [row] = await queryRows<{ exam_date: string | null; hours_per_week: number | null }>(
    db,
    sql`SELECT exam_date::text AS exam_date, hours_per_week FROM study_settings WHERE user_id = ${userId}`,
  )
  const plan = row?.exam_date && row.hours_per_week ? { exam_date: row.exam_date, hours_per_week: row.hours_per_week } : null
  return {
    allowed: true,
    code: null,
    message: null,
    plans_url: PLANS_URL,
    plan,
    week: plan ? await thisWeek(db, userId, plan.exam_date, plan.hours_per_week, now) : null,
  }
}

export async function saveStudyPlan(
  db: Db,
  user: User,
  body: { exam_date: string; hours_per_week: number },
  now: Date,
): Promise<DomainOutcome<Omit<StudyPlanJson, 'success'>>> {
  const allowed = await access(db, user, now)
  if (!allowed.allowed) return { kind: 'forbidden', message: allowed.message, code: allowed.code, extra: { plans_url: PLANS_URL } }
  if (body.exam_date < spDay(now)) return { kind: 'invalid', message: EXAM_DATE_MESSAGE }
  await db.execute(sql`
    INSERT INTO study_settings (user_id, exam_date, hours_per_week, updated_at)
    VALUES (${user.id}, ${body.exam_date}::date, ${body.hours_per_week}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET exam_date = excluded.exam_date, hours_per_week = excluded.hours_per_week,
      updated_at = excluded.updated_at`)
  // Access was just checked: the saved plan is read as the GET would show it.
  return { kind: 'ok', value: await readPlan(db, user.id, now) }
}
