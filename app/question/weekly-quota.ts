// What a limited plan has left this week, said before the limit is reached (issue 27):
// 'Restam 3 de 5 questões nesta semana · renova segunda, 1º/12'. The week is the API's: it starts
// on Monday of the São Paulo calendar (server/features/plans/policy.ts), so it renews the Monday after.

import { nextWeekStart, renewsText } from '#server/features/plans/plan-messages'

export type WeeklyQuota = { remaining: number; limit: number; renewsOn: string }

/** The week's quota of a limited plan from the policy's figures; null when the plan is unlimited. */
export function weeklyQuota(limit: number, used: number, weekStart: string): WeeklyQuota | null {
  if (limit < 0) return null
  return { remaining: Math.max(0, limit - used), limit, renewsOn: nextWeekStart(weekStart) }
}

export function weeklyQuotaText({ remaining, limit, renewsOn }: WeeklyQuota) {
  const left = remaining === 1 ? `Resta 1 de ${limit} questões` : `Restam ${remaining} de ${limit} questões`
  return `${left} nesta semana · ${renewsText(renewsOn)}`
}

/** Said with the verdict of the answer (or reveal) that took the week's last question (issue 61). */
export const LAST_OF_WEEK_MESSAGE = 'Era a sua última questão desta semana.'
