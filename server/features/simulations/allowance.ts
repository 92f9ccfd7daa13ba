import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { monthOf, spMidnightSql, weekStart } from '../../domain/time/calendar'
import type { Catalog } from '../plans/index'
import type { Policy } from '../plans/index'
import { planNames } from '../plans/index'
import { planLabel } from '../plans/index'
import { buildPolicy, getRules } from '../plans/index'
import type { SimulationAllowanceJson } from './contract'
import type { SimulationKind } from './messages'
import { PLANS_URL, SIMULATION_KINDS, SIMULATIONS_DISABLED } from './messages'

// Which simulados a plan lets a student start (issue 29): Premium and Pro every kind without
// limit; Gratuito and Básico one "Prova anterior" a month (simulationsPerMonth), the Exame de
// Ordem and personalised ones being the paid plans' (hasSimulations). The admin toggle
// simulationsEnabled closes them to everyone. Months are São Paulo's, read from the server's clock.

export type Owner = { id: string; planName: PlanName }

/** Simulados of each kind the student started this São Paulo month. */
export async function startedThisMonth(db: Db, userId: string, at: Date): Promise<Record<SimulationKind, number>> {
  const { start } = monthOf(at)
  const rows = await queryRows<{ kind: SimulationKind; n: number }>(
    db,
    sql`SELECT kind, count(*)::int AS n FROM simulations
         WHERE user_id = ${userId} AND started_at >= ${spMidnightSql(start)}
         GROUP BY kind`,
  )
  const counts = { exame_ordem: 0, prova_anterior: 0, personalizado: 0 }
  for (const r of rows) counts[r.kind] = r.n
  return counts
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const dayMonth = (date: string) => {
  const [, month, day] = date.split('-')
  return `${day === '01' ? '1º' : day}/${month}`
}

type KindAllowance = SimulationAllowanceJson['prova_anterior']

function kindAllowance(kind: SimulationKind, policy: Policy, catalog: Catalog, used: number, at: Date): KindAllowance {
  const { limits } = policy
  const plan = planLabel(policy.plan_name)
  const refuse = (code: KindAllowance['code'], message: string, limit: number | null): KindAllowance => ({
    allowed: false,
    limit,
    used_this_month: used,
    code,
    message,
  })
  if (!policy.toggles.simulationsEnabled) return refuse('SIMULATIONS_DISABLED', SIMULATIONS_DISABLED, null)
  if (kind !== 'prova_anterior') {
    if (limits.hasSimulations) return { allowed: true, limit: null, used_this_month: used, code: null, message: null }
    const pastExams =
      limits.simulationsPerMonth === 0
        ? ''
        : ` No plano ${plan} você pode fazer ${limits.simulationsPerMonth === -1 ? 'simulados de provas anteriores sem limite' : `${plural(limits.simulationsPerMonth, 'simulado', 'simulados')} de prova anterior por mês`}.`
    return refuse(
      'PLAN_REQUIRED',
      `Os simulados do Exame de Ordem e os personalizados fazem parte dos planos ${planNames(catalog, (l) => l.hasSimulations)}.${pastExams}`,
      null,
    )
  }
  const limit = limits.simulationsPerMonth
  if (limit === -1) return { allowed: true, limit: null, used_this_month: used, code: null, message: null }
  if (limit === 0)
    return refuse(
      'PLAN_REQUIRED',
      `Os simulados de provas anteriores não fazem parte do plano ${plan}. Eles estão nos planos ${planNames(catalog, (l) => l.simulationsPerMonth !== 0)}.`,
      0,
    )
  if (used < limit) return { allowed: true, limit, used_this_month: used, code: null, message: null }
  const unlimited = planNames(catalog, (l) => l.simulationsPerMonth === -1)
  return refuse(
    'SIMULATION_LIMIT',
    `Você já fez ${plural(used, 'simulado', 'simulados')} de prova anterior neste mês, o limite do plano ${plan}. ` +
      `O próximo fica disponível em ${dayMonth(monthOf(at).next)}.${unlimited ? ` Nos planos ${unlimited} os simulados são ilimitados.` : ''}`,
    limit,
  )
}

/** What the student's plan lets them start now, per kind. */
export async function simulationAllowance(db: Db, owner: Owner, at: Date): Promise<SimulationAllowanceJson> {
  const [rules, used] = await Promise.all([getRules(db), startedThisMonth(db, owner.id, at)])
  // Only the plan's limits and the toggles matter here, not the week's question usage.
  const usage = { questionsThisWeek: 0, questionsRemainingThisWeek: null, notebooksCreated: 0, weekStart: weekStart(at) }
  const policy = buildPolicy(owner.planName, rules, usage)
  const kinds = Object.fromEntries(
    SIMULATION_KINDS.map((kind) => [kind, kindAllowance(kind, policy, rules.catalog, used[kind], at)]),
  ) as Record<SimulationKind, KindAllowance>
  return { plan_name: owner.planName, ...kinds, plans_url: PLANS_URL }
}
