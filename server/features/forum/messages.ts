// The messages of Discussões the contract, the router and the domain share (no zod, no database:
// the contract is imported by the pages' loaders).

export const FORUM_LOGIN_MESSAGE = 'Faça login para ver e participar das discussões.'
export const FLOOD_MESSAGE = 'Você está enviando mensagens rápido demais. Aguarde alguns minutos e tente novamente.'
export const FLAG_SENT = 'Denúncia enviada. Obrigado por avisar a moderação.'
export const QUESTION_NOT_FOUND = 'Questão não encontrada'
export const TOPIC_NOT_FOUND = 'Tópico não encontrado.'
export const REPLY_NOT_FOUND = 'Resposta não encontrada.'
export const FORUM_QUEUE_FILTERS = ['flagged', 'hidden', 'all'] as const
export type ForumQueueFilter = (typeof FORUM_QUEUE_FILTERS)[number]
