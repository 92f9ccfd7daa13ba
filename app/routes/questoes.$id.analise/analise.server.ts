import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import type { RevealResponse } from '#server/features/questions/contract'
import { questionsApi } from '#server/features/questions/contract'
import type { ToolContext } from '~/question/insight.server'
import { orFailed, toolContext } from '~/question/insight.server'
import { listSearchOf, routeId } from '~/question/tool-urls'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { policyOf, requireLoginToAct, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { RevealAnalysisSchema } from './schemas'

// Análise (issue 12): the teacher's explanation of a question (or the exam file's comment, said
// as such: issue 40). It shows the answer, so it
// stays closed until the student answers or reveals (the read-only GET /reveal); the API gives
// the explanation only when the plan and the toggle allow it (policy.commentedAnswerAccess)
// and otherwise says why ('plan' → link to the plans).

const ANALYSIS_ERROR = 'Não foi possível carregar a análise.'

export type ClosedAnalysis = { reason: 'none' | 'plan' | 'disabled'; message: string }

/**
 * Why 'Ver análise' would show no analysis, so it must not spend one of the week's questions
 * (issue 27): the question has none, or the plan or the admin toggle keeps it closed. Null when
 * it would show one.
 */
async function closedAnalysis(request: Request, context: AppLoadContext, tool: ToolContext): Promise<ClosedAnalysis | null> {
  if (!tool.question.hasExplanation) return { reason: 'none', message: 'Esta questão ainda não tem análise do professor.' }
  const policy = await policyOf(request, context).catch(() => null)
  if (!policy || policy.features.commentedQuestions) return null
  return policy.limits.hasCommentedQuestions
    ? { reason: 'disabled', message: 'As questões comentadas estão desativadas no momento.' }
    : { reason: 'plan', message: 'A análise do professor não faz parte do seu plano.' }
}

export async function loadAnalysis(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const tool = await toolContext(request, context, rawId, 'analise')
  const result = await orFailed(
    request,
    () =>
      call(tool.api, questionsApi.revealed, { params: { id: tool.id } }).catch((error: unknown) => {
        // Not opened yet: the page offers 'Ver análise'.
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }),
    ANALYSIS_ERROR,
  )
  const reveal = result.value as RevealResponse | null
  return json({
    closed: reveal ? null : await closedAnalysis(request, context, tool),
    question: tool.question,
    back: tool.back,
    self: tool.self,
    failed: result.failed,
    reveal: reveal
      ? {
          correct_answer: reveal.correct_answer,
          annulled: reveal.annulled,
          explanation: reveal.explanation,
          origin: {
            explanation_source: reveal.explanation_source,
            explanation_author: reveal.explanation_author,
            explanation_credit: reveal.explanation_credit,
            explanation_exam: reveal.explanation_exam,
            alternative_comments: reveal.alternative_comments,
          },
          community: reveal.community_answer,
          citations: reveal.citations,
          locked: reveal.explanation_locked ?? null,
          lockedMessage: reveal.explanation_message ?? null,
        }
      : null,
  })
}

export async function analysisAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, 'Questão não encontrada')
  const self = `/questoes/${id}/analise${listSearchOf(new URL(request.url))}`
  const parsed = await parseForm(request, RevealAnalysisSchema)
  await requireLoginToAct(request, self, 'Faça login para ver a análise.')
  if (parsed.status !== 'success') return redirectWithToast(self, { type: 'error', title: 'Requisição inválida' }, { request })
  const tool = await toolContext(request, context, rawId, 'analise')
  // Nothing to show: no question is spent; the page says why.
  if (await closedAnalysis(request, context, tool)) return redirect(self)
  const api = tool.api
  try {
    await withSession(request, () => call(api, questionsApi.reveal, { params: { id } }))
    return redirect(self)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof ApiError && error.status === 404) throw new Response('Questão não encontrada', { status: 404 })
    const { message } = formError(error, ANALYSIS_ERROR)
    if (error instanceof ApiError && error.status === 403) {
      return redirectWithToast(self, { type: 'warning', title: 'Limite semanal atingido', description: message }, { request })
    }
    return redirectWithToast(self, { type: 'error', title: 'Erro', description: message }, { request })
  }
}
