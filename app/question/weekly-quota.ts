// What a limited plan has left this week, said before the limit is reached (issue 27):
// 'Restam 3 de 5 questões nesta semana · renova segunda, 1º/12'. The week is the API's: it starts
// on Monday of the São Paulo calendar (server/domain/policy.ts), so it renews the Monday after.

export type WeeklyQuota = { remaining: number; limit: number; renewsOn: string }

/** The week's quota of a limited plan from the policy's figures; null when the plan is unlimited. */
export function weeklyQuota(limit: number, used: number, weekStart: string): WeeklyQuota | null {
  if (limit < 0) return null
  const [year, month, day] = weekStart.split('-').map(Number)
  const next = new Date(Date.UTC(year, month - 1, day + 7))
  return { remaining: Math.max(0, limit - used), limit, renewsOn: next.toISOString().slice(0, 10) }
}

/** 'renova segunda, 1º/12': the first day of a month is said '1º', as in Brazil. */
export function renewsText(renewsOn: string) {
  const [, month, day] = renewsOn.split('-').map(Number)
  return `renova segunda, ${day === 1 ? '1º' : String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}`
}

export function weeklyQuotaText({ remaining, limit, renewsOn }: WeeklyQuota) {
  const left = remaining === 1 ? `Resta 1 de ${limit} questões` : `Restam ${remaining} de ${limit} questões`
  return `${left} nesta semana · ${renewsText(renewsOn)}`
}
