/** The admin toggles of spec section 3, in the API's names. */
export const TOGGLE_KEYS = [
  'notebooksEnabled',
  'commentsEnabled',
  'chatEnabled',
  'adsEnabled',
  'commentedQuestionsEnabled',
  'simulationsEnabled',
] as const
export type ToggleKey = (typeof TOGGLE_KEYS)[number]
