import type { PlanName } from '../db/schema'

/** Limits per plan (spec section 6); -1 means unlimited. */
export type PlanLimits = {
  questionsPerWeek: number
  notebooksLimit: number
  hasCommentedQuestions: boolean
  hasNotebooks: boolean
  hasComments: boolean
  hasChat: boolean
  hasAds: boolean
}

export const PLAN_LIMITS: Record<PlanName, PlanLimits> = {
  GRATUITO: {
    questionsPerWeek: 5,
    notebooksLimit: 2,
    hasCommentedQuestions: true,
    hasNotebooks: true,
    hasComments: false,
    hasChat: false,
    hasAds: true,
  },
  BASICO: {
    questionsPerWeek: -1,
    notebooksLimit: 10,
    hasCommentedQuestions: false,
    hasNotebooks: true,
    hasComments: false,
    hasChat: false,
    hasAds: true,
  },
  PREMIUM: {
    questionsPerWeek: -1,
    notebooksLimit: 50,
    hasCommentedQuestions: true,
    hasNotebooks: true,
    hasComments: true,
    hasChat: true,
    hasAds: false,
  },
  PRO: {
    questionsPerWeek: -1,
    notebooksLimit: -1,
    hasCommentedQuestions: true,
    hasNotebooks: true,
    hasComments: true,
    hasChat: true,
    hasAds: false,
  },
  ADMIN: {
    questionsPerWeek: -1,
    notebooksLimit: -1,
    hasCommentedQuestions: true,
    hasNotebooks: true,
    hasComments: true,
    hasChat: true,
    hasAds: false,
  },
}

/** The 17 display features, in order (spec section 3). */
export const PLAN_FEATURES = [
  'Direito a questões: Ilimitado',
  'Acesso à plataforma',
  'Resultado das questões',
  'Caderno personalizado',
  'Estatísticas de desempenho',
  'Filtros avançados',
  'Chatbot especializado',
  'Explicações detalhadas',
  'Simulados personalizados',
  'Acompanhamento de progresso',
  'Suporte prioritário',
  'IA avançada',
  'Mentoria personalizada',
  'Grupo VIP no Telegram',
  'Aulas ao vivo exclusivas',
  'Material complementar',
  'Garantia de aprovação',
] as const

export type DisplayPlan = {
  id: Exclude<PlanName, 'ADMIN'>
  name: string
  /** Reais per month, for display; priceCents is what is charged. */
  price: number
  priceCents: number
  period: '/mês'
  features: string[]
  popular: boolean
  limits: PlanLimits
}

const plan = (id: DisplayPlan['id'], name: string, priceCents: number, features: readonly string[], popular = false): DisplayPlan => ({
  id,
  name,
  price: priceCents / 100,
  priceCents,
  period: '/mês',
  features: [...features],
  popular,
  limits: PLAN_LIMITS[id],
})

/**
 * The four plans (spec sections 6 and 9): the one list the plan pages, GET /plans, the
 * checkout amounts and the CLI read. Gratuito, then the first 6, 11 and 17 features.
 */
export const DISPLAY_PLANS: DisplayPlan[] = [
  plan('GRATUITO', 'Gratuito', 0, ['Direito a questões: 5 por semana', PLAN_FEATURES[1], PLAN_FEATURES[2]]),
  plan('BASICO', 'Básico', 2000, PLAN_FEATURES.slice(0, 6)),
  plan('PREMIUM', 'Premium', 3500, PLAN_FEATURES.slice(0, 11), true),
  plan('PRO', 'Pro', 5000, PLAN_FEATURES),
]

/** Order of the plans from free to most complete: a higher rank is an upgrade. */
export const PLAN_RANK: Record<DisplayPlan['id'], number> = { GRATUITO: 0, BASICO: 1, PREMIUM: 2, PRO: 3 }

export function displayPlan(id: PlanName): DisplayPlan | undefined {
  return DISPLAY_PLANS.find((p) => p.id === id)
}

/** The name shown for any plan_name, ADMIN included. */
export function planLabel(id: PlanName) {
  return id === 'ADMIN' ? 'Administrador' : (displayPlan(id)?.name ?? id)
}

/** R$ 35,00 from reais (the plan cards' `price`). */
export function formatPrice(price: number) {
  return price.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
}

/** R$ 35,00 from centavos (amounts charged and stored). */
export function formatCents(cents: number) {
  return formatPrice(cents / 100)
}

/** A plan as GET /plans reports it. */
export type PlanJson = {
  plan_name: DisplayPlan['id']
  name: string
  price_cents: number
  price_formatted: string
  period: '/mês'
  popular: boolean
  features: string[]
  limits: PlanLimits
}

export function toPlanJson(p: DisplayPlan): PlanJson {
  return {
    plan_name: p.id,
    name: p.name,
    price_cents: p.priceCents,
    price_formatted: formatCents(p.priceCents),
    period: p.period,
    popular: p.popular,
    features: p.features,
    limits: p.limits,
  }
}

/** The weekly-limit message (spec section 8); pure, so pages can show it without the database layer. */
export function quotaMessageFor(limit: number) {
  return `Você atingiu o limite de ${limit} questões por semana do seu plano. Faça upgrade do plano para continuar praticando.`
}
