// The messages of the profile the contract, the router and the domain share (no zod, no database).

export const BAD_BODY = 'Corpo da requisição inválido'
