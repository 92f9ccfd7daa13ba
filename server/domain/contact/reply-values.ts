// The contact queue's values, zod-free: the admin page renders them without zod in its first
// load (ADR 029).

/** Derived from read_at / replied_at: nova (unread), lida (read, no reply yet), respondida. */
export const CONTACT_STATUSES = ['nova', 'lida', 'respondida'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { nova: 'Nova', lida: 'Lida', respondida: 'Respondida' }

export const CONTACT_REPLY_MAX = 5000
