import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { classificationApi } from '#server/features/classification/contract'
import { confirmChecked, deskFilters } from '~/admin/classification-desk.server'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

import { ClassifyFormSchema } from './schemas'

// /admin/classificacao (issue 38 §1, ADR 052): the URL is the filters' state (prova, disciplina,
// confianca, pagina); the one POST confirms the checked rows, each with its chosen discipline.

export async function loadClassification(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const { query, filters, self } = deskFilters(new URL(request.url))
  const api = await apiForRequest(request, context)
  const queue = await withSession(request, () => call(api, classificationApi.queue, { query }))
  return json({ queue, filters, self })
}

export function classificationAction(request: Request, context: AppLoadContext) {
  return confirmChecked(request, context, ClassifyFormSchema, {
    home: '/admin/classificacao',
    items: (value) =>
      value.itens.filter((item) => item.confirmar).map((item) => ({ question_id: item.questao, discipline_id: item.disciplina })),
    send: (api, items) => call(api, classificationApi.review, { body: { items } }),
    fallback: 'Não foi possível confirmar as classificações agora. Tente novamente.',
  })
}
