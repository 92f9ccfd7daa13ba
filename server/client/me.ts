import type { ActivityItem, ForumCounts, ForumParticipation, MyNote } from '../domain/me/activity'
import type { MyDataExport } from '../domain/me/export'
import type { DailyAccuracy, DisciplinePerformance, MyStats, WeakTopic } from '../domain/me/stats'
import type { ApiClient } from './core'

export type { ActivityItem, ForumCounts, ForumParticipation, MyNote, QuestionRef } from '../domain/me/activity'
export type { DailyAccuracy, DisciplinePerformance, MyStats, WeakTopic } from '../domain/me/stats'

// The dashboard's figures and lists (GET /me/stats, /me/performance, /me/activity, /me/notes,
// /me/forum), the data export (GET /me/export) and account deletion (DELETE /me).

export function getMyStats(client: ApiClient) {
  return client.get<{ success: true } & MyStats>('/me/stats')
}

export function getMyPerformance(client: ApiClient) {
  return client.get<{ success: true; disciplines: DisciplinePerformance[]; daily: DailyAccuracy[]; weakestTopics: WeakTopic[] }>(
    '/me/performance',
  )
}

export function getMyActivity(client: ApiClient) {
  return client.get<{ success: true; activity: ActivityItem[] }>('/me/activity')
}

export function getMyNotes(client: ApiClient, page = 1) {
  return client.get<{ success: true; notes: MyNote[]; total: number; page: number; perPage: number }>('/me/notes', {
    query: { page },
  })
}

export function getMyForum(client: ApiClient) {
  return client.get<{ success: true; counts: ForumCounts; participations: ForumParticipation[] }>('/me/forum')
}

export function getMyDataExport(client: ApiClient) {
  return client.get<MyDataExport>('/me/export')
}

export function deleteMyAccount(client: ApiClient, confirmacao: string) {
  return client.delete<{ success: true; message: string }>('/me', { json: { confirmacao } })
}
