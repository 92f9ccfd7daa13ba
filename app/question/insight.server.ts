import type { AppLoadContext } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ApiClient } from '#server/client/core'
import { questionsApi } from '#server/features/questions/contract'
import { ApiError, formError, heldBySimulationAs409 } from '~/utils/api.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

import { backToList, listSearchOf, questionLabel, routeId } from './tool-urls'

// What the insight tools (Análise, Desempenho, Vídeo, Detalhes: issue 12) share: the
// question's id and number, the signed-in guard (a visitor goes to /login and comes back to
// the tool), the URL back to the same list and card, and API failures as page states.

export const QUESTION_NOT_FOUND = 'Questão não encontrada'

export type ToolContext = {
  id: number
  api: ApiClient
  url: URL
  listSearch: string
  back: string
  /** The tool's own URL with the list's search (forms post here and come back here). */
  self: string
  question: { id: number; number: number; code: string; label: string; annulled: boolean; hasExplanation: boolean }
}

export async function toolContext(
  request: Request,
  context: AppLoadContext,
  rawId: string | undefined,
  tool: string,
  own: string[] = [],
): Promise<ToolContext> {
  const id = routeId(rawId, QUESTION_NOT_FOUND)
  await requireUser(request, context)
  const url = new URL(request.url)
  const listSearch = listSearchOf(url, own)
  const api = await apiForRequest(request, context)
  const question = await withSession(request, () => call(api, questionsApi.get, { params: { id } })).catch(notFoundAs404)
  return {
    id,
    api,
    url,
    listSearch,
    back: backToList(listSearch, id),
    self: `/questoes/${id}/${tool}${listSearch}`,
    question: {
      id,
      number: question.data.question_number,
      code: question.data.short_id,
      label: questionLabel(question.data),
      annulled: question.data.is_annulled,
      hasExplanation: question.data.has_explanation,
    },
  }
}

/** A 404 from the API is the page's 404; redirects (an expired session) and other errors go on. */
export function notFoundAs404(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) throw new Response(QUESTION_NOT_FOUND, { status: 404 })
  throw error
}

/**
 * A load that may fail without failing the page: the spec's message ('Não foi possível
 * carregar as estatísticas.') instead of the data. A redirect thrown by `withSession`
 * ('Sessão expirada') still goes through.
 */
export async function orFailed<T>(
  request: Request,
  call: () => Promise<T>,
  message: string,
): Promise<{ value: T; failed: null } | { value: null; failed: string; status: number }> {
  try {
    return { value: await withSession(request, call), failed: null }
  } catch (error) {
    if (error instanceof Response) throw error
    heldBySimulationAs409(error)
    const { status } = formError(error, message)
    return { value: null, failed: message, status }
  }
}
