import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field } from '~/components/forms'
import { apiFor } from '~/utils/api.server'
import { formError } from '~/utils/api.server'
import * as forms from '~/utils/auth-schemas.forms'
import { parseForm } from '~/utils/form-schema.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

export const meta: MetaFunction = () => [{ title: 'Recuperar senha — Gabarita' }]

const GENERIC = 'Se o email estiver cadastrado, você receberá instruções para recuperar sua senha'

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseForm(request, forms.ForgotFormSchema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    const res = await call(apiFor(context), authApi.forgotPassword, { body: { email: submission.value.email } })
    return redirectWithToast('/login', { type: 'success', title: res.message || GENERIC }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao solicitar recuperação de senha')
    return json({ result: submission.reply({ formErrors: [message] }) }, { status })
  }
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useZodForm(forms.ForgotFormSchema, { id: 'forgot-form', lastResult: actionData?.result })
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md">
        <h1 className="text-2xl font-bold">Recuperar senha</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Digite seu email para receber uma senha temporária.</p>
        {/* noValidate: an empty email gets our message, not the browser's. */}
        <Form method="POST" className="mt-6 space-y-4" {...getFormProps(form)} noValidate>
          <CsrfInput />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
            errors={fields.email.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn-primary w-full" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? 'Enviando...' : 'Enviar senha temporária'}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            Voltar para o login
          </Link>
        </p>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
