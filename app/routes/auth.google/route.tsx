import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { ApiError, apiFor } from '~/utils/api.server'
import { redirectWithToast } from '~/utils/toast.server'

/** The Google button: ask the API for the provider's URL and send the browser there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const { auth_url: url } = await call(apiFor(context), authApi.googleStart)
    if (!url) return redirectWithToast('/login', { type: 'error', title: 'URL de autenticação não encontrada' }, { request })
    return redirect(url)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(
      '/login',
      { type: 'error', title: 'Erro ao iniciar login com Google', description: error.status > 0 ? error.message : undefined },
      { request },
    )
  }
}
