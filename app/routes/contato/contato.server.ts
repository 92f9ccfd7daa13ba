import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { contactApi } from '#server/features/contact/contract'
import { CONTACT_SUCCESS } from '#server/features/contact/messages'
import { ContactSchema } from '#server/features/contact/schemas'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

const UNAVAILABLE = 'Não foi possível enviar sua mensagem agora. Tente novamente em instantes.'

/**
 * Parses the form with the schema the page's form renders and sends it to POST /api/v1/contact.
 * Success: redirect (no resubmission on refresh) to /contato?enviado=1 with the success toast.
 * An invalid form (400), an API refusal (400 invalid field, 429 rate limit) or the API
 * unreachable stays on the page with the values kept.
 */
export async function submitContact(request: Request, context: AppLoadContext) {
  const submission = await parseForm(request, ContactSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    const api = await apiForRequest(request, context)
    await withSession(request, () => call(api, contactApi.send, { body: submission.value }))
    return redirectWithToast('/contato?enviado=1', { type: 'success', title: CONTACT_SUCCESS }, { request })
  } catch (error) {
    const { message, status } = formError(error, UNAVAILABLE)
    return json(submission.reply({ formErrors: [message] }), { status })
  }
}
