// The question bank's texts and bounds (no zod, no database: pages may import them).

/** Login needed to answer or reveal (spec section 8: 'Login necessário'). */
export const LOGIN_MESSAGE = 'Login necessário. Faça login para registrar suas tentativas.'
export const NOT_REVEALED_MESSAGE = 'Resposta ainda não revelada.'
export const QUESTION_NOT_FOUND = 'Questão não encontrada'
/** An answer to a card shown before a re-upload changed its statement, alternatives or key (ADR 097). */
export const QUESTION_CHANGED = 'Esta questão foi atualizada depois que você a abriu. Leia a versão atual e responda de novo.'
export const BAD_QUESTION_ID = 'Identificador de questão inválido.'
export const REPORT_THANKS = 'Obrigado! Seu relato de erro foi enviado para a equipe.'
/** Error reports per 15 minutes, per client. */
export const ERROR_REPORT_LIMIT = 10
export const MAX_PAGE = 10_000
