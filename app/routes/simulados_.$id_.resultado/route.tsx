import type { LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { call } from '#server/client/call'
import { simulationsApi } from '#server/features/simulations/contract'
import { shortfallLine, SIMULATION_KIND_LABELS } from '#server/features/simulations/messages'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScrollRegion } from '~/components/scroll-region'
import { ExplanationBlock } from '~/question/explanation'
import { Markup } from '~/question/markup'
import questionStyles from '~/question/questions.css'
import { SIMULATION_NOT_FOUND_PAGE, simulationIdOf } from '~/simulado/simulation-id.server'
import { ApiError } from '~/utils/api.server'
import { countOf, formatDateTime } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

// The result of a simulado (issue 29): the score against the cut, each discipline with its
// weight, the time, where the student stands among everyone who sat the same exam, and the
// review: each question with the choice, the key and the explanation when the plan has it.
// `?mostrar=erros|branco` narrows the review (a link, the URL is the state).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]

export const meta: MetaFunction = () => [{ title: 'Resultado do simulado — Gabarita' }, { name: 'robots', content: 'noindex' }]

const SHOWS = { todas: 'Todas', erros: 'Erradas', branco: 'Em branco', marcadas: 'Marcadas' } as const
type Show = keyof typeof SHOWS

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const id = simulationIdOf(params.id)
  const raw = new URL(request.url).searchParams.get('mostrar')
  const show: Show = raw && raw in SHOWS ? (raw as Show) : 'todas'
  const api = await apiForRequest(request, context)
  try {
    const { result } = await withSession(request, () => call(api, simulationsApi.result, { params: { id } }))
    return json({ result, show })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(SIMULATION_NOT_FOUND_PAGE, { status: 404 })
    // Still being sat: back to it.
    if (error instanceof ApiError && error.status === 409) throw redirect(`/simulados/${id}`)
    throw error
  }
}

type Result = SerializeFrom<typeof loader>['result']

/** '1h 23min', '45min', '50s'. */
function duration(seconds: number) {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  if (h) return `${h}h ${String(m).padStart(2, '0')}min`
  if (m) return `${m}min ${String(seconds % 60).padStart(2, '0')}s`
  return `${seconds}s`
}

const OUTCOME: Record<Result['review'][number]['outcome'], { label: string; tone: string }> = {
  right: { label: 'Acertou', tone: 'qb qb-ok' },
  wrong: { label: 'Errou', tone: 'qb qb-er' },
  blank: { label: 'Em branco', tone: 'qb' },
  annulled: { label: 'Anulada (conta como acerto)', tone: 'qb qb-an' },
}

