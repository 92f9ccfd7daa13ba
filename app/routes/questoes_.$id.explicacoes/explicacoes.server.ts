import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { explanationsApi } from '#server/features/explanations/contract'
import { questionsApi } from '#server/features/questions/contract'
import type { PromptData } from '~/question/student-explanation'
import { questionLabel, routeId } from '~/question/tool-urls'
import { ApiError, formError, heldBySimulationAs409 } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireLoginToAct, requireUser, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ExplanationActionSchema } from './schemas'

// Explicações de alunos of one question: the loader and the one action (its forms told apart by
// `intent`), through the API client. Every form redirects back here; the one-line ask under a
// right answer posts here too and gets JSON (its fetcher) or, without JS, a redirect to the page
// it came from.

const QUESTION_NOT_FOUND = 'Questão não encontrada'

export async function loadExplanations(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, QUESTION_NOT_FOUND)
  await requireUser(request, context)
  const url = new URL(request.url)
  const api = await apiForRequest(request, context)
  const notFound = (error: unknown) => {
    heldBySimulationAs409(error)
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new Response(QUESTION_NOT_FOUND, { status: 404 })
    throw error
  }
  const [question, list] = await Promise.all([
    withSession(request, () => call(api, questionsApi.get, { params: { id } })).catch(notFound),
    withSession(request, () => call(api, explanationsApi.list, { params: { id } })).then(
      (res) => ({ ...res, closed: null as string | null }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 403) return { closed: error.message }
        return notFound(error)
      },
    ),
  ])
  return json({
    question: { id, label: questionLabel(question.data) },
    explanations: 'explanations' in list ? list.explanations : [],
    mine: 'mine' in list ? list.mine : null,
    canWrite: 'can_write' in list ? list.can_write : false,
    /** Why the list is closed to this student (not answered yet), or null. */
    closed: list.closed,
    deleting: url.searchParams.get('excluir') === '1',
    self: `/questoes/${id}/explicacoes`,
  })
}

export type ExplanationsActionData = { formId: string; result: SubmissionResult<string[]> }

function formIdOf(payload: Record<string, unknown>) {
  const intent = String(payload.intent ?? '')
  if (intent === 'editar') return 'editar-explicacao'
  if (intent === 'denunciar') return `denunciar-${String(payload.item ?? '')}`
  return 'escrever'
}

export async function explanationsAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, QUESTION_NOT_FOUND)
  const self = `/questoes/${id}/explicacoes`
  const formData = await request.formData()
  await requireLoginToAct(request, self, 'Faça login para ler e escrever explicações.')
  const submission = await parseForm(formData, ExplanationActionSchema)
  const payload = submission.payload as Record<string, unknown>
  // The ask under an answer: JSON for its fetcher, unless a plain POST named where to go back.
  const ask = payload.intent === 'escrever' && !formData.has('formulario')
  const back = typeof payload.redirectTo === 'string' ? safeRedirect(payload.redirectTo, self) : null
  const formId = formIdOf(payload)
  const fail = (message: string[] | undefined, status: number) => {
    if (ask && !back) return json<PromptData>({ ok: false, errors: message ?? [], content: String(payload.conteudo ?? '') }, { status })
    return null
  }
  if (submission.status !== 'success') {
    if (payload.intent === 'util' || payload.intent === 'excluir')
      return redirectWithToast(self, { type: 'error', title: 'Requisição inválida' }, { request })
    const reply = submission.reply()
    const errors = Object.values(reply.error ?? {}).flatMap((list) => list ?? [])
    return fail(errors, 400) ?? json<ExplanationsActionData>({ formId, result: reply }, { status: 400 })
  }
  const form = submission.value
  const api = await apiForRequest(request, context)
  try {
    switch (form.intent) {
      case 'escrever': {
        const res = await withSession(request, () =>
          call(api, explanationsApi.create, { params: { id }, body: { content: form.conteudo } }),
        )
        if (ask && !back) return json<PromptData>({ ok: true, message: res.message })
        return redirectWithToast(back ?? `${self}#minha-explicacao`, { type: 'success', title: res.message }, { request })
      }
      case 'editar': {
        const res = await withSession(request, () =>
          call(api, explanationsApi.update, { params: { id: form.item }, body: { content: form.conteudo } }),
        )
        return redirectWithToast(`${self}#minha-explicacao`, { type: 'success', title: res.message }, { request })
      }
      case 'excluir': {
        const res = await withSession(request, () => call(api, explanationsApi.remove, { params: { id: form.item } }))
        return redirectWithToast(self, { type: 'success', title: res.message }, { request })
      }
      case 'util': {
        await withSession(request, () =>
          call(api, explanationsApi.vote, { params: { id: form.item }, body: { useful: form.util === 'sim' } }),
        )
        return redirectWithToast(
          `${self}#explicacao-${form.item}`,
          { type: 'success', title: form.util === 'sim' ? 'Marcada como útil.' : 'Voto retirado.' },
          { request },
        )
      }
      case 'denunciar': {
        const res = await withSession(request, () =>
          call(api, explanationsApi.flag, { params: { id: form.item }, body: { reason: form.motivo } }),
        )
        return redirectWithToast(`${self}#explicacao-${form.item}`, { type: 'success', title: res.message }, { request })
      }
    }
  } catch (error) {
    heldBySimulationAs409(error)
    const { message, status } = formError(error, 'Não foi possível salvar agora. Tente novamente.')
    if (form.intent === 'util' || form.intent === 'excluir')
      return redirectWithToast(self, { type: 'error', title: 'Erro', description: message }, { request })
    if (ask && back) return redirectWithToast(back, { type: 'error', title: 'Explicação não enviada', description: message }, { request })
    return (
      fail([message], status) ?? json<ExplanationsActionData>({ formId, result: submission.reply({ formErrors: [message] }) }, { status })
    )
  }
}
