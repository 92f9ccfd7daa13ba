// The messages of the student's own area the contract, the router, the domain and the pages
// share (no zod, no database).

export const CONFIRMATION_REQUIRED = 'Digite sua senha para confirmar a exclusão.'
export const WRONG_CONFIRMATION = 'Senha incorreta.'
export const ACCOUNT_NOT_FOUND = 'Conta não encontrada.'
export const ACCOUNT_DELETED = 'Sua conta foi excluída.'
export const DELETE_FLOOD_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'
