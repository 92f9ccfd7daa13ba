import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { call } from '#server/client/call'
import { adminBillingApi } from '#server/features/plans/admin-contract'
import { AdminPager } from '~/admin/pager'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScrollRegion } from '~/components/scroll-region'
import { formatDate, formatDateTime } from '~/utils/format'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Assinaturas — Painel Administrativo — Gabarita' }]

const SUBSCRIPTION_FILTERS = { active: 'Ativo', canceled: 'Cancelado', change_scheduled: 'Mudança agendada', ended: 'Encerrada' } as const
const PAYMENT_FILTERS = { pending: 'Pendente', approved: 'Aprovado', declined: 'Recusado', refunded: 'Estornado' } as const
type SubscriptionFilter = keyof typeof SUBSCRIPTION_FILTERS
type PaymentFilter = keyof typeof PAYMENT_FILTERS

function pick<T extends string>(value: string | null, allowed: Record<T, string>): T | undefined {
  return value && Object.hasOwn(allowed, value) ? (value as T) : undefined
}

function pageOf(value: string | null) {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const params = new URL(request.url).searchParams
  const filters = {
    assinatura: pick<SubscriptionFilter>(params.get('assinatura'), SUBSCRIPTION_FILTERS),
    pagamento: pick<PaymentFilter>(params.get('pagamento'), PAYMENT_FILTERS),
  }
  const pages = { assinaturas: pageOf(params.get('pagina_assinaturas')), pagamentos: pageOf(params.get('pagina_pagamentos')) }
  const api = await apiForRequest(request, context)
  const [subscriptions, payments] = await withSession(request, () =>
    Promise.all([
      call(api, adminBillingApi.subscriptions, { query: { status: filters.assinatura, page: pages.assinaturas } }),
      call(api, adminBillingApi.payments, { query: { status: filters.pagamento, page: pages.pagamentos } }),
    ]),
  )
  return json({ filters, subscriptions, payments })
}

const th = 'px-3 py-2 text-left font-semibold'
const td = 'px-3 py-2 align-top'

export default function AdminSubscriptionsPage() {
  const { filters, subscriptions, payments } = useLoaderData<typeof loader>()
  return (
    <div className="flex max-w-6xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold">Assinaturas</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Assinaturas e pagamentos, dos mais recentes aos mais antigos.</p>
      </div>

      <Form method="GET" className="card flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="filtro-assinatura" className="label">
            Situação da assinatura
          </label>
          <select id="filtro-assinatura" name="assinatura" defaultValue={filters.assinatura ?? ''} className="input">
            <option value="">Todas</option>
            {Object.entries(SUBSCRIPTION_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtro-pagamento" className="label">
            Situação do pagamento
          </label>
          <select id="filtro-pagamento" name="pagamento" defaultValue={filters.pagamento ?? ''} className="input">
            <option value="">Todos</option>
            {Object.entries(PAYMENT_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Filtrar
        </button>
      </Form>

      <section aria-labelledby="assinaturas-titulo" className="card">
        <h2 id="assinaturas-titulo" className="text-lg font-semibold">
          Assinaturas ({subscriptions.total})
        </h2>
        {subscriptions.data.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">Nenhuma assinatura encontrada.</p>
        ) : (
          <ScrollRegion className="mt-3" labelledBy="assinaturas-titulo">
            <table className="w-full text-sm" aria-labelledby="assinaturas-titulo">
              <thead className="border-b border-slate-200 dark:border-slate-800">
                <tr>
                  <th className={th}>Usuário</th>
                  <th className={th}>Plano</th>
                  <th className={th}>Situação</th>
                  <th className={th}>Período</th>
                  <th className={th}>Origem</th>
                  <th className={th}>Criada em</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {subscriptions.data.map((s) => (
                  <tr key={s.id}>
                    <td className={td}>
                      <Link to={`/admin/usuarios/${s.user.id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                        {s.user.name}
                      </Link>
                      <span className="block text-slate-500 dark:text-slate-400 [overflow-wrap:anywhere]">{s.user.email}</span>
                    </td>
                    <td className={td}>
                      {s.plan}
                      {s.pending_plan_name ? (
                        <span className="block text-slate-500 dark:text-slate-400">depois: {s.pending_plan_name}</span>
                      ) : null}
                    </td>
                    <td className={td}>{s.status_label}</td>
                    <td className={td}>
                      {formatDate(s.current_period_start)} – {s.current_period_end ? formatDate(s.current_period_end) : 'sem término'}
                    </td>
                    <td className={td}>
                      {s.complimentary
                        ? `Cortesia${s.granted_by_user ? ` (${s.granted_by_user.name})` : ''}`
                        : (s.method_label ?? s.provider)}
                    </td>
                    <td className={td}>{formatDateTime(s.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <AdminPager param="pagina_assinaturas" page={subscriptions.page} total={subscriptions.total} perPage={subscriptions.per_page} />
      </section>

      <section aria-labelledby="pagamentos-titulo" className="card">
        <h2 id="pagamentos-titulo" className="text-lg font-semibold">
          Pagamentos ({payments.total})
        </h2>
        {payments.data.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">Nenhum pagamento encontrado.</p>
        ) : (
          <ScrollRegion className="mt-3" labelledBy="pagamentos-titulo">
            <table className="w-full text-sm" aria-labelledby="pagamentos-titulo">
              <thead className="border-b border-slate-200 dark:border-slate-800">
                <tr>
                  <th className={th}>Data</th>
                  <th className={th}>Usuário</th>
                  <th className={th}>Plano</th>
                  <th className={th}>Valor</th>
                  <th className={th}>Forma</th>
                  <th className={th}>Situação</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {payments.data.map((p) => (
                  <tr key={p.id}>
                    <td className={td}>{formatDateTime(p.created_at)}</td>
                    <td className={td}>
                      {p.user ? (
                        <>
                          <Link to={`/admin/usuarios/${p.user.id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                            {p.user.name}
                          </Link>
                          <span className="block text-slate-500 dark:text-slate-400 [overflow-wrap:anywhere]">{p.user.email}</span>
                        </>
                      ) : (
                        <span className="italic text-slate-600 dark:text-slate-400">Conta excluída</span>
                      )}
                    </td>
                    <td className={td}>
                      {p.plan}
                      {p.kind === 'renewal' ? <span className="block text-slate-500 dark:text-slate-400">renovação</span> : null}
                    </td>
                    <td className={td}>{p.amount_formatted}</td>
                    <td className={td}>{p.method_label}</td>
                    <td className={td}>
                      {PAYMENT_FILTERS[p.status]}
                      {p.failure_reason ? <span className="block text-slate-500 dark:text-slate-400">{p.failure_reason}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <AdminPager param="pagina_pagamentos" page={payments.page} total={payments.total} perPage={payments.per_page} />
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
