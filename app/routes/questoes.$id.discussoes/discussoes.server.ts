import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import type * as z from 'zod'

import { call } from '#server/client/call'
import type { VoteResultJson } from '#server/features/forum/contract'
import { forumApi } from '#server/features/forum/contract'
import { ApiError, formError, heldBySimulationAs409 } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, apiNow, requireLoginToAct, requireUser, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { FORM_PARAM, PAGE_PARAM } from './params'
import { DiscussionActionSchema } from './schemas'

// Discussões of one question, nested in the /questoes layout: the loader and the one action
// (its forms told apart by `intent`). Everything goes through the API client.

const POST_FORM = /^(editar|denunciar)-(topico|resposta)-\d{1,9}$/

/** The URL's search without the discussion's parameters named. */
function searchWithout(url: URL, names: string[]) {
  const params = new URLSearchParams(url.search)
  for (const name of names) params.delete(name)
  const text = params.toString()
  return text ? `?${text}` : ''
}

function questionId(value: string | undefined) {
  const id = Number(value)
  if (!/^\d{1,9}$/.test(value ?? '') || id < 1) throw new Response('Questão não encontrada', { status: 404 })
  return id
}

/** The list's search (filters, page, revealed answers) without the discussion's own parameters. */
function listSearch(url: URL) {
  return searchWithout(url, [PAGE_PARAM, FORM_PARAM])
}

/** Where the forms post and come back: this discussion's page, with no post form open. */
function selfOf(url: URL) {
  return `${url.pathname}${searchWithout(url, [FORM_PARAM])}`
}

export async function loadDiscussion(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = questionId(rawId)
  const user = await requireUser(request, context)
  // The API's time, read with the user (/auth/me): the posts' "há 3 min" compares it with their stamps.
  const now = await apiNow(request, context)
  const url = new URL(request.url)
  const asked = url.searchParams.get(FORM_PARAM) ?? ''
  const pageText = url.searchParams.get(PAGE_PARAM) ?? '1'
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1
  const api = await apiForRequest(request, context)
  try {
    const data = await withSession(request, () => call(api, forumApi.listTopics, { params: { id }, query: { page } }))
    return json({
      question: data.question,
      topics: data.topics,
      total: data.total,
      page: data.page,
      perPage: data.per_page,
      posting: data.posting,
      isAdmin: user.is_admin,
      now: now!.toISOString(),
      /** Where 'Fechar' and Escape go: the same list, at the same card. */
      back: `/questoes${listSearch(url)}#questao-${id}`,
      /** This discussion's URL (the forms post here and come back here). */
      self: selfOf(url),
      openForm: POST_FORM.test(asked) ? asked : null,
      listSearch: listSearch(url),
    })
  } catch (error) {
    heldBySimulationAs409(error)
    if (error instanceof ApiError && error.status === 404) throw new Response('Questão não encontrada', { status: 404 })
    throw error
  }
}

export type DiscussionActionData =
  | { formId: string; result: SubmissionResult<string[]> }
  | { vote: z.output<typeof VoteResultJson> & { tipo: 'topico' | 'resposta' } }
  | { error: string }

/** The form a submission came from (Conform shows its errors there only). */
function formIdOf(payload: Record<string, unknown>) {
  const intent = String(payload.intent ?? '')
  if (intent === 'topico') return 'novo-topico'
  if (intent === 'responder') return `responder-${String(payload.topico ?? '')}`
  if (intent === 'editar-topico') return `editar-topico-${String(payload.item ?? '')}`
  if (intent === 'editar-resposta') return `editar-resposta-${String(payload.item ?? '')}`
  if (intent === 'denunciar') return `denunciar-${String(payload.tipo ?? '')}-${String(payload.item ?? '')}`
  return intent
}

