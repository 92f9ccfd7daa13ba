import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { RouteDialog } from '~/components/route-dialog'
import { toolLinkSelector } from '~/question/card-actions'
import { CitedLaw } from '~/question/cited-law'
import { CommunityAnswerBlock, ExplanationBlock } from '~/question/explanation'

import type { ClosedAnalysis } from './analise.server'
import { analysisAction, loadAnalysis } from './analise.server'

// Análise (issue 12), nested in the /questoes layout: the commented answer in a dialog over the
// list with JS, a section of the page without.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Análise — ${data.question.label} — Gabarita` : 'Análise — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadAnalysis(request, context, params.id)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return analysisAction(request, context, params.id)
}

const box = 'mt-4 rounded-lg border p-4'

/** No analysis to show: none written, or the plan or the admin keeps it closed (with the way to the plans). */
function ClosedNote({ closed }: { closed: ClosedAnalysis }) {
  if (closed.reason === 'none')
    return (
      <p
        className={`${box} border-dashed border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-400`}
        data-testid="analise-ausente"
      >
        {closed.message}
      </p>
    )
  return (
    <div
      role="note"
      className={`${box} border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100`}
      data-testid="analise-bloqueada"
    >
      <p>{closed.message}</p>
      {closed.reason === 'plan' ? (
        <Link to="/planos" className="mt-2 inline-flex min-h-11 items-center font-semibold underline">
          Ver planos
        </Link>
      ) : null}
    </div>
  )
}

export default function AnalysisRoute() {
  const data = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith(`/questoes/${data.question.id}/analise`)
  const reveal = data.reveal
  return (
    <RouteDialog
      titleId="analise-titulo"
      title={`Análise — ${data.question.label}`}
      back={data.back}
      focusOnClose={toolLinkSelector(data.question.id, 'analise')}
    >
      {data.failed ? (
        <p role="alert" className="field-error mt-4">
          {data.failed}
        </p>
      ) : !reveal && data.closed ? (
        <ClosedNote closed={data.closed} />
      ) : !reveal ? (
        <Form method="post" action={data.self} preventScrollReset className={`${box} border-slate-200 dark:border-slate-700`}>
          <CsrfInput />
          <p>A análise do professor mostra o gabarito. Responda à questão primeiro, ou veja a análise agora.</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            No plano Gratuito, ver a análise conta como uma das questões da semana.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="revelar" className="btn-primary" disabled={busy}>
              {busy ? 'Carregando...' : 'Ver análise'}
            </button>
            <Link to={data.back} className="btn-secondary">
              Responder primeiro
            </Link>
          </div>
        </Form>
      ) : (
        <div className="mt-4 space-y-3" data-testid="analise">
          <p className="font-semibold">{reveal.annulled ? 'Questão Anulada' : `Gabarito: ${reveal.correct_answer}`}</p>
          {reveal.explanation ? (
            <ExplanationBlock view={{ ...reveal.origin, explanation: reveal.explanation }} />
          ) : (
            <ClosedNote
              closed={
                reveal.locked
                  ? { reason: reveal.locked, message: reveal.lockedMessage ?? '' }
                  : { reason: 'none', message: 'Esta questão ainda não tem análise do professor.' }
              }
            />
          )}
          {!reveal.explanation && reveal.community ? (
            <CommunityAnswerBlock questionId={data.question.id} answer={reveal.community} />
          ) : null}
          {reveal.citations.length ? <CitedLaw citations={reveal.citations} /> : null}
        </div>
      )}
    </RouteDialog>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
