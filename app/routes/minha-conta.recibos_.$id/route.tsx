import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { ErrorPanel, GeneralErrorBoundary } from '~/components/error-boundary'
import { ApiError } from '~/utils/api.server'
import { formatDate, formatDateTime } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

// One approved payment's receipt (issue 28). Someone else's, or one not approved, is a 404.

export const meta: MetaFunction = () => [{ title: 'Recibo — Gabarita' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  try {
    const receipt = await withSession(request, () => call(api, billingApi.receipt, { params: { checkoutId: params.id ?? '' } }))
    return json({ receipt })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw json({ error: 'Recibo não encontrado.' }, { status: 404 })
    throw error
  }
}

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>()
  const credit: [string, string][] = receipt.credit_formatted
    ? [
        [`Preço ${receipt.billing_period === 'year' ? 'anual' : 'mensal'}`, receipt.price_formatted],
        [`Crédito do plano ${receipt.credit_plan} não usado`, `− ${receipt.credit_formatted}`],
      ]
    : []
  const rows: [string, string][] = [
    ['Número', receipt.number],
    ['Plano', receipt.plan + (receipt.kind === 'renewal' ? ' (renovação)' : '')],
    ['Cobrança', receipt.billing_period_label],
    ...credit,
    ['Valor', receipt.amount_formatted],
    ['Forma de pagamento', receipt.method_label],
    ['Pago em', formatDateTime(receipt.paid_at)],
    ['Período', `${formatDate(receipt.period_start)} a ${formatDate(receipt.period_end)}`],
    ['Nome', receipt.payer.name],
    ['Email', receipt.payer.email],
  ]
  return (
    <div className="container-page max-w-xl py-8 sm:py-12">
      <Link
        to="/minha-conta/recibos"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Pagamentos e recibos
      </Link>
      <article className="card mt-2" aria-labelledby="recibo-titulo">
        <h1 id="recibo-titulo" className="text-2xl font-bold">
          Recibo de pagamento
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Recebemos {receipt.amount_formatted} pelo plano {receipt.plan} do Gabarita.
        </p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2" data-testid="recibo">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
              <dd className="font-semibold [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </article>
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      handlers={{
        404: () => <ErrorPanel title="Recibo não encontrado" code={404} message="Este recibo não existe ou não é seu." />,
      }}
    />
  )
}
