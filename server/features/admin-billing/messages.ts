// The admin billing's messages and names (no zod, no database: the contract is imported by the
// pages' loaders).

export const USER_NOT_FOUND = 'Usuário não encontrado.'
export const BODY_NOT_OBJECT = 'Corpo da requisição inválido: envie um objeto JSON.'
export const NOT_YOURSELF = 'Você não pode alterar o seu próprio acesso de administrador.'

/** The admin's feature toggles (server/domain/policy.ts's ADMIN_TOGGLES, in the same order). */
export const ADMIN_TOGGLE_NAMES = [
  'notebooksEnabled',
  'commentsEnabled',
  'chatEnabled',
  'adsEnabled',
  'commentedQuestionsEnabled',
  'simulationsEnabled',
] as const
