import { asc, desc } from 'drizzle-orm'

import type { Db } from '../../db/index'
import type { CatalogPlanName } from '../../db/schema'
import { catalogFeatures, catalogPlans, planPrices } from '../../db/schema'
import { referenceDataVersion } from '../../domain/reference-data'
import type { AdminToggle, Toggles } from '../../domain/toggles/names'
import { getToggles } from '../../domain/toggles/store'
import type { AnalysisCoverage } from './analysis-coverage'
import { analysisCoverage, analysisLine } from './analysis-coverage'
import type { PlanLimits } from './plan-messages'
import { formatCents, planLabel } from './plan-messages'

// The plan catalogue (issue 28): what each plan costs, allows and says, read from the rows an
// admin edits on /admin/planos. The policy enforces these limits, the plan cards list these lines,
// the checkout and the renewals charge these prices: one source, so a card never sells what the
// policy refuses.

/**
 * What a plan-card line can stand for. A line is shown only while its capability is delivered:
 * built, with its admin toggle on, and — for a capability a plan may lack — on the plans whose
 * limits grant it. 'service' is something the company offers outside the software, written in
 * by an admin and shown on the plans the admin names.
 */
export const CAPABILITIES = [
  'questions',
  'platform',
  'results',
  'notebooks',
  'stats',
  'filters',
  'progress',
  'analysis',
  'chat',
  'comments',
  'no_ads',
  'simulados',
  'reviews',
  'study_plan',
  'service',
] as const
export type Capability = (typeof CAPABILITIES)[number]

