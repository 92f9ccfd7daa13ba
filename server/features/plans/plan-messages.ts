import type { PlanName } from '../../db/schema'

/** What a plan allows (spec section 6; the values are the catalogue's rows, server/features/plans/catalog.ts); -1 means unlimited. */
export type PlanLimits = {
  questionsPerWeek: number
  notebooksLimit: number
  hasCommentedQuestions: boolean
  hasNotebooks: boolean
  hasComments: boolean
  hasChat: boolean
  hasAds: boolean
  /** "Prova anterior" simulados a month (-1 unlimited, 0 none). */
  simulationsPerMonth: number
  /** The Exame de Ordem and personalised simulados. */
  hasSimulations: boolean
  /** The study plan (issue 30): Pro's, Premium's at the admin's choice. */
  hasStudyPlan: boolean
}

const PLAN_NAMES: Record<PlanName, string> = {
  GRATUITO: 'Gratuito',
  BASICO: 'Básico',
  PREMIUM: 'Premium',
  PRO: 'Pro',
  ADMIN: 'Administrador',
}

/** Order of the plans from free to most complete: a higher rank is an upgrade. */
export const PLAN_RANK: Record<Exclude<PlanName, 'ADMIN'>, number> = { GRATUITO: 0, BASICO: 1, PREMIUM: 2, PRO: 3 }

/** The name shown for any plan_name, ADMIN included: fixed, the catalogue's rows are keyed by it. */
export function planLabel(id: PlanName) {
  return PLAN_NAMES[id] ?? id
}

/** R$ 35,00 from reais (the plan cards' `price`). */
export function formatPrice(price: number) {
  return price.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
}

/** R$ 35,00 from centavos (amounts charged and stored). */
export function formatCents(cents: number) {
  return formatPrice(cents / 100)
}

/** The Monday (YYYY-MM-DD) after the week starting `weekStart`: when a weekly quota renews. */
export function nextWeekStart(weekStart: string) {
  const [year, month, day] = weekStart.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + 7)).toISOString().slice(0, 10)
}

/** 'renova segunda, 1º/12': the first day of a month is said '1º', as in Brazil. */
export function renewsText(renewsOn: string) {
  const [, month, day] = renewsOn.split('-').map(Number)
  return `renova segunda, ${day === 1 ? '1º' : String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}`
}

/**
 * The weekly-limit message (spec section 8) with the day it renews (issue 27); pure, so pages
 * can show it without the database layer.
 */
export function quotaMessageFor(limit: number, weekStart: string) {
  return `Você atingiu o limite de ${limit} questões por semana do seu plano. Faça upgrade do plano para continuar praticando. Sua cota ${renewsText(nextWeekStart(weekStart))}.`
}
