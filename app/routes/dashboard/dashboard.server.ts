import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ApiClient } from '#server/client/core'
import { errorReportsApi } from '#server/features/error-reports/contract'
import { meApi } from '#server/features/me/contract'
import { notebooksApi } from '#server/features/notebooks/contract'
import { profileApi } from '#server/features/profile/contract'
import { reviewApi } from '#server/features/review/contract'
import { simulationsApi } from '#server/features/simulations/contract'
import type { TabId } from '~/dashboard/tabs'
import { tabHref, tabOf } from '~/dashboard/tabs'
import { CreateNotebookSchema } from '~/notebook/schemas'
import { historyDates } from '~/simulado/history-dates.server'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { formatDate, formatDateTime } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { reviewSettingsAction, settingsFrom } from './settings.server'

// /dashboard's data (issue 14): the greeting, plan and four cards on every tab, and only the
// open tab's lists — each one API call, all in parallel, whatever the student's history. Dates
// are written here (`when`): the page's scripts build no Intl formatter, whose first one costs a
// phone a long task while the page hydrates (issue 66).

async function loadTab(tab: TabId, api: ApiClient, url: URL) {
  switch (tab) {
    case 'visao-geral': {
      const [{ activity }, review] = await Promise.all([call(api, meApi.activity), call(api, reviewApi.stats)])
      const { cards, due_now, due_today, done_today, remaining_today, forecast, retention, settings } = review
      return {
        tab,
        activity: activity.map((item) => ({ ...item, when: formatDateTime(item.at) })),
        review: { cards, due_now, due_today, done_today, remaining_today, forecast, retention, settings },
      }
    }
    case 'cadernos': {
      const { notebooks, allowance } = await call(api, notebooksApi.list)
      return { tab, notebooks: notebooks.map((n) => ({ ...n, when: formatDate(n.updatedAt) })), allowance }
    }
    case 'desempenho': {
      const [{ disciplines, daily, weakest_topics }, { simulations }] = await Promise.all([
        call(api, meApi.performance),
        call(api, simulationsApi.list),
      ])
      // The newest five simulados; the rest on /simulados.
      return { tab, disciplines, daily, weakestTopics: weakest_topics, simulations: historyDates(simulations.slice(0, 5)) }
    }
    case 'comentarios': {
      const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get('pagina')) || 1))
      const { notes, total, per_page } = await call(api, meApi.notes, { query: { page } })
      return { tab, notes: notes.map((n) => ({ ...n, when: formatDateTime(n.createdAt) })), total, page, perPage: per_page }
    }
    case 'forum': {
      const [{ counts, participations }, reports] = await Promise.all([call(api, meApi.forum), call(api, errorReportsApi.mine)])
      return {
        tab,
        counts,
        participations: participations.map((p) => ({ ...p, when: formatDateTime(p.lastActivity) })),
        errorReports: reports.data.map((r) => ({ ...r, when: formatDateTime(r.created_at) })),
      }
    }
    case 'configuracoes':
      // The rest from the profile the page reads anyway (below).
      return { tab, review: (await call(api, reviewApi.getSettings)).data }
  }
}

export async function loadDashboard(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const url = new URL(request.url)
  const api = await apiForRequest(request, context)
  const [profile, stats, lists, last] = await withSession(request, () =>
    Promise.all([call(api, profileApi.get), call(api, meApi.stats), loadTab(tabOf(url), api, url), call(api, meApi.lastStudy)]),
  )
  const tab = lists.tab === 'configuracoes' ? { tab: lists.tab, settings: await settingsFrom(request, profile, lists.review) } : lists
  const welcome = url.searchParams.get('welcome') === 'true'
  return json({ user: profile.user, policy: profile.policy, welcome, stats, tab, lastStudy: last.last_study })
}

export type CreateNotebookActionData = { result: SubmissionResult<string[]>; plansUrl?: string }

/** The forms posting here, told apart by `intent`: Configurações' Revisão, else the Cadernos tab's create card. */
export async function dashboardAction(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const formData = await request.formData()
  if (formData.get('intent') === 'revisao') return reviewSettingsAction(request, context, formData)
  return createNotebookAction(request, context, formData)
}

/** The Cadernos tab's create card: POST /notebooks, then back to the tab with the new card. */
async function createNotebookAction(request: Request, context: AppLoadContext, formData: FormData) {
  const submission = await parseForm(formData, CreateNotebookSchema)
  if (submission.status !== 'success') return json<CreateNotebookActionData>({ result: submission.reply() }, { status: 400 })
  const api = await apiForRequest(request, context)
  try {
    const { notebook } = await withSession(request, () =>
      call(api, notebooksApi.create, { body: { name: submission.value.nome, description: submission.value.descricao ?? null } }),
    )
    return redirectWithToast(
      `${tabHref('cadernos')}#caderno-${notebook.id}`,
      { type: 'success', title: 'Caderno criado com sucesso!' },
      { request },
    )
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível criar o caderno.')
    const body = error instanceof ApiError ? (error.body as { plans_url?: string } | undefined) : undefined
    return json<CreateNotebookActionData>(
      { result: submission.reply({ formErrors: [message] }), plansUrl: status === 403 ? (body?.plans_url ?? '/trocar-plano') : undefined },
      { status },
    )
  }
}
