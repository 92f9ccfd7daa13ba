import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { NotebookAllowance, NotebookJson } from '#server/features/notebooks/contract'
import { notebooksApi } from '#server/features/notebooks/contract'
import { planLabel } from '#server/features/plans/plan-messages'
import { questionsApi } from '#server/features/questions/contract'
import { NotebookDialogActionSchema } from '~/notebook/schemas'
import { backToList, listSearchOf, questionLabel, routeId } from '~/question/tool-urls'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireLoginToAct, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

// Fichário of one question, nested in the /questoes layout: the student's notebooks with the
// question's membership ticked, 'Salvar' (the complete set, one PUT), and a create form that
// adds the new notebook and puts the question in it.

const QUESTION_NOT_FOUND = 'Questão não encontrada'

export async function loadNotebookDialog(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, QUESTION_NOT_FOUND)
  await requireUser(request, context)
  const url = new URL(request.url)
  const listSearch = listSearchOf(url)
  const api = await apiForRequest(request, context)
  const notFound = (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw new Response(QUESTION_NOT_FOUND, { status: 404 })
    throw error
  }
  const [question, lists] = await Promise.all([
    withSession(request, () => call(api, questionsApi.get, { params: { id } })).catch(notFound),
    withSession(request, () =>
      Promise.all([call(api, notebooksApi.list), call(api, notebooksApi.questionNotebooks, { params: { id } })]),
    ).then(
      ([list, member]) => ({
        notebooks: list.notebooks,
        allowance: list.allowance as NotebookAllowance | null,
        selected: member.notebook_ids,
        failed: null as string | null,
      }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) notFound(error)
        return {
          notebooks: [] as NotebookJson[],
          allowance: null,
          selected: [] as number[],
          failed: formError(error, 'Não foi possível carregar os cadernos.').message,
        }
      },
    ),
  ])
  return json({
    question: { id, number: question.data.question_number, code: question.data.short_id, label: questionLabel(question.data) },
    ...lists,
    planName: lists.allowance ? planLabel(lists.allowance.plan_name) : '',
    back: backToList(listSearch, id),
    self: `/questoes/${id}/cadernos${listSearch}`,
  })
}

export type NotebookDialogActionData = { formId: string; result: SubmissionResult<string[]>; plansUrl?: string }

export async function notebookDialogAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, QUESTION_NOT_FOUND)
  const url = new URL(request.url)
  const listSearch = listSearchOf(url)
  const self = `/questoes/${id}/cadernos${listSearch}`
  const formData = await request.formData()
  await requireLoginToAct(request, self, 'Faça login para usar os cadernos.')
  const submission = await parseForm(formData, NotebookDialogActionSchema)
  const formId = (submission.payload as Record<string, unknown>).intent === 'criar' ? 'novo-caderno' : 'selecao-cadernos'
  if (submission.status !== 'success') return json<NotebookDialogActionData>({ formId, result: submission.reply() }, { status: 400 })
  const form = submission.value
  const api = await apiForRequest(request, context)
  if (form.intent === 'salvar') {
    try {
      await withSession(request, () =>
        call(api, notebooksApi.setQuestionNotebooks, { params: { id }, body: { notebook_ids: form.caderno } }),
      )
    } catch (error) {
      const { message, status } = formError(error, 'Não foi possível salvar a seleção.')
      return json<NotebookDialogActionData>(
        {
          formId,
          result: submission.reply({
            formErrors: ['Não foi possível salvar a seleção.', message].filter((m, i, all) => all.indexOf(m) === i),
          }),
        },
        { status },
      )
    }
    return redirectWithToast(backToList(listSearch, id), { type: 'success', title: 'Seleção salva com sucesso!' }, { request })
  }
  let created: NotebookJson
  try {
    created = (
      await withSession(request, () => call(api, notebooksApi.create, { body: { name: form.nome, description: form.descricao ?? null } }))
    ).notebook
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível criar o caderno.')
    const body = error instanceof ApiError ? (error.body as { plans_url?: string } | undefined) : undefined
    return json<NotebookDialogActionData>(
      {
        formId,
        result: submission.reply({ formErrors: [message] }),
        plansUrl: status === 403 ? (body?.plans_url ?? '/trocar-plano') : undefined,
      },
      { status },
    )
  }
  // The new notebook comes ticked: the question goes into it, the other ticks stay as saved.
  try {
    const current = await withSession(request, () => call(api, notebooksApi.questionNotebooks, { params: { id } }))
    await withSession(request, () =>
      call(api, notebooksApi.setQuestionNotebooks, { params: { id }, body: { notebook_ids: [...current.notebook_ids, created.id] } }),
    )
  } catch (error) {
    const { message } = formError(error, 'Não foi possível salvar a seleção.')
    return redirectWithToast(
      `${self}#caderno-${created.id}`,
      { type: 'warning', title: 'Caderno criado com sucesso!', description: `Não foi possível salvar a seleção. ${message}` },
      { request },
    )
  }
  return redirectWithToast(
    `${self}#caderno-${created.id}`,
    { type: 'success', title: 'Caderno criado com sucesso!', description: `A questão foi adicionada a “${created.name}”.` },
    { request },
  )
}
