import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'
import type { Params } from '@remix-run/react'

import { call } from '#server/client/call'
import { ApiError } from '#server/client/core'
import { contactAdminApi } from '#server/features/contact-admin/contract'
import { CONTACT_MESSAGE_NOT_FOUND } from '#server/features/contact-admin/messages'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import * as forms from './schemas.forms'

const MISSING = CONTACT_MESSAGE_NOT_FOUND

function messageId(params: Params) {
  const raw = params.id ?? ''
  return /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null
}

/** Opening the page marks the message read (the API does it on GET). */
export async function loadContactMessage(request: Request, params: Params, context: AppLoadContext) {
  await requireAdmin(request, context)
  const id = messageId(params)
  if (!id) throw new Response(MISSING, { status: 404 })
  const api = await apiForRequest(request, context)
  try {
    const message = await withSession(request, () => call(api, contactAdminApi.get, { params: { id } }))
    return json({ message })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(MISSING, { status: 404 })
    throw error
  }
}

export async function replyAction(request: Request, params: Params, context: AppLoadContext) {
  await requireAdmin(request, context)
  const id = messageId(params)
  if (!id) throw new Response(MISSING, { status: 404 })
  const submission = await parseForm(request, forms.ContactReplyFormSchema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    const api = await apiForRequest(request, context)
    const answer = await withSession(request, () =>
      call(api, contactAdminApi.reply, { params: { id }, body: { reply: submission.value.resposta } }),
    )
    return redirectWithToast(`/admin/contato/${id}`, { type: 'success', title: answer.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível enviar a resposta agora. Tente novamente.')
    return json({ result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
