// The messages of Anotação the contract, the router and the domain share (no zod, no database:
// the contract is imported by the pages' loaders).

/** Notes one student may keep on one question (a bound against runaway scripts, not a plan rule). */
export const NOTES_PER_QUESTION_MAX = 100

export const QUESTION_NOT_FOUND = 'Questão não encontrada'
export const NOTE_NOT_FOUND = 'Anotação não encontrada.'
export const TOO_MANY_NOTES = `Você atingiu o limite de ${NOTES_PER_QUESTION_MAX} anotações nesta questão. Exclua alguma para escrever outra.`
export const NOTES_FLOOD_MESSAGE = 'Você está salvando anotações rápido demais. Aguarde um pouco e tente novamente.'
