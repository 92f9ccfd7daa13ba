// The profile's fixed choices and the birth date's two spellings, apart from the zod rules that use
// them: the profile page and the mascot picker render them without pulling zod into their first
// load (ADR 029).

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
