import type { Submission } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'
import type { z } from 'zod'
import { sendContactMessage } from '#server/client/contact'
import { CONTACT_SUCCESS } from '#server/domain/contact'
import type { ContactInput, ContactSchema } from '#server/domain/contact'
import { ApiError } from '~/utils/api.server'
import { apiForRequest } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

type ContactSubmission = Submission<z.input<typeof ContactSchema>, string[], ContactInput>

const UNAVAILABLE = 'Não foi possível enviar sua mensagem agora. Tente novamente em instantes.'

/**
 * Sends a valid form to POST /api/v1/contact. Success: redirect (no resubmission on
 * refresh) to /contato?enviado=1 with the success toast. An API refusal (400 invalid
 * field, 429 rate limit, API unreachable) stays on the page with the values kept.
 */
export async function submitContact(request: Request, context: AppLoadContext, submission: ContactSubmission) {
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    const api = await apiForRequest(request, context)
    await sendContactMessage(api, submission.value)
    return redirectWithToast('/contato?enviado=1', { type: 'success', title: CONTACT_SUCCESS }, { request })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    // 4xx messages are written for people; 5xx and "no connection" get a generic one.
    const message = error.status >= 400 && error.status < 500 ? error.message : error.status === 0 ? error.message : UNAVAILABLE
    const status = error.status >= 400 && error.status < 500 ? error.status : 503
    return json(submission.reply({ formErrors: [message] }), { status })
  }
}
