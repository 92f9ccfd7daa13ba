import * as z from 'zod'

import { CONTACT_REPLY_MAX, CONTACT_STATUSES } from './messages'

// The admin's reply to a contact message: one rule for the API (./contract.ts) and the
// /admin/contato form.

export const contactStatus = z.enum(CONTACT_STATUSES, { error: `Situação inválida: use ${CONTACT_STATUSES.join(', ')}.` })

export const contactReplyText = z
  .string({ error: 'Escreva a resposta.' })
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .min(1, { error: 'Escreva a resposta.' })
  .max(CONTACT_REPLY_MAX, { error: `A resposta pode ter no máximo ${CONTACT_REPLY_MAX} caracteres.` })

export const ContactReplyBody = z.object({ reply: contactReplyText })
