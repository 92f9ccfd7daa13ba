import { defineEndpoint, SuccessMessage } from '../../api/contract'
import { ContactSchema } from './schemas'

// Fale conosco (/contato): the public contact form. Open to anyone, 5 messages per address in
// 10 minutes; a filled honeypot gets the same answer and stores nothing.

export const contactApi = {
  send: defineEndpoint({
    method: 'post',
    path: '/contact',
    summary: 'Envia uma mensagem do formulário de contato à equipe',
    tags: ['Contato'],
    auth: 'none',
    body: ContactSchema,
    responses: { 201: SuccessMessage },
    errors: [429],
  }),
}
