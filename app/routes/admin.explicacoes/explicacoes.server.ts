import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { explanationsApi } from '#server/features/explanations/contract'
import { EXPLANATION_QUEUE_FILTERS } from '#server/features/explanations/messages'
import { queueParams } from '~/admin/moderation-queue'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ExplanationModerationFormSchema } from './schemas'

export async function loadExplanationQueue(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const { filter, page } = queueParams(url, EXPLANATION_QUEUE_FILTERS)
  const api = await apiForRequest(request, context)
  const queue = await withSession(request, () => call(api, explanationsApi.queue, { query: { filter, page } }))
  return json({ queue, filter, self: `${url.pathname}${url.search}` })
}

const CHANGES = {
  ocultar: { body: { hidden: true }, done: 'Explicação ocultada' },
  restaurar: { body: { hidden: false }, done: 'Explicação restaurada' },
  aprovar: { body: { approved: true }, done: 'Explicação aprovada' },
  dispensar: { body: { dismiss_flags: true }, done: 'Denúncias dispensadas' },
} as const

export async function explanationModerationAction(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const back = safeRedirect(`${url.pathname}${url.search}`, '/admin/explicacoes')
  const parsed = await parseForm(request, ExplanationModerationFormSchema)
  if (parsed.status !== 'success') return redirectWithToast(back, { type: 'error', title: 'Requisição inválida' }, { request })
  const { intent, item } = parsed.value
  const api = await apiForRequest(request, context)
  try {
    await withSession(request, () => call(api, explanationsApi.moderate, { params: { id: item }, body: CHANGES[intent].body }))
    return redirectWithToast(`${back}#explicacao-${item}`, { type: 'success', title: CHANGES[intent].done }, { request })
  } catch (error) {
    const { message } = formError(error, 'Não foi possível moderar agora. Tente novamente.')
    return redirectWithToast(back, { type: 'error', title: 'Erro', description: message }, { request })
  }
}
