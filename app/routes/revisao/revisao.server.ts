import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { disciplinesApi } from '#server/features/disciplines/contract'
import { notebooksApi } from '#server/features/notebooks/contract'
import { reviewApi } from '#server/features/review/contract'
import { readFilters } from '~/question/filters'
import { resolverHref } from '~/question/resolver'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

// /revisao (issue 30): what is due today for the chosen discipline or notebook, and the way into
// answering it one at a time (the resolver over 'Para revisar', the queue's order and limit).

export async function loadRevisao(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const url = new URL(request.url)
  const filters = readFilters(url.searchParams)
  const discipline = filters.disciplina[0]
  const notebook = filters.caderno ?? undefined
  const api = await apiForRequest(request, context)
  try {
    const [stats, queue, disciplines, notebooks] = await withSession(request, () =>
      Promise.all([
        call(api, reviewApi.stats),
        call(api, reviewApi.queue, { query: { discipline, notebook, limit: 1 } }),
        call(api, disciplinesApi.list),
        call(api, notebooksApi.list),
      ]),
    )
    return json({
      stats,
      dueNow: queue.due_now,
      remainingToday: queue.remaining_today,
      discipline: discipline ?? null,
      notebook: notebook ?? null,
      disciplines: disciplines.data.filter((d) => d.in_filters).map((d) => ({ id: d.id, name: d.name })),
      notebooks: notebooks.notebooks.map((n) => ({ id: n.id, name: n.name })),
      startHref: resolverHref({ ...filters, disciplina: discipline ? [discipline] : [], situacao: 'revisar' }),
    })
  } catch (error) {
    // Another student's notebook (or a deleted one): the queue answers 404; show it as not found.
    if (error instanceof ApiError && error.status === 404) throw new Response('Caderno não encontrado', { status: 404 })
    throw error
  }
}
