import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { classificationApi } from '#server/features/classification/contract'
import { confirmChecked, deskFilters } from '~/admin/classification-desk.server'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

import { TopicClassifyFormSchema } from './schemas'

// /admin/classificacao/assuntos (issue 65 §2): the URL is the filters' state (prova, disciplina,
// confianca, pagina); the one POST confirms the checked rows, each with its chosen topic.

export async function loadTopicDesk(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const { query, filters, self } = deskFilters(new URL(request.url))
  const api = await apiForRequest(request, context)
  const queue = await withSession(request, () => call(api, classificationApi.topicQueue, { query }))
  return json({ queue, filters, self })
}

export function topicDeskAction(request: Request, context: AppLoadContext) {
  return confirmChecked(request, context, TopicClassifyFormSchema, {
    home: '/admin/classificacao/assuntos',
    items: (value) => value.itens.filter((item) => item.confirmar).map((item) => ({ question_id: item.questao, topic_id: item.assunto })),
    send: (api, items) => call(api, classificationApi.topicReview, { body: { items } }),
    fallback: 'Não foi possível confirmar os assuntos agora. Tente novamente.',
  })
}
