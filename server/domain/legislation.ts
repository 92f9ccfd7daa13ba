import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'

// "Pode estar desatualizada" (issue 38 §3, ADR 053): a question may predate a change in its law.
// A change applies to a question when the question's discipline is affected and its exam was
// applied before the date in force; with only the exam's year, a year before the date's year makes
// it probably outdated and the same year possibly so. Both show the same badge. The rule is one
// pure function (outdatedBy) for the cards and its SQL twin (possiblyOutdatedSql) for the filters.

/** A change as the rule reads it. `in_force` is a São Paulo day, YYYY-MM-DD. */
export type LegislativeRule = { id: number; label: string; name: string; in_force: string; discipline_ids: number[] }

/** When the question's exam was applied: the day when known, else only its year. */
export type ExamWhen = { applied_on: string | null; year: number }

/** A change that may have outdated a question; `same_year`: only the year is known, and it is the change's. */
export type PossibleChange = { label: string; name: string; in_force: string; same_year: boolean }

/** How a change bears on a question of this exam: null when it does not. */
export function changeApplies(change: Pick<LegislativeRule, 'in_force'>, exam: ExamWhen): 'before' | 'same_year' | null {
  if (exam.applied_on) return exam.applied_on < change.in_force ? 'before' : null
  const year = Number(change.in_force.slice(0, 4))
  if (exam.year < year) return 'before'
  return exam.year === year ? 'same_year' : null
}

/** The changes that may have outdated a question of this discipline and exam, oldest first. */
export function outdatedBy(rules: LegislativeRule[], disciplineId: number, exam: ExamWhen): PossibleChange[] {
  const found: PossibleChange[] = []
  for (const rule of rules) {
    if (!rule.discipline_ids.includes(disciplineId)) continue
    const how = changeApplies(rule, exam)
    if (how) found.push({ label: rule.label, name: rule.name, in_force: rule.in_force, same_year: how === 'same_year' })
  }
  return found.sort((a, b) => a.in_force.localeCompare(b.in_force) || a.label.localeCompare(b.label))
}

/** The badge's text: 'Pode estar desatualizada: CPC/2015, Reforma trabalhista'. */
export function outdatedBadge(changes: Pick<PossibleChange, 'label'>[]) {
  return changes.length ? `Pode estar desatualizada: ${changes.map((c) => c.label).join(', ')}` : null
}

/** 18/03/2016 from 2016-03-18. */
export function brDay(day: string) {
  const [y, m, d] = day.split('-')
  return `${d}/${m}/${y}`
}

/** The badge's tooltip: each law and its date in force. */
export function outdatedTitle(changes: PossibleChange[]) {
  return changes
    .map((c) => `${c.name}, em vigor desde ${brDay(c.in_force)}${c.same_year ? ' (prova do mesmo ano: verifique a data)' : ''}`)
    .join('; ')
}

/**
 * The discipline ids of a change: the admin's links, and while the seed's folded names are kept
 * (no admin has saved the row's disciplines), the disciplines of those names.
 */
const CHANGE_DISCIPLINES = (lc: SQL) => sql`(SELECT l.discipline_id FROM legislative_change_disciplines l WHERE l.change_id = ${lc}.id
     UNION SELECT d.id FROM disciplines d WHERE d.name_key = ANY(${lc}.seed_discipline_keys))`

/** Every change with its disciplines: a handful of rows, read once per search. */
export async function loadLegislativeRules(db: Db): Promise<LegislativeRule[]> {
  const rows = await queryRows<{ id: number; label: string; name: string; in_force: string | Date; discipline_ids: number[] | string | null }>(
    db,
    sql`SELECT lc.id, lc.label, lc.name, lc.in_force::text AS in_force,
          ARRAY(SELECT x.discipline_id FROM ${CHANGE_DISCIPLINES(sql`lc`)} AS x(discipline_id) ORDER BY 1) AS discipline_ids
        FROM legislative_changes lc ORDER BY lc.in_force, lc.id`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    label: r.label,
    name: r.name,
    in_force: String(r.in_force).slice(0, 10),
    discipline_ids: parseIntArray(r.discipline_ids),
  }))
}

function parseIntArray(value: number[] | string | null): number[] {
  if (Array.isArray(value)) return value.map(Number)
  if (!value) return []
  return value
    .replace(/[{}]/g, '')
    .split(',')
    .filter(Boolean)
    .map(Number)
}

/**
 * SQL over question `q` (its exam joined as needed): true when some change may have outdated it,
 * the same rule as changeApplies.
 */
export function possiblyOutdatedSql(q = sql`q`): SQL {
  return sql`EXISTS (SELECT 1 FROM legislative_changes lc JOIN exams le ON le.id = ${q}.exam_id
      WHERE ${q}.discipline_id IN ${CHANGE_DISCIPLINES(sql`lc`)}
        AND CASE WHEN le.applied_on IS NOT NULL THEN le.applied_on < lc.in_force
                 ELSE ${q}.year <= extract(year FROM lc.in_force)::int END)`
}

/** SQL over question `q`: what "Excluir desatualizadas" keeps (neither confirmed nor possibly outdated). */
export function notOutdatedSql(q = sql`q`): SQL {
  return sql`(${q}.outdated_at IS NULL AND NOT ${possiblyOutdatedSql(q)})`
}
