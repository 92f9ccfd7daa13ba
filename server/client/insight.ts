import type { QuestionDetails, QuestionInteractions, QuestionStatistics, QuestionVideo } from '../domain/questions/insight'
import type { ApiClient } from './core'

// Question insight (issue 12): statistics, video and its watched mark, interactions, details.

export type {
  AlternativeStats,
  QuestionDetails,
  QuestionInteractions,
  QuestionStatistics,
  QuestionVideo,
  UserAttempt,
  UserStats,
} from '../domain/questions/insight'

/** data null with 'Nenhuma estatística disponível.' when nobody has answered the question yet. */
export type StatisticsResponse = { success: true; data: QuestionStatistics | null; message?: string }
export type VideoResponse = { success: true; data: QuestionVideo }
export type WatchResponse = { success: true; message: string; watchedAt: string | null; data: QuestionVideo }
export type InteractionsResponse = { success: true; data: QuestionInteractions }
export type DetailsResponse = { success: true; data: QuestionDetails & { shown_token?: string } }

export function getStatistics(client: ApiClient, id: number) {
  return client.get<StatisticsResponse>(`/questions/${id}/statistics`)
}

/** 404 'Nenhum vídeo disponível.' (code NO_VIDEO); 422 'Erro ao carregar vídeo.' with detail for a bad link. */
export function getVideo(client: ApiClient, id: number) {
  return client.get<VideoResponse>(`/questions/${id}/video`)
}

export function markVideoWatched(client: ApiClient, id: number) {
  return client.post<WatchResponse>(`/questions/${id}/video/watch`)
}

export function getInteractions(client: ApiClient, id: number) {
  return client.get<InteractionsResponse>(`/questions/${id}/interactions`)
}

export function getQuestionDetails(client: ApiClient, id: number) {
  return client.get<DetailsResponse>(`/questions/${id}/details`)
}
