import * as z from 'zod'

// Field rules shared by the API (server/api/auth.ts, profile.ts) and the Remix forms.
export const PASSWORD_MIN = 6
export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres'
export const PASSWORDS_DIFFER = 'As senhas não coincidem'

export const emailField = z
  .string({ error: 'Email é obrigatório' })
  .trim()
  .min(1, 'Email é obrigatório')
  .max(254, 'Email muito longo')
  .pipe(z.email({ error: 'Email inválido' }))

export const passwordField = z
  .string({ error: 'Senha é obrigatória' })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(200, 'A senha deve ter no máximo 200 caracteres')

export const nameField = z.string({ error: 'Nome é obrigatório' }).trim().min(1, 'Nome é obrigatório').max(120, 'Nome muito longo')

export const phoneField = z.string().trim().max(30, 'Telefone muito longo').optional().nullable()

export const MASCOTS = ['cat', 'dog', 'fish', 'bird', 'rabbit', 'squirrel'] as const
export const GENDERS = ['masculino', 'feminino', 'outro', 'prefiro_nao_informar'] as const
export const STUDY_TIMES = ['manha', 'tarde', 'noite', 'madrugada'] as const

/** dd/mm/aaaa or aaaa-mm-dd (a date input) → dd/mm/aaaa; null when it is not a real date. */
export function normalizeBirthDate(value: string): string | null {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const [d, m, y] = br ? [br[1], br[2], br[3]] : iso ? [iso[3], iso[2], iso[1]] : []
  if (!d) return null
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return null
  return `${d}/${m}/${y}`
}

/** dd/mm/aaaa → aaaa-mm-dd for a date input. */
export function birthDateToIso(value: string | null | undefined) {
  const br = value ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) : null
  return br ? `${br[3]}-${br[2]}-${br[1]}` : ''
}
