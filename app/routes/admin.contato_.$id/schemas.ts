import * as z from 'zod'

import { contactReplyText } from '#server/features/contact-admin/schemas'

// The reply form of /admin/contato/:id, with the API's rule.

export const ContactReplyFormSchema = z.object({ resposta: contactReplyText })