export default function ResultPage() {
  const { result, show } = useLoaderData<typeof loader>()
  const s = result.simulation
  const title = s.exam ? `${SIMULATION_KIND_LABELS[s.kind]}: ${s.exam.name}` : SIMULATION_KIND_LABELS[s.kind]
  const review = result.review.filter((item) =>
    show === 'erros' ? item.outcome === 'wrong' : show === 'branco' ? item.outcome === 'blank' : show === 'marcadas' ? item.marked : true,
  )
  return (
    <div className="container-page max-w-4xl space-y-6 py-6">
      <div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Link to="/simulados" className="underline">
            Simulados
          </Link>
          {` · ${formatDateTime(s.started_at)}`}
        </p>
        <h1 className="text-2xl font-bold">{title}</h1>
      </div>

      <section
        aria-labelledby="nota"
        className={`card border-2 ${s.closed_without_answers ? 'border-slate-400' : result.passed ? 'border-emerald-600' : 'border-rose-600'}`}
      >
        <h2 id="nota" className="text-xl font-bold" data-testid="nota">
          {s.closed_without_answers
            ? `Encerrado sem respostas: o tempo acabou sem nenhuma resposta salva`
            : `${result.passed ? 'Aprovado' : 'Reprovado'}: ${result.score} de ${result.size} acertos (${result.percent}%)`}
        </h2>
        {s.closed_without_answers ? (
          // Abandoned (issue 39): no grade to give, only the questions and their key below.
          <p className="mt-1">
            Sem respostas não há nota: ele fica fora do gráfico e da comparação. As questões e o gabarito estão abaixo.
          </p>
        ) : (
          <>
            <p className="mt-1">{`O corte é de ${countOf(result.pass_mark, 'acerto', 'acertos')}. ${countOf(result.right, 'certa', 'certas')}, ${countOf(result.wrong, 'errada', 'erradas')}, ${result.blank} em branco.`}</p>
            {result.annulled ? (
              <p className="mt-1 text-sm">{`${result.annulled === 1 ? '1 questão anulada conta' : `${result.annulled} questões anuladas contam`} como acerto, como a banca pontua.`}</p>
            ) : null}
            {s.closed_by_deadline ? (
              <p className="mt-1 text-sm font-semibold">O tempo acabou antes da entrega: valeu o que estava salvo.</p>
            ) : null}
          </>
        )}
        {s.closed_without_answers ? null : (
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-700 dark:text-slate-300">Tempo usado</dt>
              <dd className="font-semibold">{duration(result.time_used_seconds)}</dd>
            </div>
            <div>
              <dt className="text-slate-700 dark:text-slate-300">Por questão</dt>
              <dd className="font-semibold">{duration(result.seconds_per_question)}</dd>
            </div>
            <div>
              <dt className="text-slate-700 dark:text-slate-300">Comparação</dt>
              <dd className="font-semibold" data-testid="comparacao">
                {result.comparison.position !== null
                  ? `${result.comparison.position}º de ${result.comparison.people} · melhor que ${result.comparison.percentile}%`
                  : (result.comparison.message ?? '—')}
              </dd>
            </div>
          </dl>
        )}
        {s.shortfall.length ? (
          <p className="mt-3 text-sm">{`Faltaram questões no banco. ${s.shortfall.map((f) => shortfallLine(f)).join('. ')}.`}</p>
        ) : null}
      </section>

      <section aria-labelledby="disciplinas" className="card">
        <h2 id="disciplinas" className="text-xl font-bold">
          Por disciplina
        </h2>
        <ScrollRegion className="mt-2" labelledBy="disciplinas">
          <table className="stack w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Disciplina
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Questões (peso)
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Certas
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Erradas
                </th>
                <th scope="col" className="py-2 text-right">
                  Em branco
                </th>
              </tr>
            </thead>
            <tbody>
              {result.by_discipline.map((d) => (
                <tr key={d.discipline_id} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {d.discipline_name}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums" data-label="Questões (peso)">{`${d.total} (${d.weight_percent}%)`}</td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-label="Certas">
                    {d.right}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-label="Erradas">
                    {d.wrong}
                  </td>
                  <td className="py-2 text-right tabular-nums" data-label="Em branco">
                    {d.blank}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <section aria-labelledby="revisao" className="space-y-3">
        <h2 id="revisao" className="text-xl font-bold">
          Revisão
        </h2>
        <nav aria-label="Filtrar a revisão" className="flex flex-wrap gap-2">
          {(Object.keys(SHOWS) as Show[]).map((key) => (
            <Link
              key={key}
              to={key === 'todas' ? '?' : `?mostrar=${key}`}
              aria-current={show === key ? 'page' : undefined}
              className={show === key ? 'btn-primary' : 'btn-secondary'}
              preventScrollReset
            >
              {SHOWS[key]}
            </Link>
          ))}
        </nav>
        {review.length ? (
          review.map((item) => <ReviewItem key={item.position} item={item} />)
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">Nenhuma questão aqui.</p>
        )}
      </section>
      <Link to="/simulados" className="btn-secondary">
        Voltar aos simulados
      </Link>
    </div>
  )
}

function ReviewItem({ item }: { item: Result['review'][number] }) {
  const outcome = OUTCOME[item.outcome]
  return (
    <article className="qc" aria-labelledby={`q${item.position}`}>
      <header className="qh">
        <h3 id={`q${item.position}`} className="qt">{`Questão ${item.position}`}</h3>
        <span className="text-sm text-slate-700 dark:text-slate-300">{`${item.discipline_name} · ${item.exam_name}`}</span>
        <span className={outcome.tone}>{outcome.label}</span>
      </header>
      <Markup text={item.question_text} className="qs" />
      <ul className="qa">
        {item.alternatives.map((alt) => {
          const key = !item.annulled && item.correct_answer === alt.letter
          const mine = item.choice === alt.letter
          return (
            <li key={alt.letter}>
              <div className={key ? 'ok' : mine ? 'bad' : undefined}>
                <b>{`${alt.letter})`}</b>
                <Markup text={alt.text_content} />
                {key ? <em>Gabarito</em> : null}
                {mine ? <em>Sua resposta</em> : null}
              </div>
            </li>
          )
        })}
      </ul>
      {item.explanation ? (
        <div className="mt-3 rounded-md bg-slate-50 p-3 dark:bg-slate-900">
          <ExplanationBlock view={{ ...item, explanation: item.explanation }} />
        </div>
      ) : item.explanation_message ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{item.explanation_message}</p>
      ) : null}
      <p className="mt-3 text-sm">
        <Link to={`/questoes/${item.question_id}`} className="inline-flex min-h-11 items-center font-semibold underline">
          {`Abrir a questão #${item.short_id} (anotações, cadernos, discussões)`}
        </Link>
      </p>
    </article>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
