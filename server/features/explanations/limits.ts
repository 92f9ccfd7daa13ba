// The bounds of Explicações de alunos, apart from the zod rules that enforce them: a page's
// counter imports them without pulling zod into its first load (ADR 029).

export const EXPLANATION_MIN = 20
export const EXPLANATION_MAX = 1500
export const FLAG_REASON_MAX = 500
/** New explanations one student may write in one day (São Paulo): a bound against floods, not a plan rule. */
export const EXPLANATIONS_PER_DAY = 20
/** Explanations of an author a moderator hid before their next ones wait for approval. */
export const STRIKES_BEFORE_APPROVAL = 2
