import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useFetcher, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { chargeText } from '~/billing/charge'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ApiError } from '~/utils/api.server'
import { formatDateTime } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useHydrated } from '~/utils/use-hydrated'

// Paying a plan with Pix (issue 28): the code and its QR image, waiting for the provider's
// webhook. Without JS the page reloads itself (and 'Já paguei, verificar' reloads at once);
// with JS it polls the charge's status. Paid, it ends where a card payment ends: /trocar-plano.

export const meta: MetaFunction = () => [{ title: 'Pagar com Pix — Gabarita' }, { name: 'robots', content: 'noindex' }]

/** How often the page asks whether the Pix was paid (JS), and reloads itself without JS. */
const POLL_MS = 3000
const REFRESH_SECONDS = 10

const pixPage = (checkoutId: string) => `/trocar-plano/pix?checkout=${encodeURIComponent(checkoutId)}`

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const checkoutId = new URL(request.url).searchParams.get('checkout') ?? ''
  const api = await apiForRequest(request, context)
  let charge
  try {
    charge = await withSession(request, () => call(api, billingApi.pixCharge, { params: { checkoutId } }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return redirectWithToast('/trocar-plano', { type: 'error', title: 'Cobrança Pix não encontrada.' }, { request })
    }
    throw error
  }
  const { checkout } = charge
  if (checkout.status === 'approved') return redirectWithToast('/trocar-plano', { type: 'success', title: checkout.message }, { request })
  // Declined for another reason than the deadline (a newer checkout replaced it), or refunded.
  if (checkout.status !== 'pending' && !charge.expired) {
    return redirectWithToast('/trocar-plano', { type: 'error', title: checkout.message }, { request })
  }
  return json({
    // An upgrade's credited charge is paid once: never 'por mês' (issue 37 §5).
    checkout: { id: checkout.checkout_id, plan: checkout.plan, planName: checkout.plan_name, charge: chargeText(checkout) },
    code: charge.copia_e_cola,
    qr: charge.qr_code_data_url,
    expiresAt: charge.expires_at,
    expired: charge.expired,
    simulatorUrl: charge.simulator_url,
  })
}

/** With JS: asks for the status every few seconds; once it changed, the loader says what next. */
function usePaymentPolling(checkoutId: string, active: boolean) {
  const fetcher = useFetcher<{ status: string }>()
  const revalidator = useRevalidator()
  const { load } = fetcher
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => load(`/trocar-plano/pix/status?checkout=${encodeURIComponent(checkoutId)}`), POLL_MS)
    return () => clearInterval(timer)
  }, [active, checkoutId, load])
  const status = fetcher.data?.status
  const { revalidate } = revalidator
  useEffect(() => {
    if (active && status && status !== 'pending') revalidate()
  }, [active, status, revalidate])
}

function CopyButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(code).then(() => setCopied(true))
        }}
      >
        Copiar código
      </button>
      <span role="status" className="text-sm text-green-800 dark:text-green-300">
        {copied ? 'Código copiado!' : ''}
      </span>
    </>
  )
}

export default function PixPaymentPage() {
  const data = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const { checkout } = data
  usePaymentPolling(checkout.id, !data.expired)

  if (data.expired) {
    return (
      <div className="container-page flex justify-center py-10 sm:py-16">
        <div className="card w-full max-w-md">
          <h1 className="text-2xl font-bold">Este código Pix expirou</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            O prazo para pagar o plano {checkout.plan} ({checkout.charge.short}) terminou às {formatDateTime(data.expiresAt)}. Nada foi
            cobrado e seu plano não mudou.
          </p>
          <Form method="POST" action={`/trocar-plano/confirmar?plano=${checkout.planName}`} className="mt-6 flex flex-wrap gap-3">
            <CsrfInput />
            <input type="hidden" name="intent" value="upgrade" />
            <input type="hidden" name="plano" value={checkout.planName} />
            <input type="hidden" name="method" value="pix" />
            <button type="submit" className="btn-primary">
              Gerar novo código Pix
            </button>
            <Link to="/trocar-plano" className="btn-secondary">
              Voltar para Trocar plano
            </Link>
          </Form>
        </div>
      </div>
    )
  }

  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      {/* Without JS the page checks again by itself; with JS it polls instead. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      </noscript>
      <div className="card w-full max-w-md">
        <h1 className="text-2xl font-bold">Pague com Pix</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="pix-valor">
          Plano {checkout.plan}: <strong>{checkout.charge.amount}</strong>
          {checkout.charge.after}. Abra o aplicativo do seu banco, escolha pagar com Pix e leia o QR code ou cole o código abaixo.
        </p>
        <img src={data.qr} alt="QR code do Pix" width={224} height={224} className="mx-auto mt-4 rounded-md bg-white p-2" />
        <label htmlFor="pix-copia-e-cola" className="label mt-4">
          Pix copia e cola
        </label>
        <textarea
          id="pix-copia-e-cola"
          readOnly
          rows={4}
          value={data.code}
          className="input mt-1 w-full font-mono text-xs [overflow-wrap:anywhere]"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">{hydrated ? <CopyButton code={data.code} /> : null}</div>
        <p className="mt-4 font-medium" data-testid="pix-prazo">
          Pague até {formatDateTime(data.expiresAt)}. Depois disso, o código expira.
        </p>
        <p role="status" className="mt-2 text-slate-700 dark:text-slate-300">
          Aguardando a confirmação do pagamento. Seu plano muda assim que o banco confirmar o Pix.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={pixPage(checkout.id)} className="btn-primary" reloadDocument>
            Já paguei, verificar
          </Link>
          <Link to="/trocar-plano" className="btn-secondary">
            Voltar para Trocar plano
          </Link>
        </div>
        {data.simulatorUrl ? (
          <p className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Ambiente de testes: nenhum banco lê este código.{' '}
            <a href={data.simulatorUrl} target="_blank" rel="noreferrer" className="font-semibold underline">
              Abrir o banco de testes
            </a>{' '}
            para simular o pagamento.
          </p>
        ) : null}
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
