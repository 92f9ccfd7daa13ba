// The messages and numbers of the study assistant the contract, the router and the domain share
// (no zod, no database: the contract is imported by the pages' loaders).

/** Messages kept per student (the oldest fall out). */
export const CHAT_HISTORY_LIMIT = 50
export const PLANS_URL = '/planos'
export const CHAT_PLAN_REQUIRED = 'O assistente de estudos faz parte dos planos Premium e Pro. Conheça os planos em /planos.'
export const CHAT_DISABLED = 'O assistente de estudos está desativado no momento. Tente novamente mais tarde.'
export const CHAT_FLOOD_MESSAGE = 'Você está enviando mensagens rápido demais ao assistente. Aguarde um minuto e tente novamente.'
export const CHAT_PER_MINUTE = 20
export const CHAT_CLEARED = 'Conversa apagada.'
