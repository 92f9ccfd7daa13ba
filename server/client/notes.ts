import type { NoteJson } from '../domain/notes/notes'
import type { ApiClient } from './core'

export type { NoteJson } from '../domain/notes/notes'

// Anotação (spec section 7): the typed calls of /questions/{id}/notes.

export type NotesResponse = { success: true; notes: NoteJson[] }
export type NoteResponse = { success: true; message: string; note: NoteJson }

export function listNotes(client: ApiClient, questionId: number) {
  return client.get<NotesResponse>(`/questions/${questionId}/notes`)
}

export function createNote(client: ApiClient, questionId: number, content: string) {
  return client.post<NoteResponse>(`/questions/${questionId}/notes`, { json: { content } })
}

export function updateNote(client: ApiClient, questionId: number, noteId: number, content: string) {
  return client.put<NoteResponse>(`/questions/${questionId}/notes/${noteId}`, { json: { content } })
}

export function deleteNote(client: ApiClient, questionId: number, noteId: number) {
  return client.delete<{ success: true; message: string }>(`/questions/${questionId}/notes/${noteId}`)
}
