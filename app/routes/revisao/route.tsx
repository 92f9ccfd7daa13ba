import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { DownloadForOffline } from '~/offline/download-button'
import { formatNumber } from '~/utils/format'

import { loadRevisao } from './revisao.server'

// Revisão (issue 30): the questions each student is about to forget, scheduled by FSRS from
// every answer they gave. This page says how many are due and opens them one at a time; the
// filters are a GET form (the URL is the state).

export const meta: MetaFunction = () => [{ title: 'Revisão — Gabarita' }, { name: 'robots', content: 'noindex' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadRevisao(request, context)
}

const questions = (n: number) => (n === 1 ? '1 questão' : `${formatNumber(n)} questões`)

export default function RevisaoPage() {
  const data = useLoaderData<typeof loader>()
  const { stats } = data
  const limited = data.dueNow > data.remainingToday
  const quota = stats.quota
  return (
    <div className="container-page max-w-3xl space-y-6 py-6">
      <div>
        <h1 className="text-2xl font-bold">Revisão</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Cada resposta sua agenda a próxima revisão da questão: as que você errou voltam logo, as que acertou voltam cada vez mais tarde.
        </p>
      </div>

      <section aria-labelledby="hoje" className="card space-y-3">
        <h2 id="hoje" className="text-xl font-bold" data-testid="revisar-hoje">
          {`Revisar hoje: ${questions(data.remainingToday)}`}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {`${formatNumber(stats.done_today)} ${stats.done_today === 1 ? 'revisão feita' : 'revisões feitas'} hoje, de um limite de ${formatNumber(stats.settings.daily_limit)} por dia.`}
          {limited ? ` Há ${questions(data.dueNow)} vencidas: as demais ficam para amanhã.` : ''}{' '}
          <Link to="/dashboard?aba=configuracoes" className="underline">
            Alterar o limite e a retenção
          </Link>
        </p>
        {quota.limit !== null ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="cota-revisao">
            {`Revisar uma questão já contada nesta semana não gasta a sua cota; uma de semana anterior conta como qualquer questão. Restam ${formatNumber(quota.remaining ?? 0)} de ${formatNumber(quota.limit)} questões nesta semana.`}
          </p>
        ) : null}
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <FilterSelect name="disciplina" label="Disciplina" all="Todas" value={data.discipline} options={data.disciplines} />
          <FilterSelect name="caderno" label="Caderno" all="Todos" value={data.notebook} options={data.notebooks} />
          <button type="submit" className="btn-secondary">
            Filtrar
          </button>
        </Form>
        {data.remainingToday > 0 ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link to={data.startHref} className="btn-primary">
              Começar revisão
            </Link>
            <DownloadForOffline source={{ fonte: 'revisao', filtros: data.startHref.replace(/^[^?]*\??/, '') }} />
          </div>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center dark:border-slate-700">
            {stats.cards === 0
              ? 'Nenhuma questão para revisar ainda: responda questões e elas voltam aqui quando for a hora.'
              : 'Nada para revisar agora. Volte amanhã, ou resolva questões novas.'}{' '}
            <Link to="/questoes" className="font-semibold underline">
              Ir para as questões
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="retencao" className="card">
        <h2 id="retencao" className="text-lg font-bold">
          Retenção
        </h2>
        <p className="mt-1 text-sm" data-testid="retencao">
          {stats.retention.measured === null
            ? `Meta: ${Math.round(stats.retention.target * 100)}% de acertos nas revisões. Ainda sem revisões nos últimos 30 dias para medir.`
            : `Você acertou ${Math.round(stats.retention.measured * 100)}% das ${formatNumber(stats.retention.reviews)} revisões dos últimos 30 dias; a meta é ${Math.round(stats.retention.target * 100)}%.`}
        </p>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** One of the queue's filters: its URL parameter, a choice of all, and the options by id. */
function FilterSelect({
  name,
  label,
  all,
  value,
  options,
}: {
  name: string
  label: string
  all: string
  value: number | null
  options: { id: number; name: string }[]
}) {
  return (
    // A line of its own under 320 px (a phone at 200% zoom), where two selects and the button do not fit one.
    <div className="min-w-0 flex-1 max-[320px]:basis-full">
      <label htmlFor={name} className="label">
        {label}
      </label>
      <select id={name} name={name} defaultValue={value ?? ''} className="input mt-1 w-full">
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  )
}
