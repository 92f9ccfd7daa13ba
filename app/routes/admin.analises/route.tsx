import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { call } from '#server/client/call'
import { analysesApi } from '#server/features/analyses/contract'
import { coverageLines } from '#server/features/explanations/messages'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formatDate, formatNumber } from '~/utils/format'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

// The analysis desk seen by the admin (issue 40): what was published this week and by whom, and
// how much of each discipline has a professor's analysis.

export const meta: MetaFunction = () => [{ title: 'Análises — Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const api = await apiForRequest(request, context)
  return json({ summary: await withSession(request, () => call(api, analysesApi.summary)) })
}

const percent = (share: number | null) => (share === null ? '—' : `${(Math.floor(share * 1000) / 10).toLocaleString('pt-BR')}%`)

export default function AdminAnalyses() {
  const { summary } = useLoaderData<typeof loader>()
  const { totals } = summary
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Análises</h1>
          <p className="text-slate-600 dark:text-slate-400">
            {coverageLines(totals).professor}; {formatNumber(totals.imported)} com comentário importado com a prova.
          </p>
          <p className="text-slate-600 dark:text-slate-400" data-testid="cobertura-alunos">
            {coverageLines(totals).student}, contadas à parte das análises.
          </p>
        </div>
        <Link to="/professor" className="btn-primary">
          Abrir a mesa do professor
        </Link>
      </div>

      <section aria-labelledby="semana-titulo" className="card">
        <h2 id="semana-titulo" className="text-lg font-semibold">
          Nesta semana (desde {formatDate(`${summary.week_start}T12:00:00Z`)})
        </h2>
        <p className="mt-1" data-testid="publicadas-semana">
          {summary.published_this_week === 1 ? '1 análise publicada' : `${formatNumber(summary.published_this_week)} análises publicadas`}
        </p>
        {summary.by_professor.length ? (
          <table className="stack mt-3 w-full text-sm">
            <caption className="sr-only">Análises da semana por professor</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">Professor</th>
                <th scope="col">Publicadas</th>
                <th scope="col">Editadas</th>
              </tr>
            </thead>
            <tbody>
              {summary.by_professor.map((p) => (
                <tr key={p.id ?? p.name}>
                  <th scope="row" className="text-left font-medium">
                    {p.name}
                  </th>
                  <td data-label="Publicadas">{formatNumber(p.published)}</td>
                  <td data-label="Editadas">{formatNumber(p.edited)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-2 text-slate-600 dark:text-slate-400">Nenhuma análise publicada ou editada nesta semana.</p>
        )}
      </section>

      <section aria-labelledby="cobertura-titulo" className="card">
        <h2 id="cobertura-titulo" className="text-lg font-semibold">
          Cobertura por disciplina
        </h2>
        <table className="stack mt-3 w-full text-sm" data-testid="cobertura">
          <caption className="sr-only">Questões com análise por disciplina</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Disciplina</th>
              <th scope="col">Questões</th>
              <th scope="col">Do professor</th>
              <th scope="col">Importadas</th>
              <th scope="col">Com explicação de aluno</th>
              <th scope="col">Cobertura</th>
            </tr>
          </thead>
          <tbody>
            {summary.coverage.map((c) => (
              <tr key={c.id}>
                <th scope="row" className="text-left font-medium">
                  {c.name}
                </th>
                <td data-label="Questões">{formatNumber(c.questions)}</td>
                <td data-label="Do professor">{formatNumber(c.professor)}</td>
                <td data-label="Importadas">{formatNumber(c.imported)}</td>
                <td data-label="Com explicação de aluno">{formatNumber(c.student)}</td>
                <td data-label="Cobertura">{percent(c.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
