import { Link } from '@remix-run/react'
import type { ComponentProps } from 'react'

import type { DailyAccuracy, DisciplinePerformance, WeakTopic } from '#server/features/me/contract'
import { lazyChart } from '~/components/lazy-chart'
import { ScrollRegion } from '~/components/scroll-region'
import { SimulationHistory } from '~/simulado/history'
import { formatCalendarDay } from '~/utils/format'

import { chartHeight } from './chart-height'
import { accuracy, PerformanceTable } from './stats'

// Desempenho: right answers per discipline (a recharts chart with JS, the table always), the
// accuracy of the last 30 days, and the five weakest topics, each a link to /questoes filtered
// to it; the newest simulados with their scores (issue 29).

const PerformanceChart = lazyChart(
  () => import('./performance-chart.client'),
  <p className="text-sm text-slate-600 dark:text-slate-300">Carregando gráfico...</p>,
  ({ data }) => chartHeight(data.length),
)

const answers = (n: number) => (n === 1 ? '1 resposta' : `${n} respostas`)

export function PerformanceTab({
  disciplines,
  daily,
  weakestTopics,
  simulations,
}: {
  disciplines: DisciplinePerformance[]
  daily: DailyAccuracy[]
  weakestTopics: WeakTopic[]
  simulations: ComponentProps<typeof SimulationHistory>['simulations']
}) {
  return (
    <div className="space-y-10">
      <PerformanceChart data={disciplines} />
      <PerformanceTable rows={disciplines} />
      <Last30Days daily={daily} />
      <WeakestTopics topics={weakestTopics} />
      <SimulationHistory simulations={simulations} more="/simulados" />
    </div>
  )
}

function Last30Days({ daily }: { daily: DailyAccuracy[] }) {
  const correct = daily.reduce((sum, d) => sum + d.correct, 0)
  const total = daily.reduce((sum, d) => sum + d.total, 0)
  return (
    <section aria-labelledby="ultimos-30-titulo">
      <h2 id="ultimos-30-titulo" className="text-lg font-semibold">
        Últimos 30 dias
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">Nenhuma resposta nos últimos 30 dias.</p>
      ) : (
        <>
          <p className="mt-2" data-testid="acerto-30-dias">
            {`${accuracy(correct, total)} de acerto em ${answers(total)}, em ${daily.length === 1 ? '1 dia' : `${daily.length} dias`} de estudo.`}
          </p>
          <ScrollRegion className="mt-3" labelledBy="ultimos-30-titulo">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th className="py-2 pr-4 font-semibold">Dia</th>
                  <th className="py-2 pr-4 text-right font-semibold">Acertos</th>
                  <th className="py-2 pr-4 text-right font-semibold">Respostas</th>
                  <th className="py-2 font-semibold">Taxa de acerto</th>
                </tr>
              </thead>
              <tbody>
                {[...daily].reverse().map((d) => (
                  <tr key={d.day} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">{formatCalendarDay(d.day)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{d.correct}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{d.total}</td>
                    <td className="py-2">
                      <span className="flex items-center gap-2">
                        <span className="w-10 text-right tabular-nums">{accuracy(d.correct, d.total)}</span>
                        {/* A bar drawn by CSS: the figure is the text beside it. */}
                        <span aria-hidden className="hidden h-2 w-24 overflow-hidden rounded-full bg-slate-200 sm:block dark:bg-slate-700">
                          <span className="block h-full bg-green-600" style={{ width: accuracy(d.correct, d.total) }} />
                        </span>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  )
}

function WeakestTopics({ topics }: { topics: WeakTopic[] }) {
  return (
    <section aria-labelledby="pontos-fracos-titulo">
      <h2 id="pontos-fracos-titulo" className="text-lg font-semibold">
        Assuntos para revisar
      </h2>
      {topics.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">Nenhum assunto com erros até agora.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {topics.map((t) => (
            <li key={t.topic_id} className="card flex flex-wrap items-center justify-between gap-2 p-3" data-testid="assunto-fraco">
              <span>
                <span className="block font-semibold">{t.topic}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  {`${t.discipline} · ${accuracy(t.correct, t.total)} de acerto em ${answers(t.total)}`}
                </span>
              </span>
              <Link
                to={`/questoes?${new URLSearchParams({ disciplina: String(t.discipline_id), assunto: String(t.topic_id) })}`}
                className="btn-secondary"
                aria-label={`Praticar questões de ${t.topic}`}
              >
                Praticar
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
