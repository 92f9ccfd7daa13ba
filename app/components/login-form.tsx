import type { SubmissionResult } from '@conform-to/react'
import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'

import { CsrfInput } from '~/components/csrf-input'
import { CheckboxField, ErrorList, Field } from '~/components/forms'
import * as forms from '~/utils/auth-schemas.forms'
import { useZodForm } from '~/utils/use-zod-form'

import { PasswordField, useClearPasswordsOnError } from './password-field'

/** The email + password form of /login and /admin/login (works without JS). */
export function LoginForm({
  lastResult,
  redirectTo,
  action,
  showRemember = true,
  children,
}: {
  lastResult?: SubmissionResult<string[]>
  redirectTo?: string
  action?: string
  showRemember?: boolean
  children?: React.ReactNode
}) {
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' && navigation.formAction === (action ?? navigation.formAction)
  const [form, fields] = useZodForm(forms.LoginFormSchema, { id: 'login-form', defaultValue: { redirectTo }, lastResult })
  useClearPasswordsOnError(lastResult, [fields.password.id])
  return (
    <Form method="POST" action={action} className="space-y-4" {...getFormProps(form)}>
      <CsrfInput />
      <input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: !lastResult }}
        errors={fields.email.errors}
      />
      <PasswordField
        label="Senha"
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        errors={fields.password.errors}
      />
      {showRemember ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField label="Lembrar de mim" inputProps={getInputProps(fields.remember, { type: 'checkbox' })} />
          {children}
        </div>
      ) : (
        children
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? 'Entrando...' : 'Entrar'}
      </button>
    </Form>
  )
}
