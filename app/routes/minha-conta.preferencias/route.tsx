import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { profileApi } from '#server/features/profile/contract'
import * as forms from '~/dashboard/preferences-schemas.forms'
import { SETTINGS_TAB_URL } from '~/dashboard/tabs'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

// The Configurações tab's preferences (notifications, ranking opt-out): a POST-only resource
// route that saves through PUT /profile and goes back to the tab, with or without JS.

const FAILED = 'Não foi possível salvar as preferências.'

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context)
  const submission = await parseForm(request, forms.PreferencesFormSchema)
  if (submission.status !== 'success') return redirectWithToast(SETTINGS_TAB_URL, { type: 'error', title: FAILED }, { request })
  const api = await apiForRequest(request, context)
  try {
    await withSession(request, () =>
      call(api, profileApi.update, {
        body: {
          notifications_enabled: submission.value.notificationsEnabled ?? false,
          ranking_opt_out: submission.value.rankingOptOut ?? false,
        },
      }),
    )
  } catch (error) {
    const { message } = formError(error, FAILED)
    return redirectWithToast(SETTINGS_TAB_URL, { type: 'error', title: message }, { request })
  }
  return redirectWithToast(SETTINGS_TAB_URL, { type: 'success', title: 'Preferências salvas.' }, { request })
}

// Nothing to show here: a GET (a reload after the POST, a typed URL) lands on the tab.
export function loader() {
  return redirect(SETTINGS_TAB_URL)
}
