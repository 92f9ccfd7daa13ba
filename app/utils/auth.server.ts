import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { parseForm } from '~/utils/form-schema.server'

import { apiFor } from './api.server'
import { formError } from './api.server'
import { LoginFormSchema } from './auth-schemas'
import { CHANGE_PASSWORD_PATH, createUserSession, safeRedirect } from './session.server'

/**
 * The login form's action, shared by /login and /admin/login. Errors come back
 * next to the form (the password is never echoed back).
 */
export async function handleLogin(request: Request, context: AppLoadContext, options: { adminOnly?: boolean } = {}) {
  const formData = await request.formData()
  const submission = await parseForm(formData, LoginFormSchema)
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const { email, password, remember = false, redirectTo } = submission.value
  // Wrong credentials mark the password field (invalid, described by the message); other
  // failures (rate limit, server down, not an admin) stay the form's.
  const fail = (message: string, status: number) =>
    json(
      {
        result: submission.reply(
          status === 401
            ? { fieldErrors: { password: [message] }, hideFields: ['password'] }
            : { formErrors: [message], hideFields: ['password'] },
        ),
      },
      { status },
    )
  let result
  try {
    result = await call(apiFor(context), authApi.login, { body: { email, password, remember } })
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao fazer login')
    return fail(message, status)
  }
  if (options.adminOnly && !result.user.is_admin) {
    // Not an administrator: the token is not kept.
    await call(apiFor(context, result.token), authApi.logout).catch(() => {})
    return fail('Acesso restrito a administradores', 403)
  }
  if (result.requires_password_reset) {
    return createUserSession(request, {
      token: result.token,
      remember: false,
      redirectTo: CHANGE_PASSWORD_PATH,
      toast: { type: 'warning', title: result.message || 'É necessário alterar sua senha para continuar.' },
    })
  }
  return createUserSession(request, {
    token: result.token,
    remember,
    redirectTo: safeRedirect(redirectTo, options.adminOnly ? '/admin' : '/dashboard'),
    toast: { type: 'success', title: 'Login realizado com sucesso!' },
  })
}
