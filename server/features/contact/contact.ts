import type { Db } from '../../db/index'
import { contactMessages } from '../../db/schema'
import type { ContactInput } from './schemas'

// Fale conosco (/contato): what the public form sends is stored for the admins' queue
// (server/features/contact-admin/contact-admin.ts).

/** Stores a message from the contact form; a filled honeypot stores nothing (same answer). */
export async function saveContactMessage(db: Db, input: ContactInput, ip: string | null) {
  if (input.website) return
  await db.insert(contactMessages).values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip })
}
