import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { forumApi } from '#server/features/forum/contract'
import type { ForumQueueFilter } from '#server/features/forum/messages'
import { queueParams } from '~/admin/moderation-queue'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ModerationFormSchema } from './schemas'

const FILTERS: ForumQueueFilter[] = ['all', 'flagged', 'hidden']

export async function loadForumQueue(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const { filter, page } = queueParams(url, FILTERS)
  const api = await apiForRequest(request, context)
  const queue = await withSession(request, () => call(api, forumApi.queue, { query: { filter, page } }))
  return json({ queue, filter, self: `${url.pathname}${url.search}` })
}

const DONE: Record<string, string> = {
  destacar: 'Tópico destacado',
  'remover-destaque': 'Destaque removido',
  ocultar: 'Mensagem ocultada',
  restaurar: 'Mensagem restaurada',
  dispensar: 'Denúncias dispensadas',
}

export async function moderationAction(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const back = safeRedirect(`${url.pathname}${url.search}`, '/admin/forum')
  const parsed = await parseForm(request, ModerationFormSchema)
  if (parsed.status !== 'success') return redirectWithToast(back, { type: 'error', title: 'Requisição inválida' }, { request })
  const { intent, tipo, item } = parsed.value
  const change =
    intent === 'destacar'
      ? { highlighted: true }
      : intent === 'remover-destaque'
        ? { highlighted: false }
        : intent === 'ocultar'
          ? { hidden: true }
          : intent === 'restaurar'
            ? { hidden: false }
            : { dismiss_flags: true }
  const api = await apiForRequest(request, context)
  try {
    if (tipo === 'topic') await withSession(request, () => call(api, forumApi.moderateTopic, { params: { id: item }, body: change }))
    else {
      if ('highlighted' in change) return redirectWithToast(back, { type: 'error', title: 'Só tópicos podem ser destacados.' }, { request })
      await withSession(request, () => call(api, forumApi.moderateReply, { params: { id: item }, body: change }))
    }
    return redirectWithToast(`${back}#${tipo}-${item}`, { type: 'success', title: DONE[intent] }, { request })
  } catch (error) {
    const { message } = formError(error, 'Não foi possível moderar agora. Tente novamente.')
    return redirectWithToast(back, { type: 'error', title: 'Erro', description: message }, { request })
  }
}
