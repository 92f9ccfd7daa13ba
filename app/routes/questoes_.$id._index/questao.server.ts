import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { insightApi } from '#server/features/insight/contract'
import { toCardView } from '~/question/card-view.server'
import { notFoundAs404 } from '~/question/insight.server'
import type { RevealState } from '~/question/question-card'
import { quotaTextOf } from '~/question/quota.server'
import type { ServerReveal } from '~/question/reveals.server'
import { revealsInUrl } from '~/question/reveals.server'
import { routeId } from '~/question/tool-urls'
import { apiForRequest, apiNow, getToken, withSession } from '~/utils/session.server'

// The permanent page of a question (`/questoes/{id}`, issue 12): the card on its own, public
// and shareable, with its own title and description. A signed-in student can answer it here;
// its answer shows when the URL names it (`revelada=<id>`, what answering without JS redirects
// to), as on the list, so the no-JS 'Ocultar Resposta' link (the URL without it) hides it.

/** The statement as plain text for the description meta: markup tags out, spaces joined. */
export function plainText(text: string, max = 160) {
  const plain = text
    .replace(/<[^>]{0,20}>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain
}

export async function loadQuestionPage(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, 'Questão não encontrada')
  const url = new URL(request.url)
  const token = await getToken(request)
  const api = await apiForRequest(request, context)
  const [details, reveals, now] = await Promise.all([
    withSession(request, () => call(api, insightApi.details, { params: { id } })).catch(notFoundAs404),
    token ? withSession(request, () => revealsInUrl(api, url.searchParams, id)) : Promise.resolve(new Map<number, ServerReveal>()),
    apiNow(request, context).catch(() => null),
  ])
  const q = details.data
  const reveal: RevealState | undefined = reveals.get(id)
  return json({
    card: toCardView(q, now),
    number: q.question_number,
    loggedIn: Boolean(token),
    reveal,
    quota: url.searchParams.get('limite') === String(id) ? await quotaTextOf(request, context) : undefined,
    title: `Questão ${q.question_number} (#${q.short_id}) — ${q.discipline_name}`,
    description: `${q.exam_name ?? q.exam_board} (${q.exam_board}, ${q.exam_year}): ${plainText(q.question_text)}`,
    canonical: `${url.origin}/questoes/${id}`,
  })
}
