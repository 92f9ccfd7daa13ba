// The messages and numbers of the notebooks (Fichário) the contract, the router and the domain
// share (no zod, no database: the contract is imported by the pages' loaders).

export const NOTEBOOK_NOT_FOUND = 'Caderno não encontrado'
export const QUESTION_NOT_FOUND = 'Questão não encontrada'
export const NOT_IN_NOTEBOOK = 'Esta questão não está no caderno.'
export const NOTEBOOKS_DISABLED = 'Os cadernos estão desativados no momento.'
export const NOTEBOOKS_FLOOD_MESSAGE = 'Você está alterando cadernos rápido demais. Aguarde um pouco e tente novamente.'
export const PLANS_URL = '/trocar-plano'
export const QUESTIONS_PER_PAGE = 20
export const MAX_QUESTIONS_PER_PAGE = 100
