import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { profileApi } from '#server/features/profile/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { MascotPicker } from '~/components/mascot-picker'
import { RouteDialog } from '~/components/route-dialog'
import { dashboardBack } from '~/dashboard/tabs'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import * as forms from './schemas.forms'

// The mascot picker (spec: six choices, closes on selection): a dialog over /dashboard with JS,
// a section of the dashboard page without. Each mascot is a submit button, so one click saves
// through PUT /profile and the redirect back to the dashboard closes it.

export const meta: MetaFunction = () => [{ title: 'Escolher mascote — Gabarita' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const { user } = await withSession(request, () => call(api, profileApi.get))
  const url = new URL(request.url)
  return json({ current: user.mascot, back: dashboardBack(url), formAction: `${url.pathname}${url.search}` })
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context)
  const back = dashboardBack(new URL(request.url))
  const submission = await parseForm(request, forms.MascotFormSchema)
  if (submission.status !== 'success') return json({ error: 'Escolha um dos mascotes.' }, { status: 400 })
  const api = await apiForRequest(request, context)
  try {
    await withSession(request, () => call(api, profileApi.update, { body: { mascot: submission.value.mascot } }))
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao atualizar perfil')
    return json({ error: message }, { status })
  }
  return redirectWithToast(back, { type: 'success', title: 'Mascote atualizado!' }, { request })
}

export default function MascotDialog() {
  const { current, back, formAction } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const chosen = saving ? (navigation.formData?.get('mascot') as string | null) : null
  return (
    <RouteDialog titleId="mascote-titulo" title="Escolha seu mascote" back={back} backLabel="Voltar ao painel" width="max-w-xl" inPage>
      <p id="mascote-ajuda" className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        O mascote aparece no seu avatar quando você não tem foto. Toque em um para escolher.
      </p>
      <Form method="POST" action={formAction} className="mt-4" aria-describedby="mascote-ajuda" preventScrollReset>
        <CsrfInput />
        <MascotPicker kind="submit" name="mascot" current={chosen ?? current} disabled={saving} />
        <ErrorList errors={actionData?.error ? [actionData.error] : undefined} />
      </Form>
    </RouteDialog>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
