import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import type { QuestionStatistics, UserStats } from '#server/features/insight/contract'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { lazyChart } from '~/components/lazy-chart'
import { RouteDialog } from '~/components/route-dialog'
import { ScrollRegion } from '~/components/scroll-region'
import { toolLinkSelector } from '~/question/card-actions'
import { difficultyLabel, formatSeconds } from '~/question/insight-figures'
import { formatDateTime } from '~/utils/format'

import { loadStatistics } from './desempenho.server'

// Desempenho (issue 12), nested in the /questoes layout: a dialog over the list with JS, a
// section of the page without. The bars are drawn with JS only; the same figures are always
// in the table below them.

const AlternativesChart = lazyChart(() => import('./chart.client'))

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Desempenho — ${data.question.label} — Gabarita` : 'Desempenho — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadStatistics(request, context, params.id)
}

const muted = 'text-sm text-slate-600 dark:text-slate-400'
const emptyBox =
  'mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400'

export default function StatisticsRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <RouteDialog
      titleId="desempenho-titulo"
      title={`Desempenho — ${data.question.label}`}
      back={data.back}
      focusOnClose={toolLinkSelector(data.question.id, 'desempenho')}
    >
      {data.failed ? (
        <p role="alert" className="field-error mt-4">
          {data.failed}
        </p>
      ) : data.stats ? (
        <Statistics stats={data.stats as QuestionStatistics} />
      ) : (
        <p className={emptyBox}>{data.empty}</p>
      )}
    </RouteDialog>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <dt className={muted}>{label}</dt>
      <dd className="text-2xl font-bold" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function Statistics({ stats }: { stats: QuestionStatistics }) {
  const first = stats.firstAttempts
  return (
    <div className="mt-4 space-y-6">
      <section aria-labelledby="desempenho-geral">
        <h3 id="desempenho-geral" className="font-semibold">
          Todos os alunos
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label="Tentativas" value={String(stats.totalAttempts)} testId="total-tentativas" />
          <Figure label="Acertos" value={String(stats.correctAttempts)} testId="total-acertos" />
          <Figure label="Taxa de acerto" value={`${stats.accuracy}%`} testId="taxa-acerto" />
          <Figure label="Tempo médio" value={formatSeconds(stats.averageTime)} testId="tempo-medio" />
        </dl>
        <p className={`mt-2 ${muted}`}>
          {`Primeira tentativa de cada aluno: ${first.totalAttempts} ${first.totalAttempts === 1 ? 'tentativa' : 'tentativas'}, ${first.accuracy}% de acerto, tempo médio ${formatSeconds(first.averageTime)}.`}
        </p>
        <p className={`mt-1 ${muted}`}>
          {`Dificuldade: ${stats.difficulty.labelled ? `${difficultyLabel(stats.difficulty.labelled)} pela classificação` : 'sem classificação na prova'}; ${stats.difficulty.answered ? `${difficultyLabel(stats.difficulty.answered)} pelas respostas (${stats.difficulty.firstAttemptAccuracy}% de acerto na primeira tentativa)` : 'sem respostas suficientes'}.`}
        </p>
      </section>

      <section aria-labelledby="desempenho-alternativas">
        <h3 id="desempenho-alternativas" className="font-semibold">
          Respostas por alternativa
        </h3>
        {stats.alternatives ? (
          <>
            <AlternativesChart data={stats.alternatives} />
            <ScrollRegion label="Respostas por alternativa" className="mt-2">
              <table className="w-full text-left text-sm" data-testid="tabela-alternativas">
                <caption className="sr-only">Quantos alunos escolheram cada alternativa</caption>
                <thead>
                  <tr className="border-b border-slate-200 dark:border-slate-700">
                    <th scope="col" className="py-1 pr-2">
                      Alternativa
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      Respostas
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      %
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      1ª tentativa
                    </th>
                    <th scope="col" className="py-1 text-right">
                      %
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stats.alternatives.map((alt) => (
                    <tr key={alt.letter} className="border-b border-slate-100 dark:border-slate-800">
                      <th scope="row" className="py-1 pr-2 font-semibold">
                        {alt.letter}
                        {alt.isCorrect ? <span className="ml-2 text-green-700 dark:text-green-400">(gabarito)</span> : null}
                      </th>
                      <td className="py-1 pr-2 text-right">{alt.count}</td>
                      <td className="py-1 pr-2 text-right">{`${alt.percentage}%`}</td>
                      <td className="py-1 pr-2 text-right">{alt.firstCount}</td>
                      <td className="py-1 text-right">{`${alt.firstPercentage}%`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </>
        ) : (
          <p className={`mt-2 ${muted}`}>{stats.alternativesHidden}</p>
        )}
      </section>

      <section aria-labelledby="desempenho-seu">
        <h3 id="desempenho-seu" className="font-semibold">
          Seu histórico
        </h3>
        {stats.userStats ? <History user={stats.userStats} /> : <p className={`mt-2 ${muted}`}>Você ainda não respondeu esta questão.</p>}
      </section>
    </div>
  )
}

function History({ user }: { user: UserStats }) {
  return (
    <>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Suas tentativas" value={String(user.attempts)} testId="suas-tentativas" />
        <Figure label="Seus acertos" value={String(user.correct)} testId="seus-acertos" />
        <Figure
          label="Último resultado"
          value={user.lastResult === 'correct' ? 'Acertou' : user.lastResult === 'incorrect' ? 'Errou' : '—'}
        />
        <Figure label="Melhor tempo" value={formatSeconds(user.bestTime)} />
      </dl>
      <p className={`mt-2 ${muted}`}>{`Última tentativa: ${formatDateTime(user.lastAttempt)}`}</p>
      <ScrollRegion label="Suas tentativas" className="mt-2">
        <table className="w-full text-left text-sm" data-testid="seu-historico">
          <caption className="sr-only">Suas tentativas, da mais recente à mais antiga</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2">
                Data
              </th>
              <th scope="col" className="py-1 pr-2">
                Resposta
              </th>
              <th scope="col" className="py-1 pr-2">
                Resultado
              </th>
              <th scope="col" className="py-1 text-right">
                Tempo
              </th>
            </tr>
          </thead>
          <tbody>
            {user.history.map((h, i) => (
              <tr key={`${h.at}-${i}`} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-2">
                  <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                </td>
                <td className="py-1 pr-2">{h.answer}</td>
                <td
                  className={`py-1 pr-2 font-semibold ${h.correct ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
                >
                  {h.correct ? 'Certa' : 'Errada'}
                </td>
                <td className="py-1 text-right">{formatSeconds(h.elapsedSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
