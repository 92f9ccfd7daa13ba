import { sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { officialMix, simulationMix } from '../../db/schema'
import { anyOf, bookletPlan, exameOrdemPlan } from '../../domain/exams'
import { UNCLASSIFIED_KEY } from '../../domain/import/parse-exam'
import { nameKey } from '../../domain/text'
import { spMidnightSql, weekStart } from '../../domain/time/calendar'
import type { ExameOrdemPlanJson } from './contract'
import type { SimulationKind } from './messages'
import { SIMULATION_KINDS, UNCLASSIFIED_IN_MIX } from './messages'
import type { MixBody, OfficialMixBody } from './schemas'

// The admin's side of the simulados (issue 29): the Exame de Ordem's discipline mix (a table
// that replaces the booklet's when set) and this week's figures.

export async function mixView(db: Db) {
  const [effective, booklet] = await Promise.all([exameOrdemPlan(db), bookletPlan(db)])
  return { table: effective.source === 'admin' ? effective.mix : [], booklet, effective }
}

/** Replaces the whole table ([] clears it: the booklet's mix holds again). */
export async function setMix(
  db: Db,
  body: MixBody,
  at: Date,
): Promise<DomainOutcome<{ table: ExameOrdemPlanJson['mix']; effective: ExameOrdemPlanJson }>> {
  const ids = body.mix.map((m) => m.discipline_id)
  if (ids.length) {
    const known = await queryRows<{ id: number; name_key: string }>(
      db,
      sql`SELECT id, name_key FROM disciplines WHERE id = ${anyOf(ids, 'int')}`,
    )
    const missing = ids.filter((id) => !known.some((k) => k.id === id))
    if (missing.length) return { kind: 'invalid', message: `Disciplina não encontrada: ${missing.join(', ')}.` }
    if (known.some((k) => k.name_key === UNCLASSIFIED_KEY)) return { kind: 'invalid', message: UNCLASSIFIED_IN_MIX }
  }
  await db.transaction(async (tx) => {
    await tx.delete(simulationMix)
    if (body.mix.length)
      await tx.insert(simulationMix).values(body.mix.map((m) => ({ disciplineId: m.discipline_id, count: m.count, updatedAt: at })))
  })
  const view = await mixView(db)
  return { kind: 'ok', value: { table: view.table, effective: view.effective } }
}

export type OfficialLine = { name: string; count: number; in_bank: boolean }

/** The official distribution kept as data, in the booklet's order, and whether the bank has each discipline. */
export async function officialView(db: Db): Promise<OfficialLine[]> {
  return queryRows<OfficialLine>(
    db,
    sql`SELECT o.name, o.count, (d.id IS NOT NULL) AS in_bank
          FROM official_mix o LEFT JOIN disciplines d ON d.name_key = o.name_key ORDER BY o.position`,
  )
}

/** Replaces the official distribution (the mix when no booklet qualifies and no table is set). */
export async function setOfficial(db: Db, body: OfficialMixBody, at: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(officialMix)
    await tx
      .insert(officialMix)
      .values(
        body.lines.map((line, i) => ({ nameKey: nameKey(line.name), name: line.name, count: line.count, position: i + 1, updatedAt: at })),
      )
  })
  return { lines: await officialView(db), effective: await exameOrdemPlan(db) }
}

/** Simulados started and finished this São Paulo week (Monday on). */
export async function weekStats(db: Db, at: Date) {
  const week = weekStart(at)
  const rows = await queryRows<{ kind: SimulationKind; started: number; finished: number }>(
    db,
    sql`WITH w AS (SELECT ${spMidnightSql(week)} AS since)
        SELECT kind,
               count(*) FILTER (WHERE started_at >= w.since)::int AS started,
               count(*) FILTER (WHERE finished_at >= w.since)::int AS finished
          FROM simulations, w
         WHERE started_at >= w.since OR finished_at >= w.since
         GROUP BY kind`,
  )
  const byKind = SIMULATION_KINDS.map((kind) => {
    const r = rows.find((x) => x.kind === kind)
    return { kind, started: r?.started ?? 0, finished: r?.finished ?? 0 }
  })
  return {
    week_start: week,
    started: byKind.reduce((s, k) => s + k.started, 0),
    finished: byKind.reduce((s, k) => s + k.finished, 0),
    by_kind: byKind,
  }
}
