// The contact queue's values and messages, zod-free: the admin page renders them without zod in
// its first load (ADR 029), and the contract, the router and the domain share them.

/** Derived from read_at / replied_at: nova (unread), lida (read, no reply yet), respondida. */
export const CONTACT_STATUSES = ['nova', 'lida', 'respondida'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { nova: 'Nova', lida: 'Lida', respondida: 'Respondida' }

export const CONTACT_REPLY_MAX = 5000

export const CONTACT_PAGE_SIZE = 20

export const CONTACT_MESSAGE_NOT_FOUND = 'Mensagem de contato não encontrada.'
export const ALREADY_REPLIED = 'Esta mensagem já foi respondida.'
export const REPLY_MAIL_FAILED = 'Não foi possível enviar o email agora; a mensagem continua sem resposta. Tente novamente.'
