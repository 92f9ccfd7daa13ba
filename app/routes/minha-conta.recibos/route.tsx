import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { AdminPager } from '~/admin/pager'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formatDateTime } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

// The student's payments (issue 28), newest first: each approved one links to its receipt, an
// unpaid Pix to its code.

export const meta: MetaFunction = () => [{ title: 'Pagamentos e recibos — Gabarita' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('pagina') ?? '1', 10) || 1)
  const api = await apiForRequest(request, context)
  const payments = await withSession(request, () => call(api, billingApi.payments, { query: { page } }))
  return json({ payments })
}

export default function ReceiptsPage() {
  const { payments } = useLoaderData<typeof loader>()
  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <Link
        to="/trocar-plano"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para Trocar plano
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold sm:text-3xl">Pagamentos e recibos</h1>
      {payments.data.length === 0 ? (
        <p className="card text-slate-700 dark:text-slate-300">Você ainda não fez nenhum pagamento.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Pagamentos">
          {payments.data.map((p) => (
            <li key={p.checkout_id} className="card flex flex-wrap items-center justify-between gap-3" data-testid="pagamento">
              <div>
                <p className="font-semibold">
                  Plano {p.plan}
                  {p.billing_period === 'year' ? ' anual' : ''} · {p.amount_formatted}
                  {p.kind === 'renewal' ? <span className="font-normal text-slate-600 dark:text-slate-400"> (renovação)</span> : null}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {formatDateTime(p.decided_at ?? p.created_at)} · {p.method_label} · {p.status_label}
                </p>
              </div>
              {p.status === 'approved' ? (
                <Link to={`/minha-conta/recibos/${p.checkout_id}`} className="btn-secondary">
                  Ver recibo
                </Link>
              ) : p.status === 'pending' && p.method === 'pix' ? (
                <Link to={`/trocar-plano/pix?checkout=${p.checkout_id}`} className="btn-secondary">
                  Ver código Pix
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AdminPager page={payments.page} total={payments.total} perPage={payments.per_page} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
