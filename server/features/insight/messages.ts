// The messages of question insight the contract, the router and the domain share (no zod, no
// database: the contract is imported by the pages' loaders).

export const QUESTION_NOT_FOUND = 'Questão não encontrada'
export const BAD_QUESTION_ID = 'Identificador de questão inválido.'
