import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ApiClient } from '#server/client/core'
import { notebooksApi } from '#server/features/notebooks/contract'
import { offlineApi } from '#server/features/offline/contract'
import { DOWNLOAD_MAX } from '#server/features/offline/messages'
import { SyncBody } from '#server/features/offline/schemas'
import { questionsApi } from '#server/features/questions/contract'
import { reviewApi } from '#server/features/review/contract'
import { QUEUE_LIMIT_MAX } from '#server/features/review/messages'
import { readFilters } from '~/question/filters'
import { searchQueryOf, searchSeedOf } from '~/question/search.server'
import { ApiError, formError } from '~/utils/api.server'
import { apiForRequest, getOptionalUser, getSession, tokenOf } from '~/utils/session.server'

// /estudar-offline's server side (ADR 056). The page itself lives on the device (IndexedDB); the
// server answers two posts made by its script: 'baixar' (the questions of a modo resolução run,
// the review queue or a notebook, up to 200, with their key) and 'enviar' (the queued answers).

const PAGE = 100

/** The ids of what the student asked to download, in the order they would study them. */
async function idsOf(api: ApiClient, form: FormData, request: Request): Promise<number[]> {
  const source = form.get('fonte')
  if (source === 'caderno') {
    const id = Number(form.get('caderno'))
    const pages = await Promise.all(
      [1, 2].map((page) => call(api, notebooksApi.questions, { params: { id }, query: { page, per_page: PAGE } })),
    )
    return pages.flatMap((p) => p.questions.map((q) => q.id))
  }
  const filters = readFilters(new URLSearchParams(String(form.get('filtros') ?? '')))
  if (source === 'revisao') {
    const queue = await call(api, reviewApi.queue, {
      query: { discipline: filters.disciplina[0], notebook: filters.caderno ?? undefined, limit: QUEUE_LIMIT_MAX },
    })
    return queue.data.map((item) => item.question.id)
  }
  const headers = new Headers()
  const seed = await searchSeedOf(await getSession(request), headers)
  const pages = await Promise.all([1, 2].map((page) => call(api, questionsApi.search, { query: searchQueryOf(filters, page, PAGE, seed) })))
  return pages.flatMap((p) => p.data.filter((q) => !q.is_annulled).map((q) => q.id))
}

/**
 * Who is signed in and the form token, for the page's script (app/offline/sync.ts asks before it
 * sends (ADR 079).
 */
export async function offlineLoader(request: Request, context: AppLoadContext) {
  const user = await getOptionalUser(request, context)
  return json({ account: user?.id ?? null, csrf: context.csrfToken ?? '' })
}

export async function offlineAction(request: Request, context: AppLoadContext) {
  const token = tokenOf(await getSession(request))
  if (!token) return json({ error: 'Entre na sua conta para baixar questões e enviar respostas.' }, { status: 401 })
  const form = await request.formData()
  const api = await apiForRequest(request, context)
  try {
    if (form.get('intent') === 'enviar') {
      // Answers are sent under the session of the account that gave them, never another's (issue 61).
      const account = (await getOptionalUser(request, context))?.id
      if (!account || form.get('conta') !== account)
        return json({ error: 'Estas respostas são de outra conta: ficam guardadas até ela entrar.' }, { status: 409 })
      let answers: unknown
      try {
        answers = JSON.parse(String(form.get('respostas') ?? ''))
      } catch {
        answers = null
      }
      const body = SyncBody.safeParse({ answers })
      if (!body.success) return json({ error: 'Respostas em formato inválido.' }, { status: 400 })
      const { results } = await call(api, offlineApi.sync, { body: body.data })
      return json({ results })
    }
    const ids = [...new Set(await idsOf(api, form, request))].slice(0, DOWNLOAD_MAX)
    if (!ids.length) return json({ error: 'Não há questões para baixar aqui.' }, { status: 400 })
    const pack = await call(api, offlineApi.download, { body: { question_ids: ids } })
    return json({ questions: pack.questions, downloaded_at: pack.downloaded_at, left_out: pack.left_out, message: pack.message })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const { message, status } = formError(error, 'Não foi possível falar com o servidor. Tente de novo.')
    return json({ error: message }, { status })
  }
}
