import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { ApiError, apiFor } from '~/utils/api.server'
import { createUserSession } from '~/utils/session.server'

/** Said once, when linking dropped a password that was never proven (server/features/auth/google.ts). */
const PASSWORD_REMOVED =
  'Por segurança, a senha que esta conta tinha deixou de valer e as outras sessões foram encerradas. Para entrar também com email e senha, crie uma nova senha em Editar perfil, deixando "Senha atual" em branco.'

export const meta: MetaFunction = () => [{ title: 'Finalizando login com Google... — Gabarita' }]

/**
 * The provider sends the browser back here; the redirects follow spec section 4.
 * (google_ in the file name: not nested under the start route, whose loader redirects.)
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (url.searchParams.get('error')) throw redirect('/login?error=google_auth_failed')
  const code = url.searchParams.get('code')
  const state = url.searchParams.get('state')
  if (!code || !state) throw redirect('/login?error=invalid_callback')
  let result
  try {
    result = await call(apiFor(context), authApi.googleCallback, { query: Object.fromEntries(url.searchParams) })
  } catch (error) {
    if (error instanceof ApiError) throw redirect('/login?error=callback_error')
    throw error
  }
  if (!result?.success || !result.data?.token) throw redirect('/login?error=callback_failed')
  const { token, is_new_user: isNew, requires_password_reset: resetRequired, password_removed: passwordRemoved } = result.data
  return createUserSession(request, {
    token,
    remember: true,
    redirectTo: resetRequired ? '/dashboard?change_password=required' : isNew ? '/dashboard?welcome=true' : '/dashboard',
    toast: isNew
      ? { type: 'success', title: 'Bem-vindo!', description: 'Sua conta foi criada com sucesso.' }
      : passwordRemoved
        ? { type: 'info', title: 'Conta vinculada ao Google', description: PASSWORD_REMOVED }
        : { type: 'success', title: 'Login realizado', description: 'Bem-vindo de volta!' },
  })
}

export default function GoogleCallbackPage() {
  return (
    <div className="container-page flex justify-center py-16" role="status" aria-live="polite">
      <p className="text-lg">Finalizando login com Google...</p>
    </div>
  )
}
