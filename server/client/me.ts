import type { MyDataExport } from '../domain/me/export'
import type { DisciplinePerformance, MyStats } from '../domain/me/stats'
import type { ApiClient } from './core'

export type { DisciplinePerformance, MyStats } from '../domain/me/stats'

// The dashboard's figures (GET /me/stats, /me/performance) and the data export (GET /me/export).

export function getMyStats(client: ApiClient) {
  return client.get<{ success: true } & MyStats>('/me/stats')
}

export function getMyPerformance(client: ApiClient) {
  return client.get<{ success: true; disciplines: DisciplinePerformance[] }>('/me/performance')
}

export function getMyDataExport(client: ApiClient) {
  return client.get<MyDataExport>('/me/export')
}

export function deleteMyAccount(client: ApiClient, confirmacao: string) {
  return client.delete<{ success: true; message: string }>('/me', { json: { confirmacao } })
}
