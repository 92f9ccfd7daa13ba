// The length limits of Discussões, apart from the zod rules that enforce them: a page's counter
// imports them without pulling zod into its first load (ADR 029).

export const TOPIC_TITLE_MAX = 150
export const POST_CONTENT_MAX = 5000
export const FLAG_REASON_MAX = 500
