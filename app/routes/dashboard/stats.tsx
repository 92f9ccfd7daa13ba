import { CalendarCheck, CheckCircle2, Clock, ListChecks } from 'lucide-react'

import type { DisciplinePerformance, MyStats } from '#server/features/me/contract'
import { ScrollRegion } from '~/components/scroll-region'
import { formatNumber } from '~/utils/format'

/** 'Xh Ymin' (or 'Ymin') from seconds, as the spec's totalStudyTime is shown. */
export function formatStudyTime(seconds: number) {
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  return hours ? `${hours}h ${minutes % 60}min` : `${minutes}min`
}

/** The four stat cards, from GET /me/stats. */
export function StatCards({ stats }: { stats: MyStats }) {
  const cards = [
    { label: 'Questões respondidas', value: formatNumber(stats.questionsAnswered), Icon: ListChecks },
    { label: 'Taxa de acerto', value: `${stats.correctRate}%`, Icon: CheckCircle2 },
    { label: 'Sequência de estudos', value: stats.studyStreak === 1 ? '1 dia' : `${stats.studyStreak} dias`, Icon: CalendarCheck },
    { label: 'Tempo de estudo', value: formatStudyTime(stats.totalStudyTime), Icon: Clock },
  ]
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:mt-8 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ label, value, Icon }) => (
        <div key={label} className="card p-3 sm:p-4">
          <dt className="flex items-center gap-2 text-xs text-slate-600 sm:text-sm dark:text-slate-400">
            <Icon className="hidden h-5 w-5 shrink-0 text-brand-600 sm:block dark:text-brand-300" aria-hidden />
            {label}
          </dt>
          <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl" data-testid={`estatistica-${label}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** A share of right answers as the dashboard writes it: a whole percentage ('67%'). */
export const accuracy = (correct: number, total: number) => `${Math.round((100 * correct) / total)}%`

/** Right answers per discipline, from GET /me/performance: a table, in the HTML with or without JS. */
export function PerformanceTable({ rows }: { rows: DisciplinePerformance[] }) {
  return (
    <section aria-labelledby="desempenho-titulo">
      <h2 id="desempenho-titulo" className="text-lg font-semibold">
        Desempenho por disciplina
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">Nenhuma estatística disponível.</p>
      ) : (
        <ScrollRegion className="mt-4" labelledBy="desempenho-titulo">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th className="py-2 pr-4 font-semibold">Disciplina</th>
                <th className="py-2 pr-4 text-right font-semibold">Acertos</th>
                <th className="py-2 pr-4 text-right font-semibold">Respostas</th>
                <th className="py-2 text-right font-semibold">Taxa de acerto</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.discipline} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-2 pr-4">{row.discipline}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.correct}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.total}</td>
                  <td className="py-2 text-right tabular-nums">{accuracy(row.correct, row.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  )
}
