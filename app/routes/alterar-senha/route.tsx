import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { KeyRound } from 'lucide-react'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { PasswordField, useClearPasswordsOnError } from '~/components/password-field'
import { formError } from '~/utils/api.server'
import * as forms from '~/utils/auth-schemas.forms'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

export const meta: MetaFunction = () => [{ title: 'Alterar senha — Gabarita' }]

/** The forced step after a temporary-password login: every other page redirects here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  if (!user.requires_password_reset) throw redirect('/dashboard')
  return json({ email: user.email })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseForm(request, forms.NewPasswordFormSchema)
  const hideFields = ['newPassword', 'confirmPassword']
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields }) }, { status: 400 })
  const api = await apiForRequest(request, context)
  try {
    await withSession(request, () =>
      call(api, authApi.changeTemporaryPassword, {
        body: { new_password: submission.value.newPassword, confirm_password: submission.value.confirmPassword },
      }),
    )
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao alterar senha')
    return json({ result: submission.reply({ formErrors: [message], hideFields }) }, { status })
  }
  // The same token is now a full session: the user is signed in.
  return redirectWithToast('/dashboard', { type: 'success', title: 'Senha alterada e login realizado com sucesso!' }, { request })
}

export default function ChangeTemporaryPasswordPage() {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useZodForm(forms.NewPasswordFormSchema, { id: 'temp-password-form', lastResult: actionData?.result })
  useClearPasswordsOnError(actionData?.result, [fields.newPassword.id, fields.confirmPassword.id])
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md">
        <KeyRound className="h-10 w-10 text-brand-600" aria-hidden />
        <h1 className="mt-2 text-2xl font-bold">Alterar senha</h1>
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          É necessário alterar sua senha para continuar.
        </p>
        <Form method="POST" className="mt-6 space-y-4" {...getFormProps(form)}>
          <CsrfInput />
          <PasswordField
            label="Nova senha"
            inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password', autoFocus: true }}
            errors={fields.newPassword.errors}
          />
          <PasswordField
            label="Confirmar nova senha"
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
            errors={fields.confirmPassword.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn-primary w-full" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? 'Salvando...' : 'Alterar senha e entrar'}
          </button>
        </Form>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
