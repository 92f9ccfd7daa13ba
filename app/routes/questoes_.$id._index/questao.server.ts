import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { getQuestionDetails } from '#server/client/insight'
import { getRevealed } from '#server/client/questions'
import { PLAN_LIMITS, quotaMessageFor } from '#server/domain/plans'
import { notFoundAs404 } from '~/routes/questoes/insight.server'
import type { RevealState } from '~/routes/questoes/question-card'
import { toCardView } from '~/routes/questoes/question-card'
import { routeId } from '~/routes/questoes/tool-urls'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, getToken, withSession } from '~/utils/session.server'

// The permanent page of a question (`/questoes/{id}`, issue 12): the card on its own, public
// and shareable, with its own title and description. A signed-in student can answer it here;
// an answer already given (or revealed) shows, read-only, as on the list.

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
  const [details, revealed] = await Promise.all([
    withSession(request, () => getQuestionDetails(api, id)).catch(notFoundAs404),
    token
      ? withSession(request, () => getRevealed(api, id)).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null
          throw error
        })
      : Promise.resolve(null),
  ])
  const q = details.data
  const chosen = url.searchParams
    .getAll('escolha')
    .map((v) => /^(\d{1,9})-([A-Za-z])$/.exec(v))
    .find((m) => m && Number(m[1]) === id)?.[2]
    ?.toUpperCase()
  const reveal: RevealState | undefined = revealed
    ? { correct_answer: revealed.correct_answer, explanation: revealed.explanation, annulled: revealed.annulled, chosen: chosen ?? null }
    : undefined
  return json({
    card: toCardView(q),
    number: q.question_number,
    loggedIn: Boolean(token),
    reveal,
    quota: url.searchParams.get('limite') === String(id) ? quotaMessageFor(PLAN_LIMITS.GRATUITO.questionsPerWeek) : undefined,
    title: `Questão ${q.question_number} (#${q.short_id}) — ${q.discipline_name}`,
    description: `${q.exam_name ?? q.exam_board} (${q.exam_board}, ${q.exam_year}): ${plainText(q.question_text)}`,
    canonical: `${url.origin}/questoes/${id}`,
  })
}
