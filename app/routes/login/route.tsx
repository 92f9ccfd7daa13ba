import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LoginForm } from '~/components/login-form'
import { handleLogin } from '~/utils/session.server'
import { requireAnonymous, safeRedirect } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Entrar — Gabarita' }]

/** Messages for the ?error= codes the Google callback sends back here (spec section 4). */
const GOOGLE_ERRORS: Record<string, string> = {
  google_auth_failed: 'O login com Google foi cancelado ou recusado.',
  invalid_callback: 'Erro ao processar login com Google: retorno inválido.',
  callback_failed: 'Erro ao processar login com Google',
  callback_error: 'Erro ao processar login com Google',
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context)
  const url = new URL(request.url)
  const redirectTo = url.searchParams.get('redirectTo')
  const error = url.searchParams.get('error')
  return json({
    redirectTo: redirectTo ? safeRedirect(redirectTo) : undefined,
    googleError: error ? (GOOGLE_ERRORS[error] ?? null) : null,
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context)
}

export default function LoginPage() {
  const { redirectTo, googleError } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md">
        <h1 className="text-2xl font-bold">Entrar</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Acesse sua conta para continuar estudando.</p>
        {googleError ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {googleError}
          </p>
        ) : null}
        <div className="mt-6 grid gap-2">
          <a href="/auth/google" className="btn-secondary w-full">
            <GoogleIcon /> Entrar com Google
          </a>
          <button type="button" className="btn-secondary w-full" disabled aria-disabled="true" title="em breve">
            Entrar com Facebook <span className="text-xs">(em breve)</span>
          </button>
        </div>
        <div className="my-6 flex items-center gap-3 text-sm text-slate-500 dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          ou
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>
        <LoginForm lastResult={actionData?.result} redirectTo={redirectTo}>
          <Link
            to="/esqueci-senha"
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            Esqueceu a senha?
          </Link>
        </LoginForm>
        <p className="mt-6 text-center text-sm">
          Não tem conta?{' '}
          <Link to="/cadastrar" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            Cadastre-se grátis
          </Link>
        </p>
      </div>
    </div>
  )
}

export function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"
      />
    </svg>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
