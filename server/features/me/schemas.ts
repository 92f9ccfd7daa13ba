import * as z from 'zod'

import { CONFIRMATION_REQUIRED, WRONG_CONFIRMATION } from './messages'

// 'Excluir minha conta': the one rule for the confirmation, shared by the page's form (Conform)
// and DELETE /me's body.

/** The password, or the account's email for an account made with Google (no password). */
const confirmation = z.string({ error: CONFIRMATION_REQUIRED }).trim().min(1, CONFIRMATION_REQUIRED).max(200, WRONG_CONFIRMATION)

/** The page's form: its field keeps the page's own name. */
export const DeleteAccountForm = z.object({ confirmacao: confirmation })

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/**
 * DELETE /me's body: `password` (issue 14's name). The form's old `confirmacao` is still read for
 * one release, when `password` is absent (ADR 038 point 8).
 */
export const DeleteAccountBody = z.preprocess(
  (body) => (isObject(body) && !('password' in body) && 'confirmacao' in body ? { ...body, password: body.confirmacao } : body),
  z.object({
    password: confirmation.meta({ description: 'A senha da conta; numa conta criada com o Google (sem senha), o email dela.' }),
    confirmacao: z.unknown().optional().meta({ deprecated: true, description: 'Nome antigo de password, aceito por mais uma versão.' }),
  }),
)
