// The length limit of an Anotação, apart from the zod rule that enforces it: a page's counter
// imports it without pulling zod into its first load (ADR 029).

export const NOTE_CONTENT_MAX = 5000
