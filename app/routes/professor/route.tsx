import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { call } from '#server/client/call'
import { analysesApi } from '#server/features/analyses/contract'
import { coverageLines } from '#server/features/explanations/messages'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Pagination } from '~/question/pagination'
import { countOf } from '~/utils/format'
import { apiForRequest, requireProfessor, withSession } from '~/utils/session.server'

// The analysis desk's queue (issue 40): the questions without analysis, the most helpful first
// (the wrong answers they collect), filtered by a GET form whose URL is the state; with each, the
// students' most useful explanation to promote, and the bank's two coverages apart (issue 64).

export const meta: MetaFunction = () => [{ title: 'Mesa do professor — Gabarita' }, { name: 'robots', content: 'noindex' }]

const idOf = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined)

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfessor(request, context)
  const url = new URL(request.url)
  const page = idOf(url.searchParams.get('pagina')) ?? 1
  const predicted = url.searchParams.get('prevista') === 'sim'
  const query = {
    discipline_id: idOf(url.searchParams.get('disciplina')),
    exam_id: idOf(url.searchParams.get('prova')),
    predicted: predicted ? ('true' as const) : undefined,
    page: Math.min(page, 10_000),
  }
  const api = await apiForRequest(request, context)
  const queue = await withSession(request, () => call(api, analysesApi.queue, { query }))
  return json({ queue, filters: { disciplina: query.discipline_id ?? null, prova: query.exam_id ?? null, prevista: predicted } })
}

type Facet = { id: number; name: string; count: number }

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)

/** A filter of the queue: 'Todas', then each option with how many questions wait in it. */
function FacetSelect({ name, label, options, value }: { name: string; label: string; options: Facet[]; value: number | null }) {
  return (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      <select id={name} name={name} defaultValue={value ?? ''} className="input">
        <option value="">Todas</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} ({o.count})
          </option>
        ))}
      </select>
    </div>
  )
}

export default function ProfessorQueue() {
  const { queue, filters } = useLoaderData<typeof loader>()
  const totalPages = Math.max(1, Math.ceil(queue.total / queue.per_page))
  const coverage = coverageLines(queue.coverage)
  const hrefFor = (page: number) => {
    const params = new URLSearchParams()
    if (filters.disciplina) params.set('disciplina', String(filters.disciplina))
    if (filters.prova) params.set('prova', String(filters.prova))
    if (filters.prevista) params.set('prevista', 'sim')
    if (page > 1) params.set('pagina', String(page))
    return `/professor${params.size ? `?${params}` : ''}`
  }
  return (
    <div className="container-page max-w-5xl space-y-6 py-6">
      <div>
        <h1 className="text-2xl font-bold">Mesa do professor</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Questões sem análise, das que mais ajudariam os alunos (as que mais recebem respostas erradas) às mais recentes.
        </p>
      </div>

      <Form method="get" className="card flex flex-wrap items-end gap-3" aria-label="Filtrar a fila">
        <FacetSelect name="disciplina" label="Disciplina" options={queue.disciplines} value={filters.disciplina} />
        <FacetSelect name="prova" label="Prova" options={queue.exams} value={filters.prova} />
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="prevista" value="sim" defaultChecked={filters.prevista} className="h-5 w-5" />
          Só disciplina prevista
        </label>
        <button type="submit" className="btn-primary">
          Filtrar
        </button>
      </Form>

      <ul className="text-sm" data-testid="cobertura-mesa" aria-label="Cobertura do banco">
        <li>{coverage.professor}</li>
        <li>{coverage.student}</li>
      </ul>

      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="fila-total">
        {countOf(queue.total, 'questão sem análise', 'questões sem análise')}
      </p>

      {queue.data.length === 0 ? (
        <p className="card text-slate-600 dark:text-slate-400">Nenhuma questão sem análise com estes filtros.</p>
      ) : (
        <ol className="space-y-3" data-testid="fila">
          {queue.data.map((q) => (
            <li key={q.id} className="card">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/professor/questoes/${q.id}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
                  {q.label}
                </Link>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {countOf(q.answers, 'resposta', 'respostas')} · {percent(q.wrong_share)} erradas
                </span>
              </div>
              <p className="mt-1 text-sm">
                {q.discipline}
                {q.predicted ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 text-amber-900 dark:bg-amber-900 dark:text-amber-100">prevista</span>
                ) : null}
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{q.excerpt}</p>
              {q.best_explanation ? (
                <p className="mt-2 border-l-4 border-slate-300 pl-2 text-sm dark:border-slate-600" data-testid="melhor-explicacao">
                  <span className="font-semibold">
                    {`${countOf(q.student_explanations, 'explicação de aluno', 'explicações de alunos')} · a mais útil, de ${q.best_explanation.author} (${q.best_explanation.useful} útil): `}
                  </span>
                  {q.best_explanation.excerpt}{' '}
                  <Link to={`/professor/questoes/${q.id}?promover=explanation-${q.best_explanation.id}`} className="underline">
                    Promover a análise
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={queue.page} totalPages={totalPages} hrefFor={hrefFor} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
