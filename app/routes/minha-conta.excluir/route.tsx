import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { meApi } from '#server/features/me/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { PasswordField } from '~/components/password-field'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, destroySession, getSession, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'

// 'Excluir minha conta' (issue 14, ADR 022): what goes and what stays, then the password.

export const meta: MetaFunction = () => [{ title: 'Excluir minha conta — Gabarita' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context)
  const submission = await parseForm(request, forms.DeleteAccountBody)
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: ['confirmacao'] }) }, { status: 400 })
  try {
    await call(await apiForRequest(request, context), meApi.deleteAccount, { body: { password: submission.value.confirmacao } })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível excluir a conta agora. Tente novamente.')
    const reply = status === 400 ? { fieldErrors: { confirmacao: [message] } } : { formErrors: [message] }
    return json({ result: submission.reply({ ...reply, hideFields: ['confirmacao'] }) }, { status })
  }
  // The API revoked every token with the account: the cookie goes too.
  const session = await getSession(request)
  return redirectWithToast(
    '/',
    { type: 'success', title: 'Sua conta foi excluída.' },
    { request, headers: { 'Set-Cookie': await destroySession(session) } },
  )
}

export default function DeleteAccountPage() {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useZodForm(forms.DeleteAccountBody, { id: 'excluir-conta', lastResult: actionData?.result })
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-xl">
        <h1 className="text-2xl font-bold">Excluir minha conta</h1>
        <p className="mt-3">A exclusão é definitiva. Antes, se quiser, baixe uma cópia dos seus dados.</p>
        <h2 className="mt-5 font-semibold">O que apagamos</h2>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          <li>Seu perfil, email e senha; suas respostas, anotações e cadernos; conversas com o assistente; seus votos e sessões.</li>
        </ul>
        <h2 className="mt-4 font-semibold">O que fica</h2>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          <li>Suas mensagens no fórum, para as discussões continuarem legíveis, assinadas como “Usuário removido”.</li>
          <li>Os registros de pagamento, sem ligação com você, como a lei fiscal exige.</li>
        </ul>
        <p className="mt-4">
          <a href="/minha-conta/exportar" className="font-semibold text-brand-700 underline dark:text-brand-300" download>
            Baixar meus dados
          </a>
        </p>
        <Form method="POST" className="mt-6 space-y-4" {...getFormProps(form)}>
          <CsrfInput />
          <PasswordField
            label="Sua senha (conta criada pelo Google: seu email)"
            inputProps={{ ...getInputProps(fields.confirmacao, { type: 'password' }), autoComplete: 'current-password' }}
            errors={fields.confirmacao.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={navigation.state === 'submitting'}>
              {navigation.state === 'submitting' ? 'Excluindo...' : 'Excluir minha conta'}
            </button>
            <Link to="/dashboard" className="btn-secondary">
              Cancelar
            </Link>
          </div>
        </Form>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
