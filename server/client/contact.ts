import type { ContactInput } from '../domain/contact/schemas'
import type { ApiClient } from './core'

/** POST /contact → 201 with the success message shown to the visitor. */
export type ContactResponse = { success: true; message: string }

/** Sends a contact form message; 400 (invalid field) and 429 (too many) arrive as ApiError. */
export function sendContactMessage(client: ApiClient, input: ContactInput) {
  return client.post<ContactResponse>('/contact', { json: input })
}
