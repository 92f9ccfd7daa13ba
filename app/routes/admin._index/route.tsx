import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BookOpen, Clock, FileQuestion, Lightbulb, PenLine, Users } from 'lucide-react'

import { call } from '#server/client/call'
import { adminApi } from '#server/features/admin/contract'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { lazyChart } from '~/components/lazy-chart'
import { ScrollRegion } from '~/components/scroll-region'
import { ApiError } from '~/utils/api.server'
import { formatDateTime, formatNumber } from '~/utils/format'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

const CountBarChart = lazyChart(() => import('~/admin/charts.client'))

export const meta: MetaFunction = () => [{ title: 'Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const client = await apiForRequest(request, context)
  try {
    const [{ data: stats }, { data: byDiscipline }, { data: byTopic }] = await withSession(request, () =>
      Promise.all([call(client, adminApi.stats), call(client, adminApi.questionsByDiscipline), call(client, adminApi.questionsByTopic)]),
    )
    return json({ ok: true as const, stats, byDiscipline, byTopic: byTopic.slice(0, 10) })
  } catch (error) {
    if (error instanceof Response) throw error
    // No sample figures as a fallback: the admin must see that the data did not load.
    const detail = error instanceof ApiError ? `${error.status || 'sem conexão'} - ${error.message}` : 'erro inesperado'
    return json({ ok: false as const, error: `Erro ao carregar dados do painel (${detail}).` }, { status: 502 })
  }
}

export default function AdminHome() {
  const data = useLoaderData<typeof loader>()
  if (!data.ok) {
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-semibold">Erro ao carregar dados...</p>
        <p className="mt-1">{data.error}</p>
        <a href="/admin" className="btn-secondary mt-3">
          Tentar de novo
        </a>
      </div>
    )
  }
  const { stats, byDiscipline, byTopic } = data
  const cards = [
    { label: 'Total de questões', value: formatNumber(stats.totalQuestions), icon: FileQuestion },
    { label: 'Estudantes', value: formatNumber(stats.totalStudents), icon: Users },
    { label: 'Disciplinas', value: formatNumber(stats.totalDisciplines), icon: BookOpen },
    { label: 'Com análise do professor', value: formatNumber(stats.analysedQuestions), icon: PenLine },
    { label: 'Com explicação de aluno', value: formatNumber(stats.explainedQuestions), icon: Lightbulb },
    {
      label: 'Última atualização',
      value: formatDateTime(stats.lastUpdated, '—'),
      icon: Clock,
    },
  ]
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">Visão geral</h1>
      {/* Three across only from 1280 px: beside the sidebar a 1024 px screen left each card
          too narrow for the date, which spilled out of it. */}
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          // A dl's group holds only dt and dd: the icon goes inside the term.
          <div key={card.label} className="card min-w-0 p-4">
            <dt className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <card.icon className="h-6 w-6 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
              {card.label}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums [overflow-wrap:anywhere]" data-testid={`stat-${card.label}`}>
              {card.value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="por-disciplina" className="card">
        <h2 id="por-disciplina" className="mb-4 text-lg font-semibold">
          Questões por disciplina
        </h2>
        <CountBarChart label="Gráfico de questões por disciplina" data={byDiscipline.map((d) => ({ label: d.name, count: d.count }))} />
        <CountTable caption="Questões por disciplina" head={['Disciplina', 'Questões']} rows={byDiscipline.map((d) => [d.name, d.count])} />
      </section>

      <section aria-labelledby="por-assunto" className="card">
        <h2 id="por-assunto" className="mb-4 text-lg font-semibold">
          Questões por assunto (10 primeiros)
        </h2>
        <CountBarChart label="Gráfico de questões por assunto" data={byTopic.map((t) => ({ label: t.topic, count: t.count }))} />
        <CountTable
          caption="Questões por assunto"
          head={['Disciplina', 'Assunto', 'Questões']}
          rows={byTopic.map((t) => [t.discipline, t.topic, t.count])}
          foldFirst
        />
      </section>
    </div>
  )
}

/**
 * `foldFirst`: below 640 px the first column moves under the second (three columns of
 * long Portuguese words do not fit a 390 px phone; the count was cut off).
 */
function CountTable({
  caption,
  head,
  rows,
  foldFirst = false,
}: {
  caption: string
  head: string[]
  rows: (string | number)[][]
  foldFirst?: boolean
}) {
  const folded = (i: number) => (foldFirst && i === 0 ? 'hidden sm:table-cell' : '')
  if (rows.length === 0) return <p className="text-slate-600 dark:text-slate-400">Nenhuma estatística disponível.</p>
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {head.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={`py-2 pr-4 font-semibold last:pr-0 ${i === head.length - 1 ? 'text-right' : ''} ${folded(i)}`}
              >
                {foldFirst && i === 1 ? (
                  <>
                    {h}
                    <span className="font-normal sm:hidden">{` (${head[0]})`}</span>
                  </>
                ) : (
                  h
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.slice(0, -1).join('|')} className="border-b border-slate-100 dark:border-slate-800">
              {row.map((cell, i) => (
                <td key={i} className={`py-2 pr-4 last:pr-0 ${i === row.length - 1 ? 'text-right tabular-nums' : ''} ${folded(i)}`}>
                  {typeof cell === 'number' ? formatNumber(cell) : cell}
                  {foldFirst && i === 1 ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400 sm:hidden">{row[0]}</span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
