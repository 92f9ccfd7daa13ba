import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { chargeText } from '~/billing/charge'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Confirmando pagamento — Gabarita' }, { name: 'robots', content: 'noindex' }]

/**
 * Where the provider sends the browser back (`?checkout=<id>`): a decided payment (approved,
 * declined or refunded) goes on to /trocar-plano with a toast and the new state; a pending one waits here, with a refresh link.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const checkoutId = new URL(request.url).searchParams.get('checkout') ?? ''
  const api = await apiForRequest(request, context)
  let checkout
  try {
    checkout = await withSession(request, () => call(api, billingApi.getCheckout, { params: { checkoutId } }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return redirectWithToast('/trocar-plano', { type: 'error', title: 'Pagamento não encontrado.' }, { request })
    }
    throw error
  }
  if (checkout.status === 'approved') {
    return redirectWithToast('/trocar-plano', { type: 'success', title: checkout.message }, { request })
  }
  // Refunded: the provider took the money for a checkout we no longer accept and gave it back.
  if (checkout.status === 'declined' || checkout.status === 'refunded') {
    return redirectWithToast('/trocar-plano', { type: 'error', title: checkout.message }, { request })
  }
  // A Pix still unpaid: back to its code, which waits for the payment.
  if (checkout.method === 'pix') return redirect(`/trocar-plano/pix?checkout=${encodeURIComponent(checkout.checkout_id)}`)
  return json({
    checkout: { id: checkout.checkout_id, plan: checkout.plan, amount: chargeText(checkout).short, method: checkout.method_label },
  })
}

export default function CheckoutReturnPage() {
  const { checkout } = useLoaderData<typeof loader>()
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md" role="status">
        <h1 className="text-2xl font-bold">Confirmando seu pagamento</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          O pagamento do plano {checkout.plan} ({checkout.amount}, {checkout.method}) está sendo confirmado pelo provedor. Isso costuma
          levar poucos segundos; seu plano muda assim que ele for aprovado.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`/trocar-plano/retorno?checkout=${encodeURIComponent(checkout.id)}`} className="btn-primary" reloadDocument>
            Atualizar
          </Link>
          <Link to="/trocar-plano" className="btn-secondary">
            Voltar para Trocar plano
          </Link>
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
