import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { NotebookDetailJson, NotebookQuestionsPage } from '#server/features/notebooks/contract'
import { notebooksApi } from '#server/features/notebooks/contract'
import { toCardView } from '~/question/card-view.server'
import { PER_PAGE } from '~/question/filters'
import type { CardView, RevealState } from '~/question/question-card'
import { quotaTextOf } from '~/question/quota.server'
import type { ServerReveal } from '~/question/reveals.server'
import { revealStateOf } from '~/question/reveals.server'
import { revealsInUrl } from '~/question/reveals.server'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, apiNow, requireLoginToAct, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { NotebookPageActionSchema } from './schemas'

// /notebook/{notebookId}/questions (issue 11): one notebook, its figures and its questions as
// answerable cards. The answer form posts to /questoes/{id}/responder, whose no-JS redirect
// comes back here carrying `revelada` / `escolha` / `limite` like on /questoes.

const MISSING = 'Caderno não encontrado'

type Loaded =
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | {
      state: 'ok'
      notebook: NotebookDetailJson
      questions: CardView[]
      total: number
      page: number
      reveals: Record<string, RevealState>
      quotaFor: number | null
      quotaText: string
      confirmDelete: boolean
    }

function notebookId(raw: string | undefined) {
  return /^\d{1,9}$/.test(raw ?? '') && Number(raw) > 0 ? Number(raw) : null
}

export async function loadNotebookPage(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireUser(request, context)
  const id = notebookId(rawId)
  if (!id) return json<Loaded>({ state: 'missing' }, { status: 404 })
  const url = new URL(request.url)
  const pageText = url.searchParams.get('pagina') ?? '1'
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1
  const api = await apiForRequest(request, context)
  const now = await apiNow(request, context).catch(() => null)
  let detail: NotebookDetailJson
  let list: NotebookQuestionsPage
  let reveals: Map<number, ServerReveal>
  try {
    ;[detail, list, reveals] = await withSession(request, () =>
      Promise.all([
        call(api, notebooksApi.get, { params: { id } }).then((r) => r.notebook),
        call(api, notebooksApi.questions, { params: { id }, query: { page, per_page: PER_PAGE } }),
        revealsInUrl(api, url.searchParams),
      ]),
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return json<Loaded>({ state: 'missing' }, { status: 404 })
    if (!(error instanceof ApiError)) throw error
    return json<Loaded>({ state: 'error', message: 'Erro ao carregar dados do caderno' }, { status: 503 })
  }
  return json<Loaded>({
    state: 'ok',
    notebook: detail,
    questions: list.questions.map((q) => toCardView(q, now)),
    total: list.total,
    page,
    reveals: Object.fromEntries([...reveals].map(([qid, r]): [number, RevealState] => [qid, revealStateOf(r, r.chosen)])),
    quotaFor: Number(url.searchParams.get('limite')) || null,
    quotaText: url.searchParams.has('limite') ? await quotaTextOf(request, context) : '',
    confirmDelete: url.searchParams.get('excluir') === '1',
  })
}

export type NotebookPageActionData = { formId: string; result: SubmissionResult<string[]> }

export async function notebookPageAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = notebookId(rawId)
  if (!id) throw new Response(MISSING, { status: 404 })
  const url = new URL(request.url)
  const params = new URLSearchParams(url.search)
  params.delete('excluir')
  const self = `/notebook/${id}/questions${params.size ? `?${params}` : ''}`
  const formData = await request.formData()
  await requireLoginToAct(request, self, 'Faça login para usar os cadernos.')
  const submission = await parseForm(formData, NotebookPageActionSchema)
  if (submission.status !== 'success') {
    if ((submission.payload as Record<string, unknown>).intent === 'editar')
      return json<NotebookPageActionData>({ formId: 'editar-caderno', result: submission.reply() }, { status: 400 })
    return redirectWithToast(self, { type: 'error', title: 'Requisição inválida' }, { request })
  }
  const form = submission.value
  const api = await apiForRequest(request, context)
  try {
    if (form.intent === 'remover') {
      await withSession(request, () => call(api, notebooksApi.removeQuestion, { params: { id, questionId: form.questao } }))
      return redirectWithToast(self, { type: 'success', title: 'Questão removida do caderno' }, { request })
    }
    if (form.intent === 'editar') {
      await withSession(request, () =>
        call(api, notebooksApi.update, { params: { id }, body: { name: form.nome, description: form.descricao ?? null } }),
      )
      return redirectWithToast(self, { type: 'success', title: 'Caderno atualizado com sucesso!' }, { request })
    }
    await withSession(request, () => call(api, notebooksApi.remove, { params: { id } }))
    return redirectWithToast('/dashboard', { type: 'success', title: 'Caderno excluído com sucesso!' }, { request })
  } catch (error) {
    if (form.intent === 'remover') {
      const { message } = formError(error, 'Erro ao remover questão do caderno')
      return redirectWithToast(self, { type: 'error', title: 'Erro ao remover questão do caderno', description: message }, { request })
    }
    if (form.intent === 'editar') {
      const { message, status } = formError(error, 'Não foi possível salvar o caderno.')
      return json<NotebookPageActionData>({ formId: 'editar-caderno', result: submission.reply({ formErrors: [message] }) }, { status })
    }
    const { message } = formError(error, 'Não foi possível excluir o caderno.')
    return redirectWithToast(self, { type: 'error', title: 'Não foi possível excluir o caderno.', description: message }, { request })
  }
}
