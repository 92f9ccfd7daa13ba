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
  GRATUITO: { questionsPerWeek: 5, notebooksLimit: 2, hasCommentedQuestions: true, hasNotebooks: true, hasComments: false, hasChat: false, hasAds: true },
  BASICO: { questionsPerWeek: -1, notebooksLimit: 10, hasCommentedQuestions: false, hasNotebooks: true, hasComments: false, hasChat: false, hasAds: true },
  PREMIUM: { questionsPerWeek: -1, notebooksLimit: 50, hasCommentedQuestions: true, hasNotebooks: true, hasComments: true, hasChat: true, hasAds: false },
  PRO: { questionsPerWeek: -1, notebooksLimit: -1, hasCommentedQuestions: true, hasNotebooks: true, hasComments: true, hasChat: true, hasAds: false },
  ADMIN: { questionsPerWeek: -1, notebooksLimit: -1, hasCommentedQuestions: true, hasNotebooks: true, hasComments: true, hasChat: true, hasAds: false },
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
  price: number
  period: '/mês'
  features: string[]
  popular: boolean
}

/** The four plan cards (spec section 9): Gratuito, then the first 6, 11 and 17 features. */
export const DISPLAY_PLANS: DisplayPlan[] = [
  {
    id: 'GRATUITO',
    name: 'Gratuito',
    price: 0,
    period: '/mês',
    features: ['Direito a questões: 5 por semana', PLAN_FEATURES[1], PLAN_FEATURES[2]],
    popular: false,
  },
  { id: 'BASICO', name: 'Básico', price: 20, period: '/mês', features: PLAN_FEATURES.slice(0, 6), popular: false },
  { id: 'PREMIUM', name: 'Premium', price: 35, period: '/mês', features: PLAN_FEATURES.slice(0, 11), popular: true },
  { id: 'PRO', name: 'Pro', price: 50, period: '/mês', features: [...PLAN_FEATURES], popular: false },
]

export function formatPrice(price: number) {
  return price.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
}
