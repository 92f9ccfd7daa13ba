import type { GENDERS, MASCOTS, STUDY_TIMES } from '#server/features/profile/profile-messages'

// How the profile's choices read on the page (zod-free: ADR 029).

export const MASCOT_LABELS: Record<(typeof MASCOTS)[number], string> = {
  cat: 'Gato',
  dog: 'Cachorro',
  fish: 'Peixe',
  bird: 'Pássaro',
  rabbit: 'Coelho',
  squirrel: 'Esquilo',
}
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  masculino: 'Masculino',
  feminino: 'Feminino',
  outro: 'Outro',
  prefiro_nao_informar: 'Prefiro não informar',
}
export const STUDY_TIME_LABELS: Record<(typeof STUDY_TIMES)[number], string> = {
  manha: 'Manhã',
  tarde: 'Tarde',
  noite: 'Noite',
  madrugada: 'Madrugada',
}

export { GENDERS, MASCOTS, STUDY_TIMES } from '#server/features/profile/profile-messages'
