import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { AccountJson } from '#server/features/profile/contract'
import type { ReviewSettingsJson } from '#server/features/review/contract'
import { reviewApi } from '#server/features/review/contract'
import { SETTINGS_TAB_URL } from '~/dashboard/tabs'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, withSession } from '~/utils/session.server'
import { getTheme } from '~/utils/theme.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ReviewSettingsFormSchema } from './schemas'

// The Configurações tab's data. Preferences come from GET /profile as stored
// (notifications_enabled is never forced on: the spec's "always true when the form loads"
// defect stays fixed); the theme from its cookie; Revisão's settings from GET /review/settings.

/** From a GET /profile answer the dashboard already has, and the review settings. */
export async function settingsFrom(request: Request, { user, profile }: Pick<AccountJson, 'user' | 'profile'>, review: ReviewSettingsJson) {
  return {
    notificationsEnabled: profile.notifications_enabled,
    rankingOptOut: profile.ranking_opt_out,
    review,
    theme: await getTheme(request),
    user: { name: user.name, mascot: user.mascot, avatarUrl: user.avatar_url },
  }
}

export type SettingsTabData = Awaited<ReturnType<typeof settingsFrom>>

export type ReviewSettingsActionData = { formId: 'revisao'; result: SubmissionResult<string[]> }

/** The Revisão form (`intent=revisao`): PUT /review/settings, then back to the form with a toast. */
export async function reviewSettingsAction(request: Request, context: AppLoadContext, formData: FormData) {
  const submission = await parseForm(formData, ReviewSettingsFormSchema)
  if (submission.status !== 'success')
    return json<ReviewSettingsActionData>({ formId: 'revisao', result: submission.reply() }, { status: 400 })
  const api = await apiForRequest(request, context)
  try {
    const { message } = await withSession(request, () =>
      call(api, reviewApi.putSettings, {
        body: { desired_retention: submission.value.retencao, daily_limit: submission.value.limite },
      }),
    )
    return redirectWithToast(`${SETTINGS_TAB_URL}#config-revisao`, { type: 'success', title: message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar as configurações de revisão.')
    return json<ReviewSettingsActionData>({ formId: 'revisao', result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
