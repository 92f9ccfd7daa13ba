import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { legislationApi } from '#server/features/legislation/contract'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ExamDateFormSchema } from './schemas'

// The days the exams were applied (ADR 053): "Pode estar desatualizada" compares them with the
// laws' dates in force; without one, the exam's year is used.

export async function loadExamDates(request: Request, context: AppLoadContext) {
  const api = await apiForRequest(request, context)
  return (await withSession(request, () => call(api, legislationApi.examDates))).data
}

export async function examDateAction(request: Request, context: AppLoadContext) {
  const submission = await parseForm(request, ExamDateFormSchema)
  const formId = `data-prova-${String((submission.payload as Record<string, unknown>).prova ?? '')}`
  if (submission.status !== 'success') return json({ kind: 'date' as const, formId, result: submission.reply() }, { status: 400 })
  const { prova, data } = submission.value
  try {
    const api = await apiForRequest(request, context)
    const res = await withSession(request, () =>
      call(api, legislationApi.setExamDate, { params: { id: prova }, body: { applied_on: data ?? null } }),
    )
    return redirectWithToast(
      `/admin/provas#data-prova-${prova}`,
      { type: 'success', title: res.message, description: res.exam.name },
      { request },
    )
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar a data agora. Tente novamente.')
    return json({ kind: 'date' as const, formId, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
