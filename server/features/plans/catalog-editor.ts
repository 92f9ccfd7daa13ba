import { desc, eq, max } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { catalogFeatures, catalogPlans, planPrices, users } from '../../db/schema'
import { referenceDataChanged } from '../../domain/reference-data'
import type { Tx } from '../../domain/reference-notify'
import { notifyReferenceData } from '../../domain/reference-notify'
import { getToggles } from '../../domain/toggles/store'
import { analysisCoverage, analysisLine } from './analysis-coverage'
import type { Catalog } from './catalog'
import { CAPABILITY_RULES, cardFeatures, delivered, getCatalog } from './catalog'
import type { CatalogView } from './catalog-contract'
import type { CatalogPlanId } from './catalog-messages'
import {
  FREE_HAS_NO_PRICE,
  FREE_HAS_NO_YEAR,
  MIN_COUNT_ONLY_FOR_ANALYSIS,
  ONLY_SERVICES_DELETED,
  PAID_PRICE_MIN,
  PAID_PRICE_MIN_CENTS,
  PLANS_ONLY_FOR_SERVICES,
  YEAR_PRICE_MIN,
} from './catalog-messages'
import type { LineCreateBody, LineUpdateBody, PlanUpdateBody } from './catalog-schemas'
import type { PlanLimits } from './plan-messages'
import { formatCents, PLAN_RANK, planLabel } from './plan-messages'

// The admin side of the plan catalogue (issue 28, /admin/planos). Every write commits with a
// NOTIFY so each server's cached catalogue (server/features/plans/catalog.ts) refills at its next read.

export type CatalogOutcome =
  | { kind: 'ok'; view: CatalogView; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }

export async function catalogView(db: Db): Promise<CatalogView> {
  const [catalog, toggles, coverage, history] = await Promise.all([
    getCatalog(db),
    getToggles(db),
    analysisCoverage(db),
    db
      .select({ price: planPrices, admin: users.name })
      .from(planPrices)
      .leftJoin(users, eq(users.id, planPrices.createdBy))
      .orderBy(desc(planPrices.effectiveAt), desc(planPrices.id)),
  ])
  return {
    plans: catalog.plans.map((plan) => ({
      ...plan,
      price_formatted: formatCents(plan.price_cents),
      year_price_formatted: plan.year_price_cents === null ? null : formatCents(plan.year_price_cents),
      prices: history
        .filter((h) => h.price.planName === plan.plan_name)
        .map((h) => ({
          period: h.price.period,
          amount_cents: h.price.amountCents,
          amount_formatted: h.price.period === 'year' && h.price.amountCents === 0 ? 'Sem plano anual' : formatCents(h.price.amountCents),
          effective_at: h.price.effectiveAt.toISOString(),
          created_by: h.admin,
        })),
      features: cardFeatures(catalog, toggles, plan, coverage),
    })),
    lines: catalog.features.map((line) => ({
      ...line,
      capability_description: CAPABILITY_RULES[line.capability].description,
      service: line.capability === 'service',
      delivered: delivered(line, toggles),
      // The analysis line's count, for the admin to weigh the threshold against.
      coverage:
        line.capability === 'analysis'
          ? { ...coverage, shown: delivered(line, toggles) && analysisLine(line.label, coverage, line.min_count) !== null }
          : null,
    })),
  }
}

/** What `higher` would have less of than `lower`, in the admin's words (-1 is unlimited). */
function lessThan(higher: PlanLimits, lower: PlanLimits): string[] {
  const amount = (n: number) => (n === -1 ? Infinity : n)
  const less: string[] = []
  if (amount(higher.questionsPerWeek) < amount(lower.questionsPerWeek)) less.push('questões por semana')
  if (amount(higher.notebooksLimit) < amount(lower.notebooksLimit) || (lower.hasNotebooks && !higher.hasNotebooks)) less.push('cadernos')
  if (lower.hasCommentedQuestions && !higher.hasCommentedQuestions) less.push('análise do professor')
  if (lower.hasComments && !higher.hasComments) less.push('discussões')
  if (lower.hasChat && !higher.hasChat) less.push('assistente de estudos')
  if (!lower.hasAds && higher.hasAds) less.push('sem anúncios')
  if (amount(higher.simulationsPerMonth) < amount(lower.simulationsPerMonth)) less.push('simulados de prova anterior por mês')
  if (lower.hasSimulations && !higher.hasSimulations) less.push('simulados')
  if (lower.hasStudyPlan && !higher.hasStudyPlan) less.push('plano de estudos')
  return less
}

/** A paid plan never has less than a cheaper one (issue 28): checked on the catalogue as it would be. */
function monotonicError(catalog: Catalog): string | null {
  const ranked = [...catalog.plans].sort((a, b) => PLAN_RANK[a.plan_name] - PLAN_RANK[b.plan_name])
  for (let i = 1; i < ranked.length; i++) {
    const [lower, higher] = [ranked[i - 1], ranked[i]]
    const less = lessThan(higher.limits, lower.limits)
    if (less.length)
      return `O plano ${higher.name} ficaria com menos que o ${lower.name} (${less.join(', ')}): um plano mais caro nunca tem menos.`
  }
  return null
}

async function committed(db: Db, write: (tx: Tx) => Promise<void>, message: string): Promise<CatalogOutcome> {
  await db.transaction(async (tx) => {
    await write(tx)
    await notifyReferenceData(tx)
  })
  referenceDataChanged()
  return { kind: 'ok', view: await catalogView(db), message }
}