type CapabilityRule = {
  /** For the admin: what backs the line. */
  description: string
  /** False until the software does it: its lines stay hidden. */
  built: boolean
  toggle?: AdminToggle
  /** Plans whose limits grant it; absent when every plan has it. */
  includes?: (limits: PlanLimits) => boolean
  /** Appended to the label from the plan's limits ('Direito a questões: 5 por semana'). */
  detail?: (limits: PlanLimits) => string
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export const CAPABILITY_RULES: Record<Capability, CapabilityRule> = {
  questions: {
    description: 'Questões por semana (limite do plano)',
    built: true,
    detail: (l) => (l.questionsPerWeek === -1 ? 'Ilimitado' : `${l.questionsPerWeek} por semana`),
  },
  platform: { description: 'Acesso à plataforma (todos os planos)', built: true },
  results: { description: 'Gabarito e resultado de cada resposta (todos os planos)', built: true },
  notebooks: {
    description: 'Cadernos (limite do plano; chave Cadernos)',
    built: true,
    toggle: 'notebooksEnabled',
    includes: (l) => l.hasNotebooks && l.notebooksLimit !== 0,
    detail: (l) => (l.notebooksLimit === -1 ? 'cadernos ilimitados' : `até ${plural(l.notebooksLimit, 'caderno', 'cadernos')}`),
  },
  stats: { description: 'Desempenho por questão e no painel (todos os planos)', built: true },
  filters: { description: 'Filtros da busca de questões (todos os planos)', built: true },
  progress: { description: 'Painel com o histórico e as estatísticas (todos os planos)', built: true },
  analysis: {
    description: 'Análise do professor (plano com questões comentadas; chave Análise)',
    built: true,
    toggle: 'commentedQuestionsEnabled',
    includes: (l) => l.hasCommentedQuestions,
  },
  chat: {
    description: 'Assistente de estudos (plano com chat; chave Chat)',
    built: true,
    toggle: 'chatEnabled',
    includes: (l) => l.hasChat,
  },
  comments: {
    description: 'Discussões nas questões (plano com comentários; chave Comentários)',
    built: true,
    toggle: 'commentsEnabled',
    includes: (l) => l.hasComments,
  },
  // Without ads shown to anyone, 'Sem anúncios' would sell nothing.
  no_ads: {
    description: 'Sem anúncios (plano sem anúncios; chave Anúncios)',
    built: true,
    toggle: 'adsEnabled',
    includes: (l) => !l.hasAds,
  },
  simulados: {
    description: 'Simulados do Exame de Ordem, de provas completas do banco e personalizados (plano com simulados; chave Simulados)',
    built: true,
    toggle: 'simulationsEnabled',
    includes: (l) => l.hasSimulations,
    detail: (l) =>
      l.simulationsPerMonth === -1
        ? 'Exame de Ordem, provas completas do banco e personalizados, sem limite'
        : `Exame de Ordem e personalizados; ${plural(l.simulationsPerMonth, 'prova completa', 'provas completas')} do banco por mês`,
  },
  // Every plan schedules its answers for review (issue 30); a limited plan's reviews count against its week as any question.
  reviews: {
    description: 'Revisão diária: a fila de questões a revisar de cada estudante (todos os planos)',
    built: true,
    includes: () => true,
  },
  study_plan: {
    description: 'Plano de estudos: metas da semana até a data da prova (plano com plano de estudos)',
    built: true,
    includes: (l) => l.hasStudyPlan,
  },
  service: { description: 'Serviço fora do software, nos planos escolhidos', built: true },
}

export type CatalogPlan = {
  plan_name: CatalogPlanName
  name: string
  tagline: string
  position: number
  popular: boolean
  limits: PlanLimits
  /** What a month costs from now on (new subscriptions and renewals). */
  price_cents: number
  /** What a year costs from now on; null when the plan is not sold by the year (ADR 042). */
  year_price_cents: number | null
}

export type CatalogFeature = {
  id: number
  label: string
  capability: Capability
  plans: CatalogPlanName[]
  enabled: boolean
  position: number
  /** The analysis line shows only from this many analysed questions up (null: any). */
  min_count: number | null
}

export type Catalog = { plans: CatalogPlan[]; features: CatalogFeature[] }

/** An administrator is no catalogue plan: every limit open. */
export const ADMIN_LIMITS: PlanLimits = {
  questionsPerWeek: -1,
  notebooksLimit: -1,
  hasCommentedQuestions: true,
  hasNotebooks: true,
  hasComments: true,
  hasChat: true,
  hasAds: false,
  simulationsPerMonth: -1,
  hasSimulations: true,
  hasStudyPlan: true,
}

async function loadCatalog(db: Db): Promise<Catalog> {
  const [plans, prices, features] = await Promise.all([
    db.select().from(catalogPlans).orderBy(asc(catalogPlans.position)),
    db
      .selectDistinctOn([planPrices.planName, planPrices.period], {
        planName: planPrices.planName,
        period: planPrices.period,
        amountCents: planPrices.amountCents,
      })
      .from(planPrices)
      .orderBy(planPrices.planName, planPrices.period, desc(planPrices.effectiveAt), desc(planPrices.id)),
    db.select().from(catalogFeatures).orderBy(asc(catalogFeatures.position), asc(catalogFeatures.id)),
  ])
  const price = new Map(prices.map((p) => [`${p.planName}:${p.period}`, p.amountCents]))
  // A yearly row of 0 withdraws the yearly option (ADR 042): 'not offered' keeps its history too.
  const yearly = (plan: CatalogPlanName) => price.get(`${plan}:year`) || null
  return {
    plans: plans.map((p) => ({
      plan_name: p.planName,
      name: planLabel(p.planName),
      tagline: p.tagline,
      position: p.position,
      popular: p.popular,
      limits: {
        questionsPerWeek: p.questionsPerWeek,
        notebooksLimit: p.notebooksLimit,
        hasCommentedQuestions: p.hasCommentedQuestions,
        hasNotebooks: p.hasNotebooks,
        hasComments: p.hasComments,
        hasChat: p.hasChat,
        hasAds: p.hasAds,
        simulationsPerMonth: p.simulationsPerMonth,
        hasSimulations: p.hasSimulations,
        hasStudyPlan: p.hasStudyPlan,
      },
      price_cents: price.get(`${p.planName}:month`) ?? 0,
      year_price_cents: yearly(p.planName),
    })),
    features: features.map((f) => ({
      id: f.id,
      label: f.label,
      capability: (CAPABILITIES as readonly string[]).includes(f.capability) ? (f.capability as Capability) : 'service',
      plans: f.plans,
      enabled: f.enabled,
      position: f.position,
      min_count: f.minCount,
    })),
  }
}

// Every policy reads the catalogue: kept per database and refilled when an admin edit (here or,
// through NOTIFY, on another server) moves the reference-data version (ADR 019).
const cache = new WeakMap<Db, { version: number; catalog: Promise<Catalog> }>()

export function getCatalog(db: Db): Promise<Catalog> {
  const version = referenceDataVersion()
  const hit = cache.get(db)
  if (hit && hit.version === version) return hit.catalog
  const catalog = loadCatalog(db)
  cache.set(db, { version, catalog })
  catalog.catch(() => cache.delete(db))
  return catalog
}

export function catalogPlan(catalog: Catalog, id: CatalogPlanName): CatalogPlan {
  const plan = catalog.plans.find((p) => p.plan_name === id)
  if (!plan) throw new Error(`plano fora do catálogo: ${id}`)
  return plan
}

export function limitsOf(catalog: Catalog, id: CatalogPlanName | 'ADMIN'): PlanLimits {
  if (id === 'ADMIN') return ADMIN_LIMITS
  return catalog.plans.find((p) => p.plan_name === id)?.limits ?? catalogPlan(catalog, 'GRATUITO').limits
}

/** Whether the software delivers a line's capability now (built and switched on). */
export function delivered(feature: Pick<CatalogFeature, 'capability' | 'enabled'>, toggles: Toggles) {
  const rule = CAPABILITY_RULES[feature.capability]
  return feature.enabled && rule.built && (rule.toggle ? toggles[rule.toggle] : true)
}

/**
 * The lines of one plan's card: delivered, granted by its limits (or named, for a service), with
 * their detail. The analysis line states the bank's real coverage, or is left out below the
 * admin's threshold (issue 40): every card, page and preview gets it from here.
 */
export function cardFeatures(catalog: Catalog, toggles: Toggles, plan: CatalogPlan, coverage: AnalysisCoverage): string[] {
  return catalog.features
    .filter((f) => delivered(f, toggles))
    .filter((f) => {
      const rule = CAPABILITY_RULES[f.capability]
      if (f.capability === 'service') return f.plans.includes(plan.plan_name)
      return rule.includes ? rule.includes(plan.limits) : true
    })
    .map((f) => {
      if (f.capability === 'analysis') return analysisLine(f.label, coverage, f.min_count)
      const detail = CAPABILITY_RULES[f.capability].detail?.(plan.limits)
      return detail ? `${f.label}: ${detail}` : f.label
    })
    .filter((line) => line !== null)
}

/** The analysis line as the cards state it today, whatever plan carries it; null when no card shows it. */
export function analysisClaim(catalog: Catalog, toggles: Toggles, coverage: AnalysisCoverage): string | null {
  const line = catalog.features.find((f) => f.capability === 'analysis' && delivered(f, toggles))
  if (!line || !catalog.plans.some((p) => CAPABILITY_RULES.analysis.includes?.(p.limits))) return null
  return analysisLine(line.label, coverage, line.min_count)
}

/** 'Premium e Pro': the catalogue's plans whose limits pass `test`, for messages. */
export function planNames(catalog: Catalog, test: (limits: PlanLimits) => boolean) {
  const names = catalog.plans.filter((p) => test(p.limits)).map((p) => p.name)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}` : (names[0] ?? '')
}

/** The yearly option as the cards show it: 'ou R$ 336,00/ano (R$ 28,00/mês)'; nulls when not sold by the year. */
export function yearOffer(yearCents: number | null) {
  return {
    year_price_cents: yearCents,
    year_price_formatted: yearCents === null ? null : formatCents(yearCents),
    year_monthly_formatted: yearCents === null ? null : formatCents(Math.round(yearCents / 12)),
  }
}

/** The analysis line of the cards now (the landing page states it too). */
export async function currentAnalysisClaim(db: Db) {
  const [catalog, toggles, coverage] = await Promise.all([getCatalog(db), getToggles(db), analysisCoverage(db)])
  return analysisClaim(catalog, toggles, coverage)
}

/** GET /plans: each plan's card, its lines only what the software delivers now. */
export async function planCards(db: Db) {
  const [catalog, toggles, coverage] = await Promise.all([getCatalog(db), getToggles(db), analysisCoverage(db)])
  return catalog.plans.map((plan) => ({
    plan_name: plan.plan_name,
    name: plan.name,
    tagline: plan.tagline,
    price_cents: plan.price_cents,
    price_formatted: formatCents(plan.price_cents),
    period: '/mês' as const,
    ...yearOffer(plan.year_price_cents),
    popular: plan.popular,
    features: cardFeatures(catalog, toggles, plan, coverage),
    limits: plan.limits,
  }))
}
