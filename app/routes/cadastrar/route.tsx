import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CheckboxField, ErrorList, Field } from '~/components/forms'
import { PasswordField, useClearPasswordsOnError } from '~/components/password-field'
import { apiFor } from '~/utils/api.server'
import { formError } from '~/utils/api.server'
import * as forms from '~/utils/auth-schemas.forms'
import { parseForm } from '~/utils/form-schema.server'
import { createUserSession, requireAnonymous, safeRedirect } from '~/utils/session.server'
import { useZodForm } from '~/utils/use-zod-form'

export const meta: MetaFunction = () => [{ title: 'Cadastrar Grátis — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context)
  // ?redirectTo= (the /planos buttons): where the new account goes next, on this site only.
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  return json({ redirectTo: redirectTo ? safeRedirect(redirectTo, '/') : null })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const submission = await parseForm(formData, forms.RegisterFormSchema)
  const hideFields = ['password', 'confirmPassword']
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields }) }, { status: 400 })
  const { name, email, phone, password } = submission.value
  try {
    const result = await call(apiFor(context), authApi.register, { body: { name, email, phone: phone || null, password } })
    // Registration signs the user in as remembered (spec section 4).
    return createUserSession(request, {
      token: result.token,
      remember: true,
      redirectTo: safeRedirect(formData.get('redirectTo'), '/'),
      toast: { type: 'success', title: 'Conta criada com sucesso!' },
    })
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao fazer cadastro')
    const reply =
      status === 409
        ? submission.reply({ fieldErrors: { email: [message] }, hideFields })
        : submission.reply({ formErrors: [message], hideFields })
    return json({ result: reply }, { status })
  }
}

export default function RegisterPage() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useZodForm(forms.RegisterFormSchema, { id: 'register-form', lastResult: actionData?.result })
  useClearPasswordsOnError(actionData?.result, [fields.password.id, fields.confirmPassword.id])
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md">
        <h1 className="text-2xl font-bold">Cadastrar Grátis</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Crie sua conta e comece a resolver questões da OAB.</p>
        <Form method="POST" className="mt-6 space-y-4" {...getFormProps(form)}>
          <CsrfInput />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Field
            label="Nome completo"
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
            errors={fields.name.errors}
          />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
            errors={fields.email.errors}
          />
          <Field
            label="Telefone (opcional)"
            inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
            errors={fields.phone.errors}
          />
          <PasswordField
            label="Senha"
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
            errors={fields.password.errors}
          />
          <PasswordField
            label="Confirmar senha"
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
            errors={fields.confirmPassword.errors}
          />
          <CheckboxField
            label={
              <>
                Li e aceito os{' '}
                <Link to="/termos" className="font-medium text-brand-700 underline dark:text-brand-300">
                  termos de uso e a política de privacidade
                </Link>
              </>
            }
            inputProps={getInputProps(fields.terms, { type: 'checkbox' })}
            errors={fields.terms.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn-primary w-full" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? 'Criando conta...' : 'Criar conta'}
          </button>
        </Form>
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          <button type="button" className="btn-secondary" disabled title="em breve">
            Google (em breve)
          </button>
          <button type="button" className="btn-secondary" disabled title="em breve">
            Facebook (em breve)
          </button>
        </div>
        <p className="mt-6 text-center text-sm">
          Já tem conta?{' '}
          <Link
            to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
          >
            Entrar
          </Link>
        </p>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
