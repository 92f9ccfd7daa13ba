import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { NoteJson } from '#server/features/notes/contract'
import { notesApi } from '#server/features/notes/contract'
import { questionsApi } from '#server/features/questions/contract'
import { backToList, listSearchOf, questionLabel, routeId } from '~/question/tool-urls'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireLoginToAct, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { NoteActionSchema } from './schemas'

// Anotação of one question, nested in the /questoes layout: the loader and the one action
// (its forms told apart by `intent`). `editar` / `excluir` in the URL pick the note being
// edited or waiting for the delete confirmation (links, so it all works without JS).

const OWN_PARAMS = ['editar', 'excluir']
const QUESTION_NOT_FOUND = 'Questão não encontrada'

function selectedId(url: URL, key: string) {
  const value = url.searchParams.get(key) ?? ''
  return /^\d{1,9}$/.test(value) ? Number(value) : null
}

export async function loadNotes(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, QUESTION_NOT_FOUND)
  await requireUser(request, context)
  const url = new URL(request.url)
  const listSearch = listSearchOf(url, OWN_PARAMS)
  const api = await apiForRequest(request, context)
  const [question, notes] = await Promise.all([
    withSession(request, () => call(api, questionsApi.get, { params: { id } })).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) throw new Response(QUESTION_NOT_FOUND, { status: 404 })
      throw error
    }),
    withSession(request, () => call(api, notesApi.list, { params: { id } })).then(
      (res) => ({ list: res.notes, failed: null as string | null }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw new Response(QUESTION_NOT_FOUND, { status: 404 })
        return { list: [] as NoteJson[], failed: formError(error, 'Não foi possível carregar a anotação').message }
      },
    ),
  ])
  return json({
    question: { id, number: question.data.question_number, code: question.data.short_id, label: questionLabel(question.data) },
    notes: notes.list,
    failed: notes.failed,
    editing: selectedId(url, 'editar'),
    deleting: selectedId(url, 'excluir'),
    back: backToList(listSearch, id),
    /** This dialog's URL without the edit/delete selection: forms post here and come back here. */
    self: `/questoes/${id}/anotacoes${listSearch}`,
  })
}

export type NotesActionData = { formId: string; result: SubmissionResult<string[]> }

export async function notesAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, QUESTION_NOT_FOUND)
  const url = new URL(request.url)
  const self = `/questoes/${id}/anotacoes${listSearchOf(url, OWN_PARAMS)}`
  const formData = await request.formData()
  await requireLoginToAct(request, self, 'Faça login para usar as anotações.')
  const submission = await parseForm(formData, NoteActionSchema)
  const payload = submission.payload as Record<string, unknown>
  const formId = payload.intent === 'editar' ? `editar-nota-${String(payload.nota ?? '')}` : 'nova-nota'
  if (submission.status !== 'success') {
    if (payload.intent === 'excluir') return redirectWithToast(self, { type: 'error', title: 'Requisição inválida' }, { request })
    return json<NotesActionData>({ formId, result: submission.reply() }, { status: 400 })
  }
  const form = submission.value
  const api = await apiForRequest(request, context)
  try {
    if (form.intent === 'criar') {
      const res = await withSession(request, () => call(api, notesApi.create, { params: { id }, body: { content: form.conteudo } }))
      return redirectWithToast(`${self}#nota-${res.note.id}`, { type: 'success', title: 'Anotação salva com sucesso!' }, { request })
    }
    if (form.intent === 'editar') {
      await withSession(request, () => call(api, notesApi.update, { params: { id, noteId: form.nota }, body: { content: form.conteudo } }))
      return redirectWithToast(`${self}#nota-${form.nota}`, { type: 'success', title: 'Anotação atualizada com sucesso!' }, { request })
    }
    await withSession(request, () => call(api, notesApi.remove, { params: { id, noteId: form.nota } }))
    return redirectWithToast(self, { type: 'success', title: 'Anotação excluída com sucesso!' }, { request })
  } catch (error) {
    const fallback = {
      criar: 'Não foi possível salvar a anotação',
      editar: 'Não foi possível atualizar a anotação',
      excluir: 'Não foi possível excluir a anotação',
    }[form.intent]
    const { message, status } = formError(error, fallback)
    if (form.intent === 'excluir') return redirectWithToast(self, { type: 'error', title: fallback, description: message }, { request })
    return json<NotesActionData>(
      { formId, result: submission.reply({ formErrors: [status === 404 ? 'Anotação não encontrada.' : message] }) },
      { status },
    )
  }
}
