import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { RouteDialog } from '~/components/route-dialog'
import { formatDate } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Cancelar assinatura — Gabarita' }]

/** The confirmation before a cancel; the POST itself is the /trocar-plano action (intent=cancel). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const overview = await withSession(request, () => call(api, billingApi.subscription))
  if (!overview.subscription) {
    return redirectWithToast('/trocar-plano', { type: 'info', title: 'Você não tem uma assinatura ativa para cancelar.' }, { request })
  }
  if (overview.state === 'canceled')
    return redirectWithToast('/trocar-plano', { type: 'info', title: 'Sua assinatura já está cancelada.' }, { request })
  return json({ plan: overview.plan.name, until: overview.subscription.current_period_end })
}

export default function CancelSubscriptionStep() {
  const { plan, until } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'cancel'
  return (
    <RouteDialog
      titleId="cancelar-titulo"
      title="Cancelar assinatura"
      back="/trocar-plano"
      backLabel="Voltar"
      width="max-w-lg"
      inPage
      replace
      focusContent
    >
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {until
          ? `Você pode cancelar a qualquer momento, sem taxas. Você continua com o plano ${plan} até ${formatDate(until)}; depois, seu plano volta ao Gratuito.`
          : `Seu plano ${plan} é uma cortesia: ao cancelar, ele termina agora e seu plano volta ao Gratuito.`}
      </p>
      <Form method="POST" action="/trocar-plano" className="mt-6 flex flex-wrap gap-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>
          {busy ? 'Cancelando...' : 'Confirmar cancelamento'}
        </button>
        <Link to="/trocar-plano" className="btn-secondary" data-autofocus>
          Manter assinatura
        </Link>
      </Form>
    </RouteDialog>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
