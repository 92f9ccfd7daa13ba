import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { insightApi } from '#server/features/insight/contract'
import { orFailed, toolContext } from '~/question/insight.server'

// Desempenho of one question (issue 12): every student's attempts (the aggregate) and the
// student's own history, from GET /questions/{id}/statistics.

export const STATISTICS_ERROR = 'Não foi possível carregar as estatísticas.'

export async function loadStatistics(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const tool = await toolContext(request, context, rawId, 'desempenho')
  const result = await orFailed(request, () => call(tool.api, insightApi.statistics, { params: { id: tool.id } }), STATISTICS_ERROR)
  return json({
    question: tool.question,
    back: tool.back,
    stats: result.value?.data ?? null,
    /** 'Nenhuma estatística disponível.' when nobody answered yet. */
    empty: result.value && !result.value.data ? (result.value.message ?? 'Nenhuma estatística disponível.') : null,
    failed: result.failed,
  })
}
