import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { classificationApi } from '#server/features/classification/contract'
import type { ClassificationConfidence } from '#server/features/classification/messages'
import { CLASSIFICATION_CONFIDENCES } from '#server/features/classification/messages'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { TopicClassifyFormSchema } from './schemas'

// /admin/classificacao/assuntos (issue 65 §2): the URL is the filters' state (prova, disciplina,
// confianca, pagina); the one POST confirms the checked rows, each with its chosen topic.

const positive = (text: string | null) => (text && /^\d{1,9}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined)

export async function loadTopicDesk(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const confidenceText = url.searchParams.get('confianca') ?? ''
  const confidence = (CLASSIFICATION_CONFIDENCES as readonly string[]).includes(confidenceText)
    ? (confidenceText as ClassificationConfidence)
    : 'todas'
  const filters = {
    exam_id: positive(url.searchParams.get('prova')),
    discipline_id: positive(url.searchParams.get('disciplina')),
    confidence,
    page: positive(url.searchParams.get('pagina')) ?? 1,
  }
  const api = await apiForRequest(request, context)
  const queue = await withSession(request, () => call(api, classificationApi.topicQueue, { query: filters }))
  return json({
    queue,
    filters: {
      prova: filters.exam_id ? String(filters.exam_id) : '',
      disciplina: filters.discipline_id ? String(filters.discipline_id) : '',
      confianca: confidence,
    },
    self: `${url.pathname}${url.search}`,
  })
}

export async function topicDeskAction(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const back = safeRedirect(`${url.pathname}${url.search}`, '/admin/classificacao/assuntos')
  const submission = await parseForm(request, TopicClassifyFormSchema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const items = submission.value.itens
    .filter((item) => item.confirmar)
    .map((item) => ({ question_id: item.questao, topic_id: item.assunto }))
  try {
    const api = await apiForRequest(request, context)
    const answer = await withSession(request, () => call(api, classificationApi.topicReview, { body: { items } }))
    return redirectWithToast(back, { type: 'success', title: answer.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível confirmar os assuntos agora. Tente novamente.')
    return json({ result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
