// The length limits of a message to the study assistant, apart from the zod rules that enforce them: a page's counter
// imports them without pulling zod into its first load (ADR 029).

export const CHAT_CONTENT_MAX = 1000
