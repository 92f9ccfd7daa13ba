import * as z from 'zod'

// Field rules shared by the API (server/features/auth/schemas.ts, profile) and the Remix forms.
export const PASSWORD_MIN = 6
export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres'
export const PASSWORDS_DIFFER = 'As senhas não coincidem'

/**
 * What the document says of an email field: format email, and the pattern zod's z.email() checks
 * (spaces around it are trimmed first).
 */
export const EMAIL_FORMAT = { format: 'email', pattern: z.regexes.email.source } as const

export const emailField = z
  .string({ error: 'Email é obrigatório' })
  .trim()
  .min(1, 'Email é obrigatório')
  .max(254, 'Email muito longo')
  .pipe(z.email({ error: 'Email inválido' }))
  .meta(EMAIL_FORMAT)

export const passwordField = z
  .string({ error: 'Senha é obrigatória' })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(200, 'A senha deve ter no máximo 200 caracteres')

export const nameField = z.string({ error: 'Nome é obrigatório' }).trim().min(1, 'Nome é obrigatório').max(120, 'Nome muito longo')

export const phoneField = z.string().trim().max(30, 'Telefone muito longo').optional().nullable()
