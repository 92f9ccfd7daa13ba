import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { reviewApi } from '#server/features/review/contract'
import { STUDY_PLAN_SAVED } from '#server/features/review/messages'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { SELF } from './path'
import { StudyPlanFormSchema } from './schemas'

// /plano-de-estudos (issue 30): GET /study-plan (the plan, this week's targets and progress, or
// why the student's plan does not include it) and the one form, PUT /study-plan.

export async function loadStudyPlan(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const plan = await withSession(request, () => call(api, reviewApi.getStudyPlan))
  const { allowed, message, plans_url, week } = plan
  // "Excluir desatualizadas" (ADR 053): carried to the plan's links into /questoes.
  const fresh = new URL(request.url).searchParams.get('atualizadas') === '1'
  return json({ allowed, message, plansUrl: plans_url, plan: plan.plan, week, fresh })
}

export type StudyPlanActionData = { result: SubmissionResult<string[]>; plansUrl?: string }

/** Saves the exam date and hours, then back to the page (its targets recomputed) with a toast. */
export async function saveStudyPlan(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const submission = await parseForm(request, StudyPlanFormSchema)
  if (submission.status !== 'success') return json<StudyPlanActionData>({ result: submission.reply() }, { status: 400 })
  const api = await apiForRequest(request, context)
  try {
    await withSession(request, () =>
      call(api, reviewApi.putStudyPlan, { body: { exam_date: submission.value.data, hours_per_week: submission.value.horas } }),
    )
    return redirectWithToast(`${SELF}#metas`, { type: 'success', title: STUDY_PLAN_SAVED }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar o plano de estudos.')
    const body = error instanceof ApiError ? (error.body as { plans_url?: string } | undefined) : undefined
    return json<StudyPlanActionData>(
      { result: submission.reply({ formErrors: [message] }), plansUrl: status === 403 ? body?.plans_url : undefined },
      { status },
    )
  }
}
