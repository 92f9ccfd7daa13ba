import type { Reveal } from '../domain/questions/answers'
import type { QuestionCard, SearchResult } from '../domain/questions/search'
import type { ApiClient } from './core'

export type { Difficulty } from '../db/schema'
export type { QuestionCard } from '../domain/questions/search'

export type SearchResponse = { success: true } & SearchResult

export type SearchQuery = {
  page?: number
  per_page?: number
  search_term?: string
  discipline_ids?: number[]
  topic_ids?: number[]
  difficulty?: string[]
  year?: number[]
  exam_board?: string[]
  exam?: number[]
  organization?: string[]
  status?: 'unsolved' | 'solved' | 'wrong'
  /** Only questions of this notebook of the caller (404 for anyone else's). */
  notebook_id?: number
  random?: boolean
  seed?: string
}

export type FilterOptions = { years: number[]; exam_boards: string[]; difficulties: string[] }

export type RevealResponse = { success: true } & Reveal

export type AttemptResponse = RevealResponse & { correct: boolean | null; answer: string; elapsed_seconds: number | null }

export function searchQuestions(client: ApiClient, query: SearchQuery) {
  return client.get<SearchResponse>('/questions/search', { query: { ...query, random: query.random ? true : undefined } })
}

export function getFilterOptions(client: ApiClient) {
  return client.get<FilterOptions>('/questions/filter-options')
}

export function getQuestion(client: ApiClient, id: number) {
  return client.get<{ success: true; data: QuestionCard }>(`/questions/${id}`)
}

/** `shownToken`: the card's signed shown-at token (the answer's time); without it the time is unknown. */
export function answerQuestion(client: ApiClient, id: number, answer: string, shownToken?: string | null) {
  return client.post<AttemptResponse>(`/questions/${id}/attempts`, { json: { answer, shown_token: shownToken ?? undefined } })
}

export function revealAnswer(client: ApiClient, id: number) {
  return client.post<RevealResponse>(`/questions/${id}/reveal`)
}

/**
 * The key of a question this user already answered or revealed, without counting it again:
 * what a GET page shows. 404 `Resposta ainda não revelada.` when it was not opened yet.
 */
export function getRevealed(client: ApiClient, id: number) {
  return client.get<RevealResponse>(`/questions/${id}/reveal`)
}

export function reportQuestionError(client: ApiClient, id: number, message: string) {
  return client.post<{ success: true; message: string }>(`/questions/${id}/error-reports`, { json: { message } })
}
