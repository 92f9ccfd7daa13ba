import type { ContactMessageJson, ContactMessagePage } from '../domain/contact/admin'
import type { ContactStatus } from '../domain/contact/reply-values'
import type { ApiClient } from './core'

// Typed calls of the contact queue (server/api/contact-admin.ts).

export type { ContactMessageJson, ContactMessagePage, ContactStatus }

export function listContactMessages(client: ApiClient, options: { status?: ContactStatus; page?: number } = {}) {
  return client.get<ContactMessagePage>('/admin/contact-messages', { query: options })
}

/** Marks it read on the first opening. */
export function getContactMessage(client: ApiClient, id: number) {
  return client.get<ContactMessageJson>(`/admin/contact-messages/${id}`)
}

export function replyToContactMessage(client: ApiClient, id: number, reply: string) {
  return client.post<{ success: true; message: string; contact_message: ContactMessageJson }>(`/admin/contact-messages/${id}/reply`, {
    json: { reply },
  })
}
