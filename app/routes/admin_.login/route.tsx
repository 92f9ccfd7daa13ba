import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ShieldCheck } from 'lucide-react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LoginForm } from '~/components/login-form'
import { handleLogin } from '~/utils/session.server'
import { getOptionalUser, safeRedirect } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Login administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context)
  if (user?.is_admin) throw redirect('/admin')
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  const target = safeRedirect(redirectTo, '/admin')
  return json({ redirectTo: target.startsWith('/admin') ? target : '/admin', signedInAsStudent: Boolean(user) })
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context, { adminOnly: true })
}

export default function AdminLoginPage() {
  const { redirectTo, signedInAsStudent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md">
        <ShieldCheck className="h-10 w-10 text-brand-600" aria-hidden />
        <h1 className="mt-2 text-2xl font-bold">Painel Administrativo</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Entre com uma conta de administrador.</p>
        {signedInAsStudent ? (
          <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Sua conta atual não é de administrador. Entre com uma conta de administrador para continuar.
          </p>
        ) : null}
        <div className="mt-6">
          <LoginForm lastResult={actionData?.result} redirectTo={redirectTo} showRemember={false} />
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
