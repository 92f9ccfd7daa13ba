import { Form } from '@remix-run/react'

import { CsrfInput } from '~/components/csrf-input'
import { Field } from '~/components/forms'

import { LoginForm } from './login-form'

export type DialogView = 'login' | 'forgot'

/** The login dialog's two views, posting to /login and /esqueci-senha like those pages. */
export default function LoginDialogForms({
  view,
  redirectTo,
  onViewChange,
}: {
  view: DialogView
  redirectTo: string
  onViewChange: (view: DialogView) => void
}) {
  return view === 'login' ? (
    <LoginForm redirectTo={redirectTo} action="/login">
      <button
        type="button"
        className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        onClick={() => onViewChange('forgot')}
      >
        Esqueceu a senha?
      </button>
    </LoginForm>
  ) : (
    <Form method="POST" action="/esqueci-senha" className="space-y-4">
      <CsrfInput />
      <Field label="Email" inputProps={{ name: 'email', type: 'email', required: true, autoComplete: 'email', autoFocus: true }} />
      <button type="submit" className="btn-primary w-full">
        Enviar senha temporária
      </button>
      <button type="button" className="btn-ghost w-full" onClick={() => onViewChange('login')}>
        Voltar ao login
      </button>
    </Form>
  )
}