export async function updatePlan(db: Db, adminId: string, id: CatalogPlanId, body: PlanUpdateBody, now: Date) {
  if (id === 'GRATUITO' && body.price_cents !== 0) return { kind: 'invalid', message: FREE_HAS_NO_PRICE } as const
  if (id !== 'GRATUITO' && body.price_cents < PAID_PRICE_MIN_CENTS) return { kind: 'invalid', message: PAID_PRICE_MIN } as const
  const year = body.year_price_cents
  if (id === 'GRATUITO' && year != null) return { kind: 'invalid', message: FREE_HAS_NO_YEAR } as const
  if (year != null && year < PAID_PRICE_MIN_CENTS) return { kind: 'invalid', message: YEAR_PRICE_MIN } as const
  const catalog = await getCatalog(db)
  const current = catalog.plans.find((p) => p.plan_name === id)
  const limits: PlanLimits = {
    questionsPerWeek: body.questions_per_week,
    notebooksLimit: body.notebooks_limit,
    hasCommentedQuestions: body.has_commented_questions,
    hasNotebooks: body.has_notebooks,
    hasComments: body.has_comments,
    hasChat: body.has_chat,
    hasAds: body.has_ads,
    simulationsPerMonth: body.simulations_per_month ?? current?.limits.simulationsPerMonth ?? 0,
    hasSimulations: body.has_simulations ?? current?.limits.hasSimulations ?? false,
    hasStudyPlan: body.has_study_plan ?? current?.limits.hasStudyPlan ?? false,
  }
  if (!current) return { kind: 'not-found' } as const
  const error = monotonicError({ ...catalog, plans: catalog.plans.map((p) => (p.plan_name === id ? { ...p, limits } : p)) })
  if (error) return { kind: 'invalid', message: error } as const
  const priceChanged = current.price_cents !== body.price_cents
  // Absent: unchanged; null: no longer sold by the year (a row of 0, so the history shows when).
  const yearChanged = year !== undefined && year !== current.year_price_cents
  const saved = [
    priceChanged ? `o novo preço, ${formatCents(body.price_cents)},` : null,
    yearChanged ? (year === null ? 'o fim do plano anual' : `o novo preço anual, ${formatCents(year)},`) : null,
  ].filter(Boolean)
  const said = saved.join(' e ')
  return committed(
    db,
    async (tx) => {
      await tx
        .update(catalogPlans)
        .set({ tagline: body.tagline, popular: body.popular, ...limits, updatedAt: now })
        .where(eq(catalogPlans.planName, id))
      // A new row, never an edit: the history shows what each period was sold at.
      if (priceChanged)
        await tx.insert(planPrices).values({ planName: id, amountCents: body.price_cents, effectiveAt: now, createdBy: adminId })
      if (yearChanged)
        await tx.insert(planPrices).values({ planName: id, period: 'year', amountCents: year ?? 0, effectiveAt: now, createdBy: adminId })
    },
    said
      ? `Plano ${planLabel(id)} salvo. ${said[0].toUpperCase()}${said.slice(1)} ${saved.length > 1 ? 'valem' : 'vale'} para novas assinaturas e renovações; períodos já pagos não mudam.`
      : `Plano ${planLabel(id)} salvo.`,
  )
}

export async function createLine(db: Db, body: LineCreateBody): Promise<CatalogOutcome> {
  const [{ last }] = await db.select({ last: max(catalogFeatures.position) }).from(catalogFeatures)
  return committed(
    db,
    async (tx) => {
      await tx
        .insert(catalogFeatures)
        .values({ label: body.label, capability: 'service', plans: body.plans, enabled: body.enabled, position: (last ?? 0) + 1 })
    },
    body.enabled ? `Linha “${body.label}” criada e ligada.` : `Linha “${body.label}” criada, desligada: ligue-a quando o serviço existir.`,
  )
}

export async function updateLine(db: Db, id: number, body: LineUpdateBody, now: Date): Promise<CatalogOutcome> {
  const [line] = await db.select().from(catalogFeatures).where(eq(catalogFeatures.id, id))
  if (!line) return { kind: 'not-found' }
  if (body.plans && line.capability !== 'service') return { kind: 'invalid', message: PLANS_ONLY_FOR_SERVICES }
  if (body.min_count !== undefined && line.capability !== 'analysis') return { kind: 'invalid', message: MIN_COUNT_ONLY_FOR_ANALYSIS }
  const label = body.label ?? line.label
  return committed(
    db,
    async (tx) => {
      await tx
        .update(catalogFeatures)
        .set({ label, enabled: body.enabled, position: body.position, plans: body.plans, minCount: body.min_count, updatedAt: now })
        .where(eq(catalogFeatures.id, id))
    },
    body.enabled === undefined ? `Linha “${label}” salva.` : `Linha “${label}” ${body.enabled ? 'ligada' : 'desligada'}.`,
  )
}

export async function deleteLine(db: Db, id: number): Promise<CatalogOutcome> {
  const [line] = await db.select().from(catalogFeatures).where(eq(catalogFeatures.id, id))
  if (!line) return { kind: 'not-found' }
  if (line.capability !== 'service') return { kind: 'conflict', message: ONLY_SERVICES_DELETED }
  return committed(
    db,
    async (tx) => {
      await tx.delete(catalogFeatures).where(eq(catalogFeatures.id, id))
    },
    `Linha “${line.label}” excluída.`,
  )
}
