import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { call } from '#server/client/call'
import { adminBillingApi } from '#server/features/plans/admin-contract'
import { AdminPager } from '~/admin/pager'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScrollRegion } from '~/components/scroll-region'
import { ApiError } from '~/utils/api.server'
import { formatDate } from '~/utils/format'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Usuários — Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const params = new URL(request.url).searchParams
  const q = (params.get('q') ?? '').trim().slice(0, 100)
  const page = Math.min(Math.max(Number(params.get('pagina')) || 1, 1), 10_000)
  const api = await apiForRequest(request, context)
  try {
    const result = await withSession(request, () => call(api, adminBillingApi.users, { query: { q: q || undefined, page } }))
    return json({ q, result, error: null })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return json({ q, result: null, error: error.message })
  }
}

export default function AdminUsersPage() {
  const { q, result, error } = useLoaderData<typeof loader>()
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Usuários</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Encontre um usuário pelo nome ou email para ver o plano, a assinatura e o uso.
        </p>
      </div>
      <Form method="GET" role="search" className="card flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="busca-usuario" className="label">
            Nome ou email
          </label>
          <input id="busca-usuario" type="search" name="q" defaultValue={q} maxLength={100} className="input" />
        </div>
        <button type="submit" className="btn-primary">
          Buscar
        </button>
      </Form>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {result ? (
        <section aria-labelledby="resultado-usuarios" className="card">
          <h2 id="resultado-usuarios" className="text-lg font-semibold">
            {result.total === 1 ? '1 usuário' : `${result.total} usuários`}
          </h2>
          {result.data.length === 0 ? (
            <p className="mt-2 text-slate-600 dark:text-slate-400">Nenhum usuário encontrado.</p>
          ) : (
            <ScrollRegion className="mt-3" labelledBy="resultado-usuarios">
              <table className="w-full text-sm" aria-labelledby="resultado-usuarios">
                <thead className="border-b border-slate-200 dark:border-slate-800">
                  <tr>
                    <th className="px-3 py-2 text-left font-semibold">Nome</th>
                    <th className="px-3 py-2 text-left font-semibold">Email</th>
                    <th className="px-3 py-2 text-left font-semibold">Plano</th>
                    <th className="px-3 py-2 text-left font-semibold">Cadastro</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {result.data.map((u) => (
                    <tr key={u.id}>
                      <td className="px-3 py-2">
                        <Link to={`/admin/usuarios/${u.id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                          {u.name}
                        </Link>
                      </td>
                      <td className="px-3 py-2 [overflow-wrap:anywhere]">{u.email}</td>
                      <td className="px-3 py-2">{u.plan}</td>
                      <td className="px-3 py-2">{formatDate(u.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <AdminPager page={result.page} total={result.total} perPage={result.per_page} />
        </section>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
