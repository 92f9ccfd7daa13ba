import type { NotebookAllowance, NotebookDetailJson, NotebookJson, NotebookQuestionsPage } from '../domain/notebooks/notebooks'
import type { ApiClient } from './core'

export type {
  NotebookAllowance,
  NotebookDetailJson,
  NotebookJson,
  NotebookQuestionJson,
  NotebookQuestionsPage,
} from '../domain/notebooks/notebooks'

// Fichário (spec section 7): the typed calls of /notebooks and /questions/{id}/notebooks.

export type NotebooksResponse = { success: true; notebooks: NotebookJson[]; allowance: NotebookAllowance }
export type NotebookInput = { name: string; description?: string | null; color?: string | null }

export function listNotebooks(client: ApiClient) {
  return client.get<NotebooksResponse>('/notebooks')
}

export function createNotebook(client: ApiClient, input: NotebookInput) {
  return client.post<{ success: true; message: string; notebook: NotebookJson }>('/notebooks', { json: input })
}

export function getNotebook(client: ApiClient, id: number) {
  return client.get<{ success: true; notebook: NotebookDetailJson }>(`/notebooks/${id}`)
}

export function updateNotebook(client: ApiClient, id: number, input: Partial<NotebookInput>) {
  return client.put<{ success: true; message: string; notebook: NotebookJson }>(`/notebooks/${id}`, { json: input })
}

export function deleteNotebook(client: ApiClient, id: number) {
  return client.delete<{ success: true; message: string }>(`/notebooks/${id}`)
}

export function listNotebookQuestions(client: ApiClient, id: number, query: { page?: number; per_page?: number } = {}) {
  return client.get<{ success: true } & NotebookQuestionsPage>(`/notebooks/${id}/questions`, { query })
}

export function removeNotebookQuestion(client: ApiClient, id: number, questionId: number) {
  return client.delete<{ success: true; message: string }>(`/notebooks/${id}/questions/${questionId}`)
}

export function getQuestionNotebooks(client: ApiClient, questionId: number) {
  return client.get<{ success: true; notebook_ids: number[] }>(`/questions/${questionId}/notebooks`)
}

/** `notebookIds` is the complete set: notebooks left out lose the question. */
export function setQuestionNotebooks(client: ApiClient, questionId: number, notebookIds: number[]) {
  return client.put<{ success: true; message: string; notebook_ids: number[]; added: number[]; removed: number[] }>(
    `/questions/${questionId}/notebooks`,
    {
      json: { notebook_ids: notebookIds },
    },
  )
}