export async function discussionAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = questionId(rawId)
  const url = new URL(request.url)
  const self = safeRedirect(selfOf(url), `/questoes/${id}/discussoes`)
  const at = (anchor?: string) => (anchor ? `${self}#${anchor}` : self)
  const formData = await request.formData()
  await requireLoginToAct(request, self, 'Faça login para participar das discussões.')
  const submission = await parseForm(formData, DiscussionActionSchema)
  const payload = submission.payload as Record<string, unknown>
  const formId = formIdOf(payload)
  // Without JS the small forms (votes, delete) carry redirectTo or have no field to show an error beside.
  const noJs = typeof payload.redirectTo === 'string'
  if (submission.status !== 'success') {
    if (payload.intent === 'votar' || payload.intent === 'excluir') {
      if (noJs || payload.intent === 'excluir') return redirectWithToast(at(), { type: 'error', title: 'Requisição inválida' }, { request })
      return json<DiscussionActionData>({ error: 'Requisição inválida' }, { status: 400 })
    }
    return json<DiscussionActionData>({ formId, result: submission.reply() }, { status: 400 })
  }
  const form = submission.value
  const api = await apiForRequest(request, context)
  try {
    switch (form.intent) {
      case 'topico': {
        const res = await withSession(request, () =>
          call(api, forumApi.createTopic, { params: { id }, body: { title: form.titulo, content: form.conteudo } }),
        )
        return redirectWithToast(at(`topico-${res.topic.id}`), { type: 'success', title: 'Tópico criado' }, { request })
      }
      case 'responder': {
        const res = await withSession(request, () =>
          call(api, forumApi.createReply, { params: { id: form.topico }, body: { content: form.conteudo } }),
        )
        return redirectWithToast(at(`resposta-${res.reply.id}`), { type: 'success', title: 'Resposta publicada' }, { request })
      }
      case 'editar-topico': {
        await withSession(request, () =>
          call(api, forumApi.updateTopic, { params: { id: form.item }, body: { title: form.titulo, content: form.conteudo } }),
        )
        return redirectWithToast(at(`topico-${form.item}`), { type: 'success', title: 'Tópico atualizado' }, { request })
      }
      case 'editar-resposta': {
        await withSession(request, () => call(api, forumApi.updateReply, { params: { id: form.item }, body: { content: form.conteudo } }))
        return redirectWithToast(at(`resposta-${form.item}`), { type: 'success', title: 'Resposta atualizada' }, { request })
      }
      case 'excluir': {
        if (form.tipo === 'topico') await withSession(request, () => call(api, forumApi.deleteTopic, { params: { id: form.item } }))
        else await withSession(request, () => call(api, forumApi.deleteReply, { params: { id: form.item } }))
        return redirectWithToast(
          at(),
          { type: 'success', title: form.tipo === 'topico' ? 'Tópico excluído' : 'Resposta excluída' },
          { request },
        )
      }
      case 'denunciar': {
        const res = await withSession(request, () =>
          call(api, form.tipo === 'topico' ? forumApi.flagTopic : forumApi.flagReply, {
            params: { id: form.item },
            body: { reason: form.motivo },
          }),
        )
        return redirectWithToast(
          at(`${form.tipo}-${form.item}`),
          { type: 'success', title: 'Denúncia enviada', description: res.message },
          { request },
        )
      }
      case 'votar': {
        const res = await withSession(request, () =>
          call(api, form.tipo === 'topico' ? forumApi.voteTopic : forumApi.voteReply, {
            params: { id: form.item },
            body: { vote: form.voto },
          }),
        )
        // A plain POST (no JS) goes back to the same place; the fetcher gets the new counts.
        if (form.redirectTo) return redirect(`${safeRedirect(form.redirectTo, self)}#${form.tipo}-${form.item}`)
        return json<DiscussionActionData>({ vote: { ...res, tipo: form.tipo } })
      }
    }
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar agora. Tente novamente.')
    if (form.intent === 'votar' && !form.redirectTo) return json<DiscussionActionData>({ error: message }, { status })
    // Small forms without a field: the message comes back as a toast.
    if (form.intent === 'votar' || form.intent === 'excluir')
      return redirectWithToast(at(), { type: 'error', title: 'Erro', description: message }, { request })
    return json<DiscussionActionData>({ formId, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
