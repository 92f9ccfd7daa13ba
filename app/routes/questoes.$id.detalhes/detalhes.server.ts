import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { insightApi } from '#server/features/insight/contract'
import { notFoundAs404, orFailed, toolContext } from '~/question/insight.server'
import { getOptionalUser, withSession } from '~/utils/session.server'

// Detalhes (issue 12): every field of the question, its permanent link, the attempt details
// (spec section 3) and what the student has around it (GET /interactions: counts, never
// invented); for an admin, the way to the question's outdated badges.

export async function loadDetails(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const tool = await toolContext(request, context, rawId, 'detalhes')
  const [details, interactions, stats, user] = await Promise.all([
    withSession(request, () => call(tool.api, insightApi.details, { params: { id: tool.id } })).catch(notFoundAs404),
    orFailed(
      request,
      () => call(tool.api, insightApi.interactions, { params: { id: tool.id } }),
      'Não foi possível carregar as interações da questão.',
    ),
    orFailed(
      request,
      () => call(tool.api, insightApi.statistics, { params: { id: tool.id } }),
      'Não foi possível carregar as estatísticas.',
    ),
    getOptionalUser(request, context),
  ])
  const { shown_token: _token, ...question } = details.data
  const s = stats.value?.data ?? null
  return json({
    question,
    back: tool.back,
    permalink: `/questoes/${tool.id}`,
    // Staff confirm or remove the question's outdated badges there (ADR 090).
    badgesLink: user?.is_admin ? `/admin/legislacao/selos?questao=${tool.id}` : null,
    origin: tool.url.origin,
    interactions: interactions.value?.data ?? null,
    interactionsFailed: interactions.failed,
    attempt: {
      failed: stats.failed,
      totalAttempts: s?.totalAttempts ?? 0,
      correctAttempts: s?.correctAttempts ?? 0,
      accuracy: s?.accuracy ?? null,
      averageTime: s?.averageTime ?? null,
      answered: s?.difficulty.answered ?? null,
      userAttempts: s?.userStats?.attempts ?? 0,
      userCorrect: s?.userStats?.correct ?? 0,
      lastAttempt: s?.userStats?.lastAttempt ?? null,
    },
  })
}
