import type { DisciplinePerformance, MyStats } from '../domain/me/stats'
import type { ApiClient } from './core'

export type { DisciplinePerformance, MyStats } from '../domain/me/stats'

// The dashboard's figures: GET /me/stats and /me/performance.

export function getMyStats(client: ApiClient) {
  return client.get<{ success: true } & MyStats>('/me/stats')
}

export function getMyPerformance(client: ApiClient) {
  return client.get<{ success: true; disciplines: DisciplinePerformance[] }>('/me/performance')
}
