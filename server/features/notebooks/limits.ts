// The length limits of a notebook, apart from the zod rules that enforce them: a page's counter
// imports them without pulling zod into its first load (ADR 029).

export const NOTEBOOK_NAME_MAX = 80
export const NOTEBOOK_DESCRIPTION_MAX = 500
