import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'
import type { LegislativeRule } from './legislation-rule'

export * from './legislation-rule'

// "Pode estar desatualizada" (ADR 053, 089, 090): the one rule, in SQL (badgesSql: a change's scope,
// the dates and staff's decision), read by the filters, the draw and the card; the changes as the card
// formats them (loadLegislativeRules); the formatting, pure, in ./legislation-rule.ts.

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

/** An int[] as PGlite or pg hands it over. */
export function parseIntArray(value: number[] | string | null): number[] {
  if (Array.isArray(value)) return value.map(Number)
  if (!value) return []
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
}

/**
 * SQL over question `q` and change `lc`: whether the question is in the change's scope (issue 63 §2,
 * ADR 089), whatever the dates. A code replaced whole: every question of its disciplines. Else: the
 * question cites a norm it replaced or an article it changed, or, in its disciplines, its text names
 * a subject it changed, as whole words (the search vector's stems made "publicidade" match "público").
 */
export function inScopeSql(q: SQL, lc: SQL): SQL {
  const ofDisciplines = sql`${q}.discipline_id IN ${CHANGE_DISCIPLINES(lc)}`
  return sql`(CASE WHEN ${lc}.scope_kind = 'discipline' THEN ${ofDisciplines}
    ELSE EXISTS (SELECT 1 FROM question_citations c WHERE c.question_id = ${q}.id
                   AND (c.key = ANY(${lc}.scope_norms) OR c.key || '@' || c.article = ANY(${lc}.scope_articles)))
      OR (${ofDisciplines} AND EXISTS (SELECT 1 FROM unnest(${lc}.scope_terms) t(term)
            WHERE gabarita_fold(${q}.statement || ' ' || ${q}.alternatives::text) ~ ('\\m' || gabarita_fold(t.term) || '\\M')))
    END)`
}

/**
 * SQL over question `q`, change `lc` and the question's exam `le`: the rule's own verdict (ADR 089),
 * in the change's scope and applied before its date in force; with only the exam's year, a year up
 * to the change's (the same year "pode estar": the card says so, changeApplies).
 */
export function ruleBadgesSql(q: SQL, lc: SQL, le: SQL): SQL {
  return sql`(CASE WHEN ${le}.applied_on IS NOT NULL THEN ${le}.applied_on < ${lc}.in_force
                   ELSE ${q}.year <= extract(year FROM ${lc}.in_force)::int END
              AND ${inScopeSql(q, lc)})`
}

/** SQL over question `q` and change `lc`: staff's decision on that badge ('confirm', 'remove'), or null (ADR 090). */
function decisionSql(q: SQL, lc: SQL): SQL {
  return sql`(SELECT o.decision FROM question_outdated_overrides o WHERE o.question_id = ${q}.id AND o.change_id = ${lc}.id)`
}

/**
 * The one rule of "Pode estar desatualizada" (ADR 053, 089, 090): whether change `lc` badges question
 * `q` (its exam `le`). Staff's 'confirm' shows the badge and 'remove' hides it, whatever the scope
 * and the dates; with no decision, the rule's own verdict. The filter, the draw and the card read it.
 */
export function badgesSql(q: SQL, lc: SQL, le: SQL): SQL {
  return sql`coalesce(${decisionSql(q, lc)} = 'confirm', ${ruleBadgesSql(q, lc, le)})`
}

/** SQL over question `q`: the ids of the changes that badge it (the card formats them, outdatedBy). */
export function changesBadgingSql(q = sql`q`): SQL {
  return sql`ARRAY(SELECT lc.id FROM legislative_changes lc JOIN exams le ON le.id = ${q}.exam_id
      WHERE ${badgesSql(q, sql`lc`, sql`le`)} ORDER BY lc.id)`
}

/** SQL over question `q`: true when some change badges it (badgesSql). */
export function possiblyOutdatedSql(q = sql`q`): SQL {
  return sql`EXISTS (SELECT 1 FROM legislative_changes lc JOIN exams le ON le.id = ${q}.exam_id
      WHERE ${badgesSql(q, sql`lc`, sql`le`)})`
}

/** SQL over question `q`: what "Excluir desatualizadas" keeps (neither confirmed nor possibly outdated). */
export function notOutdatedSql(q = sql`q`): SQL {
  return sql`(${q}.outdated_at IS NULL AND NOT ${possiblyOutdatedSql(q)})`
}
