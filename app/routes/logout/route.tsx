import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { apiFor } from '~/utils/api.server'
import { destroySession, getSession, safeRedirect, tokenOf } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

/** Logout is a POST only: the API token is revoked, the session cleared, then /login (or redirectTo). */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const session = await getSession(request)
  const token = tokenOf(session)
  // A failure to revoke (expired token, API down) must not keep the user signed in here.
  if (token) await call(apiFor(context, token), authApi.logout).catch(() => {})
  return redirectWithToast(
    safeRedirect(formData.get('redirectTo'), '/login'),
    { type: 'success', title: 'Logout realizado com sucesso!' },
    { request, headers: { 'Set-Cookie': await destroySession(session) } },
  )
}

export function loader() {
  return redirect('/')
}
