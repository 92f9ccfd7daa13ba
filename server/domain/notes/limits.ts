// The length limits of an Anotação, apart from the zod rules that enforce them: a page's counter
// imports them without pulling zod into its first load (ADR 029).

export const NOTE_CONTENT_MAX = 5000
