import type { LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Markup } from '~/question/markup'
import questionStyles from '~/question/questions.css'

import { loadPrint } from './imprimir.server'

// "Imprimir caderno" (issue 40 §4): the page is its own print layout (no header, footer or
// controls on paper, black on white, A4), printed by the browser; without JS the browser's own
// Imprimir (Ctrl+P) prints the same.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.notebook.name} — Imprimir caderno — Gabarita` : 'Imprimir caderno — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPrint(request, context, params.notebookId)
}

type Question = SerializeFrom<typeof loader>['questions'][number]

const NO_KEY = 'abra a questão no site para ver (conta na cota semanal)'

export default function PrintNotebookPage() {
  const { notebook, total, order, questions, limited } = useLoaderData<typeof loader>()
  const missing = questions.some((q) => q.key === null)
  return (
    <div className="print-page container-page max-w-3xl py-6">
      <div className="space-y-3 print:hidden">
        <Link to={`/notebook/${notebook.id}/questions`} className="inline-flex min-h-11 items-center text-sm font-semibold underline">
          Voltar ao caderno
        </Link>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="gabarito" className="label">
              Onde imprimir o gabarito
            </label>
            <select id="gabarito" name="gabarito" defaultValue={order} className="input mt-1">
              <option value="fim">No fim do caderno</option>
              <option value="questao">Depois de cada questão</option>
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Mostrar
          </button>
          <PrintButton />
        </Form>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Para salvar em PDF, escolha “Salvar como PDF” como destino na janela de impressão (Ctrl+P).
        </p>
      </div>

      <h1 className="mt-6 text-2xl font-bold print:mt-0">{notebook.name}</h1>
      {notebook.description ? <p className="mt-1">{notebook.description}</p> : null}
      <p className="mt-1 text-sm" data-testid="impressao-resumo">
        {questions.length === 1 ? '1 questão' : `${questions.length} questões`}
        {total > questions.length ? ` (as primeiras ${questions.length} de ${total})` : ''}
      </p>
      {questions.length === 0 ? <p className="mt-6">Este caderno ainda não tem questões.</p> : null}

      <ol className="mt-4 space-y-6">
        {questions.map((q, i) => (
          <PrintedQuestion key={q.id} question={q} n={i + 1} withKey={order === 'questao'} />
        ))}
      </ol>

      {order === 'fim' && questions.length ? (
        <section aria-labelledby="gabarito-titulo" className="print-key mt-8">
          <h2 id="gabarito-titulo" className="text-xl font-bold">
            Gabarito
          </h2>
          <ol className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-x-4 gap-y-1" data-testid="gabarito-fim">
            {questions.map((q, i) => (
              <li key={q.id}>{`${i + 1}. ${q.key ?? '—'}`}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {missing && limited ? <p className="mt-4 text-sm">{`— : ${NO_KEY}.`}</p> : null}
    </div>
  )
}

function PrintedQuestion({ question: q, n, withKey }: { question: Question; n: number; withKey: boolean }) {
  return (
    <li className="print-q">
      <h2 className="font-bold">{`${n}. ${q.name}`}</h2>
      <p className="text-sm">{[q.disc, q.exam].join(' · ')}</p>
      <Markup text={q.text} className="qs" />
      <ol className="mt-2 space-y-1">
        {q.alts.map((a) => (
          <li key={a.letter} className="flex gap-2">
            <b>{`${a.letter})`}</b>
            <Markup text={a.text} />
          </li>
        ))}
      </ol>
      {q.notes.length ? (
        <div className="mt-2 border-l-2 border-slate-400 pl-3 text-sm">
          <h3 className="font-semibold">Suas anotações</h3>
          {q.notes.map((note, i) => (
            <p key={i} className="whitespace-pre-line">
              {note}
            </p>
          ))}
        </div>
      ) : null}
      {withKey ? <p className="mt-2 font-semibold">{`Gabarito: ${q.key ?? `— (${NO_KEY})`}`}</p> : null}
    </li>
  )
}

/** With JS, the browser's print dialog (rendered once hydrated); without it, the hint below says Ctrl+P. */
function PrintButton() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    setReady(true)
  }, [])
  if (!ready) return null
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Imprimir
    </button>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
