// The admin billing's messages and names (no zod, no database: the contract is imported by the
// pages' loaders).

export const USER_NOT_FOUND = 'Usuário não encontrado.'
export const BODY_NOT_OBJECT = 'Corpo da requisição inválido: envie um objeto JSON.'
export const NOT_YOURSELF = 'Você não pode alterar o seu próprio acesso de administrador.'
