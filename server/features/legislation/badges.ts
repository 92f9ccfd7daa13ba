import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { badgesSql, ruleBadgesSql } from '../../domain/legislation'
import type { BADGE_FILTERS, BadgeJson, BadgeQuestionJson, BadgeRowJson } from './contract'
import type { OutdatedDecision } from './messages'
import { BADGES_PER_PAGE } from './messages'

// Staff's word on one question's badge by one change (issue 63 §2, ADR 090): the questions a change
// badges, every change before one question, and the decision itself. What shows is the kernel's one
// rule (badgesSql); the rule alone (ruleBadgesSql) is read beside it so staff see what they override.

type StateRow = {
  rule: boolean
  shown: boolean
  decision: OutdatedDecision | null
  decided_at: Date | string | null
  decided_by: string | null
}
type QuestionRow = { id: number; short_id: string; number: number; exam: string; year: number; discipline: string; statement: string }
type ChangeRow = { change_id: number; label: string; name: string; in_force: string }

const EXCERPT = 140

/** The statement's start as plain text: tags and emphasis marks out, spaces joined. */
function excerpt(statement: string) {
  const flat = statement
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`#]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1).trimEnd()}…` : flat
}

/** Columns over `q`, `lc`, `e` and the override `o` with its author `u`: the badge's state. */
const STATE = sql`${ruleBadgesSql(sql`q`, sql`lc`, sql`e`)} AS rule, ${badgesSql(sql`q`, sql`lc`, sql`e`)} AS shown,
  o.decision, o.decided_at, u.name AS decided_by`
const QUESTION = sql`q.id, q.short_id, q.number, e.name AS exam, q.year, d.name AS discipline, q.statement`
const OVERRIDE = sql`LEFT JOIN question_outdated_overrides o ON o.question_id = q.id AND o.change_id = lc.id
  LEFT JOIN users u ON u.id = o.decided_by`

const state = (r: StateRow) => ({
  rule: Boolean(r.rule),
  decision: r.decision ?? null,
  shown: Boolean(r.shown),
  decided_at: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  decided_by: r.decided_by ?? null,
})
const question = (r: QuestionRow): BadgeQuestionJson => ({
  id: Number(r.id),
  short_id: r.short_id,
  number: Number(r.number),
  exam: r.exam,
  year: Number(r.year),
  discipline: r.discipline,
  excerpt: excerpt(r.statement),
})
const change = (r: ChangeRow) => ({ id: Number(r.change_id), label: r.label, name: r.name, in_force: String(r.in_force).slice(0, 10) })

export type BadgeFilter = (typeof BADGE_FILTERS)[number]
const FILTERS: Record<BadgeFilter, SQL> = {
  rule: sql`o.decision IS NULL`,
  confirm: sql`o.decision = 'confirm'`,
  remove: sql`o.decision = 'remove'`,
}

/**
 * The live questions change `changeId` badges, and those staff decided on (a removed badge stays
 * listed, to be undone), newest first, a page at a time; null when there is no such change.
 */
export async function changeQuestions(db: Db, changeId: number, filter: BadgeFilter | undefined, page: number) {
  const [found] = await queryRows<ChangeRow>(
    db,
    sql`SELECT lc.id AS change_id, lc.label, lc.name, lc.in_force::text AS in_force FROM legislative_changes lc WHERE lc.id = ${changeId}`,
  )
  if (!found) return null
  const rows = await queryRows<QuestionRow & StateRow & { total: number }>(
    db,
    sql`WITH m AS MATERIALIZED (
        SELECT ${QUESTION}, ${STATE}
        FROM legislative_changes lc
        JOIN questions q ON q.removed_at IS NULL
        JOIN exams e ON e.id = q.exam_id
        JOIN disciplines d ON d.id = q.discipline_id
        ${OVERRIDE}
        WHERE lc.id = ${changeId} AND (o.decision IS NOT NULL OR ${ruleBadgesSql(sql`q`, sql`lc`, sql`e`)})
          ${filter ? sql`AND ${FILTERS[filter]}` : sql``})
      SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM m) t
      LEFT JOIN (SELECT * FROM m ORDER BY m.id DESC LIMIT ${BADGES_PER_PAGE} OFFSET ${(page - 1) * BADGES_PER_PAGE}) p ON true`,
  )
  const data: BadgeRowJson[] = rows.filter((r) => r.id !== null).map((r) => ({ question: question(r), ...state(r) }))
  return { change: change(found), data, total: Number(rows[0]?.total ?? 0), page, per_page: BADGES_PER_PAGE }
}

/** Every change before one live question (or one change, `only`), oldest in force first; null when there is no such question. */
export async function questionBadges(db: Db, questionId: number, only?: number) {
  const [q] = await queryRows<QuestionRow>(
    db,
    sql`SELECT ${QUESTION} FROM questions q JOIN exams e ON e.id = q.exam_id JOIN disciplines d ON d.id = q.discipline_id
        WHERE q.id = ${questionId} AND q.removed_at IS NULL`,
  )
  if (!q) return null
  const rows = await queryRows<ChangeRow & StateRow>(
    db,
    sql`SELECT lc.id AS change_id, lc.label, lc.name, lc.in_force::text AS in_force, ${STATE}
        FROM questions q JOIN exams e ON e.id = q.exam_id CROSS JOIN legislative_changes lc
        ${OVERRIDE}
        WHERE q.id = ${questionId} ${only === undefined ? sql`` : sql`AND lc.id = ${only}`}
        ORDER BY lc.in_force, lc.id`,
  )
  const data: BadgeJson[] = rows.map((r) => ({ change: change(r), ...state(r) }))
  return { question: question(q), data }
}

export type BadgeOutcome = { kind: 'ok'; badge: BadgeJson } | { kind: 'question-not-found' } | { kind: 'change-not-found' }

async function outcome(db: Db, questionId: number, changeId: number): Promise<BadgeOutcome> {
  const found = await questionBadges(db, questionId, changeId)
  if (!found) return { kind: 'question-not-found' }
  const [badge] = found.data
  return badge ? { kind: 'ok', badge } : { kind: 'change-not-found' }
}

/** Staff confirm or remove one badge: one row per question and change, the latest word kept. */
export async function decideBadge(
  db: Db,
  userId: string,
  questionId: number,
  changeId: number,
  decision: OutdatedDecision,
  at: Date,
): Promise<BadgeOutcome> {
  // One statement: a question removed or a change deleted meanwhile inserts nothing (no foreign-key 500).
  await db.execute(
    sql`INSERT INTO question_outdated_overrides (question_id, change_id, decision, decided_by, decided_at)
        SELECT q.id, lc.id, ${decision}::text, ${userId}::uuid, ${at}::timestamptz FROM questions q, legislative_changes lc
        WHERE q.id = ${questionId} AND q.removed_at IS NULL AND lc.id = ${changeId}
        ON CONFLICT (question_id, change_id) DO UPDATE SET decision = excluded.decision, decided_by = excluded.decided_by,
          decided_at = excluded.decided_at`,
  )
  return outcome(db, questionId, changeId)
}

/** Staff take their word back: the rule decides again. */
export async function undecideBadge(db: Db, questionId: number, changeId: number): Promise<BadgeOutcome> {
  await db.execute(sql`DELETE FROM question_outdated_overrides WHERE question_id = ${questionId} AND change_id = ${changeId}`)
  return outcome(db, questionId, changeId)
}
