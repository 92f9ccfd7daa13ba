import type { ApiClient } from './core'

export type Difficulty = 'FACIL' | 'MEDIO' | 'DIFICIL'

/** A question card as the API sends it: never the answer key or the explanation. */
export type QuestionCard = {
  id: number
  short_id: string
  question_number: number
  discipline_id: number
  discipline_name: string
  exam_id: number
  exam_year: number
  exam_name: string | null
  exam_board: string
  exam_organization: string | null
  difficulty_level: Difficulty
  question_text: string
  alternatives: { letter: string; text_content: string }[]
  is_annulled: boolean
  has_explanation: boolean
  topics: { id: number; name: string }[]
}

export type SearchResponse = {
  success: true
  data: QuestionCard[]
  total: number
  total_exact: boolean
  page: number
  per_page: number
}

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

export type RevealResponse = {
  success: true
  correct_answer: string | null
  explanation: string | null
  annulled: boolean
  message?: string
}

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
