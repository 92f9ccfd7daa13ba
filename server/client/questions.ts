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
  random?: boolean
  seed?: string
}

export type FilterOptions = { years: number[]; exam_boards: string[]; difficulties: string[] }

export type RevealResponse = { success: true } & Reveal

export type AttemptResponse = RevealResponse & { correct: boolean | null; answer: string }

export type DisciplinesResponse = { success: true; data: { id: number; name: string; topics: { id: number; name: string }[] }[] }

export function searchQuestions(client: ApiClient, query: SearchQuery) {
  return client.get<SearchResponse>('/questions/search', { query: { ...query, random: query.random ? true : undefined } })
}

export function getFilterOptions(client: ApiClient) {
  return client.get<FilterOptions>('/questions/filter-options')
}

export function getQuestion(client: ApiClient, id: number) {
  return client.get<{ success: true; data: QuestionCard }>(`/questions/${id}`)
}

export function answerQuestion(client: ApiClient, id: number, answer: string) {
  return client.post<AttemptResponse>(`/questions/${id}/attempts`, { json: { answer } })
}

export function revealAnswer(client: ApiClient, id: number) {
  return client.post<RevealResponse>(`/questions/${id}/reveal`)
}

export function reportQuestionError(client: ApiClient, id: number, message: string) {
  return client.post<{ success: true; message: string }>(`/questions/${id}/error-reports`, { json: { message } })
}

export function getDisciplines(client: ApiClient) {
  return client.get<DisciplinesResponse | DisciplinesResponse['data']>('/disciplines')
}
