import { ScrollRegion } from '~/components/scroll-region'

// The review queue's forecast (issue 30): the next days' due counts as CSS bars (no chart
// library: the same figures without JS) and the table that says them, on the dashboard's
// Revisões card and on the study plan.

export type ForecastDay = { date: string; due: number }

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']

// From the YYYY-MM-DD string itself (a São Paulo day), so the server and the browser agree.
function weekday(day: string) {
  const [y, m, d] = day.split('-').map(Number)
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]
}

/** "Hoje", "Amanhã" or "qua 14/05". */
export function dayLabel(day: string, index: number) {
  if (index < 2) return index ? 'Amanhã' : 'Hoje'
  return `${weekday(day)} ${day.slice(8, 10)}/${day.slice(5, 7)}`
}

export const percent = (share: number) => `${Math.round(share * 100)}%`

/** The chart (hidden from screen readers: the table below says the same) and its table. */
export function ReviewForecast({ forecast, id }: { forecast: ForecastDay[]; id: string }) {
  const max = Math.max(1, ...forecast.map((f) => f.due))
  return (
    <figure className="max-w-xl space-y-3" data-testid="previsao-revisoes">
      <figcaption id={id} className="text-sm font-semibold">
        Revisões nos próximos {forecast.length} dias
      </figcaption>
      <div aria-hidden>
        <div className="flex h-32 items-end gap-1 border-b border-slate-300 dark:border-slate-700">
          {forecast.map((f) => (
            <div key={f.date} className="flex h-full w-full flex-col items-center justify-end">
              <span className="text-xs tabular-nums">{f.due}</span>
              <div
                className="w-full max-w-10 rounded-t bg-brand-600"
                style={{ height: `${f.due ? Math.max((f.due / max) * 80, 4) : 0}%` }}
              />
            </div>
          ))}
        </div>
        <div className="flex gap-1 text-xs text-slate-600 dark:text-slate-300">
          {forecast.map((f, i) => (
            <span key={f.date} className="w-full text-center">
              {i === 0 ? 'hoje' : weekday(f.date)}
            </span>
          ))}
        </div>
      </div>
      <ScrollRegion labelledBy={id}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Dia
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Questões
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.map((f, i) => (
              <tr key={f.date} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-3">
                  <time dateTime={f.date}>{dayLabel(f.date, i)}</time>
                </td>
                <td className="py-1 text-right tabular-nums">{f.due}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </figure>
  )
}
