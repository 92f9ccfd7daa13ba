// The admin's feature switches (Recursos), named once (ADR 050): the policy, the plan catalogue,
// the admin's contract and its page all read this list. No zod and no database here: contracts
// import it, and the pages' loaders import contracts.

export const ADMIN_TOGGLES = [
  'notebooksEnabled',
  'commentsEnabled',
  'chatEnabled',
  'adsEnabled',
  'commentedQuestionsEnabled',
  'simulationsEnabled',
] as const
export type AdminToggle = (typeof ADMIN_TOGGLES)[number]
export type Toggles = Record<AdminToggle, boolean>

/** Labels of the toggles for the admin form ('Recursos'). */
export const ADMIN_TOGGLE_LABELS: Record<AdminToggle, string> = {
  notebooksEnabled: 'Cadernos',
  commentsEnabled: 'Comentários e discussões',
  chatEnabled: 'Chat com o assistente',
  adsEnabled: 'Anúncios',
  commentedQuestionsEnabled: 'Questões comentadas (Análise)',
  simulationsEnabled: 'Simulados',
}

export const isAdminToggle = (key: string): key is AdminToggle => (ADMIN_TOGGLES as readonly string[]).includes(key)
