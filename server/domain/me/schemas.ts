import * as z from 'zod'

// The 'Excluir minha conta' form, shared by the page (Conform) and DELETE /me.

export const CONFIRMATION_REQUIRED = 'Digite sua senha para confirmar a exclusão.'
export const WRONG_CONFIRMATION = 'Senha incorreta.'

/** One field: the password, or the account's email for an account made with Google (no password). */
export const DeleteAccountBody = z.object({
  confirmacao: z.string({ error: CONFIRMATION_REQUIRED }).trim().min(1, CONFIRMATION_REQUIRED).max(200, WRONG_CONFIRMATION),
})
