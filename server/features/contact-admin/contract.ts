import * as z from 'zod'

import { defineEndpoint, idParam } from '../../api/contract'
import { pageParam } from '../../api/http'
import { CONTACT_MESSAGE_NOT_FOUND, CONTACT_STATUSES } from './messages'
import { ContactReplyBody, contactStatus } from './schemas'

// The contact queue (issue 28): admins read what /contato stored and answer it by mail.

/** A message of the contact form as the queue shows it, with its reply once answered. */
export const ContactMessageJson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    created_at: z.iso.datetime(),
    status: z.enum(CONTACT_STATUSES).meta({ description: 'nova (não lida), lida (sem resposta) ou respondida.' }),
    status_label: z.string(),
    read_at: z.iso.datetime().nullable(),
    reply: z.string().nullable(),
    replied_at: z.iso.datetime().nullable(),
    replied_by: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: 'O admin que respondeu.' }),
  })
  .meta({ id: 'ContactMessage' })
export type ContactMessageJson = z.output<typeof ContactMessageJson>

export const ContactMessagePage = z
  .object({ data: z.array(ContactMessageJson), total: z.number().int(), page: z.number().int(), per_page: z.number().int() })
  .meta({ id: 'ContactMessagePage' })
export type ContactMessagePage = z.output<typeof ContactMessagePage>

const tags = ['Admin: contato']
const messageParams = z.object({ id: idParam(CONTACT_MESSAGE_NOT_FOUND) })

export const contactAdminApi = {
  list: defineEndpoint({
    method: 'get',
    path: '/admin/contact-messages',
    summary: 'As mensagens de contato, da mais recente à mais antiga',
    tags,
    auth: 'admin',
    query: z.object({ status: contactStatus.optional(), page: pageParam }),
    responses: { 200: ContactMessagePage },
  }),
  get: defineEndpoint({
    method: 'get',
    path: '/admin/contact-messages/:id',
    summary: 'Uma mensagem de contato; a primeira leitura a marca como lida',
    tags,
    auth: 'admin',
    params: messageParams,
    responses: { 200: ContactMessageJson },
  }),
  reply: defineEndpoint({
    method: 'post',
    path: '/admin/contact-messages/:id/reply',
    summary: 'Responde a mensagem por email ao remetente (uma resposta por mensagem)',
    tags,
    auth: 'admin',
    params: messageParams,
    body: ContactReplyBody,
    responses: { 200: z.object({ success: z.literal(true), message: z.string(), contact_message: ContactMessageJson }) },
    errors: [409, 503],
  }),
}
