// The messages of the contact form the contract, the router and the page share (no zod, no database).

export const CONTACT_SUCCESS = 'Mensagem enviada com sucesso! Entraremos em contato em breve.'
