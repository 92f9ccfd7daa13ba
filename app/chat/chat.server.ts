import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import type { UserJson } from '#server/features/auth/contract'
import type { ChatMessageJson } from '#server/features/chat/contract'
import { chatApi } from '#server/features/chat/contract'
import { ApiError, apiErrorCode, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, policyOf, requireLoginToAct, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ChatActionSchema } from './schemas'

// The study assistant's page and the widget's data (issue 14). The loader reads the history
// through the API, or why the assistant is not available (plan, admin toggle); the action
// sends a message (the page redirects to the new reply, the widget gets JSON) or clears the
// conversation. Both only ever call /api/v1/chat/messages.

export const SELF = '/assistente'

export type ChatPageData =
  { allowed: true; messages: ChatMessageJson[]; confirmClear: boolean } | { allowed: false; reason: 'plan' | 'disabled'; message: string }

/** Whether the header link and the widget show: the policy's chat feature (plan hasChat AND the toggle). */
export async function chatFeature(request: Request, context: AppLoadContext, user: UserJson | null) {
  // The policy came with /auth/me: no further call.
  if (!user) return false
  try {
    return (await policyOf(request, context)).features.chat === true
  } catch {
    // A page never fails for the sake of the widget.
    return false
  }
}

export async function loadChat(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  try {
    const { messages } = await withSession(request, () => call(api, chatApi.list))
    const confirmClear = new URL(request.url).searchParams.get('limpar') === '1' && messages.length > 0
    return json<ChatPageData>({ allowed: true, messages, confirmClear })
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      return json<ChatPageData>({
        allowed: false,
        reason: apiErrorCode(error) === 'CHAT_DISABLED' ? 'disabled' : 'plan',
        message: error.message,
      })
    }
    throw error
  }
}

export type ChatActionData =
  { ok: true; message: ChatMessageJson; reply: ChatMessageJson } | { ok: false; error: string; result?: SubmissionResult<string[]> }

export async function chatAction(request: Request, context: AppLoadContext) {
  const formData = await request.formData()
  await requireLoginToAct(request, SELF, 'Faça login para usar o assistente de estudos.')
  const submission = await parseForm(formData, ChatActionSchema)
  if (submission.status !== 'success') {
    const result = submission.reply()
    const error = Object.values(result.error ?? {}).flat()[0] ?? 'Requisição inválida'
    return json<ChatActionData>({ ok: false, error, result }, { status: 400 })
  }
  const form = submission.value
  const api = await apiForRequest(request, context)
  if (form.intent === 'limpar') {
    try {
      await withSession(request, () => call(api, chatApi.clear))
      return redirectWithToast(SELF, { type: 'success', title: 'Conversa apagada.' }, { request })
    } catch (error) {
      const { message } = formError(error, 'Não foi possível apagar a conversa')
      return redirectWithToast(SELF, { type: 'error', title: 'Não foi possível apagar a conversa', description: message }, { request })
    }
  }
  try {
    const res = await withSession(request, () => call(api, chatApi.send, { body: { content: form.pergunta } }))
    if (form.origem === 'widget') return json<ChatActionData>({ ok: true, message: res.message, reply: res.reply })
    return redirect(`${SELF}#ultima`)
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível enviar a pergunta')
    return json<ChatActionData>({ ok: false, error: message, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
