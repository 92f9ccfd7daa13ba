import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'
import type { LegislativeRule } from './legislation-rule'

export * from './legislation-rule'

// "Pode estar desatualizada" (ADR 053): the changes as the rule reads them, and the rule's SQL twin
// (possiblyOutdatedSql) for the filters; the rule itself, pure, in ./legislation-rule.ts.

/**
 * The discipline ids of a change: the admin's links, and while the seed's folded names are kept
 * (no admin has saved the row's disciplines), the disciplines of those names.
 */
const CHANGE_DISCIPLINES = (lc: SQL) => sql`(SELECT l.discipline_id FROM legislative_change_disciplines l WHERE l.change_id = ${lc}.id
     UNION SELECT d.id FROM disciplines d WHERE d.name_key = ANY(${lc}.seed_discipline_keys))`

/** Every change with its disciplines: a handful of rows, read once per search. */
export async function loadLegislativeRules(db: Db): Promise<LegislativeRule[]> {
  const rows = await queryRows<{
    id: number
    label: string
    name: string
    in_force: string | Date
    discipline_ids: number[] | string | null
  }>(
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
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
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
