import { Link } from '@remix-run/react'

import type { SimulationJson } from '#server/features/simulations/contract'
import { SIMULATION_KIND_LABELS } from '#server/features/simulations/messages'
import { ScrollRegion } from '~/components/scroll-region'

// A student's simulados (issue 29): the finished ones' scores as bars against the 50% cut, and
// the table of all, each with the way back in; the ones the clock closed with no answer saved
// (issue 39) apart, as "Encerrados sem respostas": no grade. On /simulados and on the
// dashboard's Desempenho.

type Simulation = Pick<
  SimulationJson,
  | 'id'
  | 'kind'
  | 'exam'
  | 'size'
  | 'status'
  | 'passed'
  | 'score'
  | 'answered_count'
  | 'started_at'
  | 'finished_at'
  | 'closed_without_answers'
> & {
  exam: { name: string } | null
  /** Its dates as written by the loader (historyDates): the page builds no Intl formatter (issue 66). */
  started: string
  finished: string
}

function statusOf(s: Simulation) {
  if (s.status === 'in_progress') return 'Em andamento'
  return s.passed ? 'Aprovado' : 'Reprovado'
}

const nameOf = (s: Simulation) => (s.exam ? `${SIMULATION_KIND_LABELS[s.kind]}: ${s.exam.name}` : SIMULATION_KIND_LABELS[s.kind])

/** The history; `more` links to the whole list when only the newest are shown. */
export function SimulationHistory({ simulations, more }: { simulations: Simulation[]; more?: string }) {
  if (!simulations.length) {
    return (
      <section aria-labelledby="historico" className="card">
        <h2 id="historico" className="text-xl font-bold">
          Meus simulados
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Você ainda não fez nenhum simulado.{' '}
          {more ? (
            <Link to={more} className="font-semibold underline">
              Fazer um simulado
            </Link>
          ) : (
            'Escolha um abaixo para começar.'
          )}
        </p>
      </section>
    )
  }
  const sat = simulations.filter((s) => !s.closed_without_answers)
  const unanswered = simulations.filter((s) => s.closed_without_answers)
  // The chart: the finished ones, oldest first, as the share of right answers against the cut.
  const finished = sat
    .filter((s) => s.status === 'finished' && s.score !== null)
    .reverse()
    .slice(-12)
  return (
    <section aria-labelledby="historico" className="card space-y-4">
      <h2 id="historico" className="text-xl font-bold">
        Meus simulados
      </h2>
      {finished.length ? (
        <figure>
          <figcaption className="text-sm font-semibold">Acertos por simulado (a linha marca o corte de 50%)</figcaption>
          <div className="relative mt-2 flex h-32 items-end gap-1 border-b border-slate-300 dark:border-slate-700" aria-hidden>
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-amber-500" />
            {finished.map((s) => {
              const pct = Math.round(((s.score ?? 0) / s.size) * 100)
              return (
                <div
                  key={s.id}
                  className={`w-full max-w-10 rounded-t ${s.passed ? 'bg-emerald-600' : 'bg-rose-600'}`}
                  style={{ height: `${Math.max(pct, 2)}%` }}
                  title={`${s.finished}: ${s.score} de ${s.size}`}
                />
              )
            })}
          </div>
        </figure>
      ) : null}
      {sat.length ? (
        <ScrollRegion label="Seus simulados, do mais novo ao mais antigo">
          <table className="stack w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Início
                </th>
                <th scope="col" className="py-2 pr-3">
                  Tipo
                </th>
                <th scope="col" className="py-2 pr-3">
                  Nota
                </th>
                <th scope="col" className="py-2 pr-3">
                  Situação
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Abrir</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sat.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-2 pr-3" data-label="Início">
                    {s.started}
                  </td>
                  <td className="py-2 pr-3" data-label="Tipo">
                    {nameOf(s)}
                  </td>
                  <td className="py-2 pr-3" data-label="Nota">
                    {s.score === null ? `${s.answered_count} de ${s.size} respondidas` : `${s.score} de ${s.size}`}
                  </td>
                  <td className="py-2 pr-3" data-label="Situação">
                    {statusOf(s)}
                  </td>
                  <td className="py-2">
                    <Link
                      to={s.status === 'in_progress' ? `/simulados/${s.id}` : `/simulados/${s.id}/resultado`}
                      className="inline-flex min-h-11 items-center font-semibold underline"
                    >
                      {s.status === 'in_progress' ? 'Continuar' : 'Ver resultado'}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {unanswered.length ? (
        <section aria-labelledby="sem-respostas">
          <h3 id="sem-respostas" className="font-bold">
            Encerrados sem respostas
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            O tempo acabou antes de qualquer resposta salva: não contam como nota.
          </p>
          <ul className="mt-1 text-sm">
            {unanswered.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-x-3 border-b border-slate-100 dark:border-slate-800"
              >
                <span>{`${s.started} · ${nameOf(s)}: Encerrado sem respostas`}</span>
                <Link to={`/simulados/${s.id}/resultado`} className="inline-flex min-h-11 items-center font-semibold underline">
                  Ver as questões
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {more ? (
        <Link to={more} className="inline-flex min-h-11 items-center font-semibold underline">
          Ver todos os simulados
        </Link>
      ) : null}
    </section>
  )
}
