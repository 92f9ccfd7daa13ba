import type { AppLoadContext, SerializeFrom } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import type { Params } from '@remix-run/react'

import { call } from '#server/client/call'
import { simulationsApi } from '#server/features/simulations/contract'
import { SIMULATION_NOT_FOUND_PAGE, simulationIdOf } from '~/simulado/simulation-id.server'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { fromScript, loadInPlace, pageReply } from '~/utils/in-place.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { SittingFormSchema } from './schemas'

/** `?pos=N` when it is a whole number; otherwise where the student stopped. */
function positionOf(url: URL) {
  const pos = Number(url.searchParams.get('pos'))
  return Number.isInteger(pos) && pos >= 1 ? pos : undefined
}

export async function loadSitting(request: Request, context: AppLoadContext, params: Params) {
  await requireUser(request, context)
  const id = simulationIdOf(params.id)
  const url = new URL(request.url)
  const api = await apiForRequest(request, context)
  try {
    const data = await withSession(request, () => call(api, simulationsApi.get, { params: { id }, query: { position: positionOf(url) } }))
    // Delivered, or closed by its deadline on this read: the result is what is left to see.
    if (data.simulation.status === 'finished') {
      const title = data.simulation.closed_by_deadline ? 'O tempo do simulado acabou' : 'Simulado entregue'
      throw await redirectWithToast(`/simulados/${id}/resultado`, { type: 'info', title }, { request })
    }
    return json(data)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(SIMULATION_NOT_FOUND_PAGE, { status: 404 })
    // A position outside the simulado: back to where the student stopped.
    if (error instanceof ApiError && error.status === 400) throw redirect(`/simulados/${id}`)
    throw error
  }
}

export async function sittingAction(request: Request, context: AppLoadContext, params: Params) {
  await requireUser(request, context)
  const id = simulationIdOf(params.id)
  const url = new URL(request.url)
  const here = `/simulados/${id}${url.search}`
  const submission = await parseForm(request, SittingFormSchema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const { intent, questao, resposta, proxima } = submission.value
  if (intent === 'escolher' && !resposta)
    return json({ result: submission.reply({ formErrors: ['Escolha uma alternativa.'] }) }, { status: 400 })
  const body =
    intent === 'marcar' || intent === 'desmarcar'
      ? { marked: intent === 'marcar' }
      : intent === 'limpar'
        ? { choice: null }
        : resposta
          ? { choice: resposta }
          : null

  const api = await apiForRequest(request, context)
  try {
    const saved = body
      ? await withSession(request, () => call(api, simulationsApi.answer, { params: { id, questionId: questao }, body }))
      : null
    // With JS a choice is saved on its own (a fetcher): the reply carries the sheet's one changed
    // cell, so the page shows it without reloading (ADR 093).
    if (intent === 'escolher')
      return json({
        result: null,
        saved: true,
        questao,
        cell: saved ? { position: saved.position, choice: saved.choice, marked: saved.marked } : null,
      })
    if (intent === 'salvar') {
      // 'Salvar e próxima' with nothing chosen leaves the question blank and moves on.
      const next = saved ? saved.next_position : (proxima ?? null)
      if (!next) return redirect(`/simulados/${id}/entregar`)
      const to = `/simulados/${id}?pos=${next}`
      // With JS, the next question in this response: no redirect, no reload of every loader (issue 66).
      if (fromScript(request)) {
        const page = await loadInPlace(request, context, to, (r, c) => loadSitting(r, c, params))
        if (page instanceof Response && page.status === 200) return pageReply<SerializeFrom<typeof loadSitting>>(page, to, '')
        // Its read closed the simulado at the deadline: to the result with its toast, as the GET would have gone.
        if (page instanceof Response && page.status >= 300 && page.status < 400) return page
      }
      return redirect(to)
    }
    return redirect(here)
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      // The deadline passed (or it was delivered elsewhere): the answer is refused, the result is ready.
      return redirectWithToast(`/simulados/${id}/resultado`, { type: 'warning', title: error.message }, { request })
    }
    if (error instanceof ApiError && error.status === 404) throw new Response(SIMULATION_NOT_FOUND_PAGE, { status: 404 })
    const { message, status } = formError(error, 'Não foi possível salvar a resposta. Tente novamente.')
    return json({ result: submission.reply({ formErrors: [message] }), saved: false, questao }, { status })
  }
}
