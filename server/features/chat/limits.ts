// The length limit of a message to the study assistant, apart from the zod rule that enforces it:
// a page's counter imports it without pulling zod into its first load (ADR 029).

export const CHAT_CONTENT_MAX = 1000
