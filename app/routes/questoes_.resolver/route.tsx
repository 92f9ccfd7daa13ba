import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { Markup } from '~/question/markup'
import { OutdatedBadge, OutdatedNote } from '~/question/outdated'
import type { CardView } from '~/question/question-card'
import { Alternatives, CardDetails, DifficultyBadge, QuotaAlert, RevealPanel } from '~/question/question-card'
import questionStyles from '~/question/questions.css'
import { useZodForm } from '~/utils/use-zod-form'

import type { ResolverReveal, ReviewNote } from './resolver.server'
import { loadResolver, resolverAction } from './resolver.server'
import * as forms from './schemas.forms'
import { useStepKeys } from './step-keys'

// Modo resolução (issue 27): one question of a /questoes search at a time. Choose, 'Responder',
// 'Próxima': a plain form and links, the URL the whole state (app/question/resolver.ts); with JS
// the same, plus J/K and the focus following the change.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data?.mode === 'question'
        ? `Questão ${data.progress} — Resolver — Gabarita`
        : data?.mode === 'summary'
          ? 'Resumo — Resolver — Gabarita'
          : 'Resolver questões — Gabarita',
  },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadResolver(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return resolverAction(request, context)
}

export default function ResolverPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="container-page max-w-3xl space-y-3 py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 className="text-lg font-bold">Resolver questões</h1>
        <Link to={data.listHref} className="inline-flex min-h-11 items-center text-sm font-semibold underline">
          Voltar à lista
        </Link>
      </div>
      {data.weeklyText ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="cota-semanal">
          {data.weeklyText}
        </p>
      ) : null}
      {data.mode === 'question' ? (
        <QuestionStep {...data} />
      ) : data.mode === 'summary' ? (
        <Summary {...data} />
      ) : (
        <p
          role={data.mode === 'failed' ? 'alert' : undefined}
          className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300"
        >
          {data.mode === 'failed' ? data.failed : 'Nenhuma questão encontrada com os filtros selecionados.'}
        </p>
      )}
    </div>
  )
}

function QuestionStep({
  question,
  reveal,
  progress,
  self,
  nextHref,
  prevHref,
  quota,
  review,
}: {
  question: CardView
  reveal: ResolverReveal | null
  review: ReviewNote | null
  progress: string
  self: string
  nextHref: string
  prevHref: string | null
  quota: string | null
}) {
  const location = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  // The next question on its way: its link spins (issue 27: pending states on every action).
  const loadingNext = navigation.state === 'loading' && `${navigation.location.pathname}${navigation.location.search}` === nextHref
  const actionData = useActionData<typeof action>()
  const [form, fields] = useZodForm(forms.ResolverAnswerSchema, { id: `resolver-${question.id}`, lastResult: actionData?.result })
  useStepKeys(prevHref, nextHref)

  // With JS the focus follows the change (never on the first load): to the result once it
  // arrives, to the new question's heading after Próxima/Anterior.
  const heading = useRef<HTMLHeadingElement>(null)
  const shown = useRef(location.search)
  useEffect(() => {
    if (location.search === shown.current) return
    shown.current = location.search
    const result = document.querySelector<HTMLElement>('[data-testid=resposta]')
    ;(reveal && result ? result : heading.current)?.focus()
  }, [location.search, reveal])

  const answerable = !reveal && !question.annulled && question.alts.length > 0
  // One card, then one row: Anterior, Responder (the form's button, by its form attribute), Próxima.
  // Progress and details share the card's header (issue 27: at most 220 px beyond the question).
  return (
    <>
      <article id={`questao-${question.id}`} className="qc">
        <header className="qh">
          <h2 ref={heading} tabIndex={-1} className="qt">{`#${question.code}`}</h2>
          <p className="text-sm font-semibold text-slate-700 dark:text-slate-300" data-testid="progresso">
            <span className="sr-only">Questão </span>
            {progress}
          </p>
          <DifficultyBadge level={question.level} measured={question.measured} />
          {question.annulled ? <span className="qb qb-an">Anulada</span> : null}
          <OutdatedBadge old={question.old} stale={question.stale} />
        </header>
        <CardDetails question={question} />
        <OutdatedNote stale={question.stale} />
        <Markup text={question.body?.text ?? ''} className="qs" />
        {question.annulled && !reveal ? (
          <p className="qr" data-testid="anulada">
            <span className="font-semibold">Questão anulada.</span> A banca anulou esta questão: não há gabarito e nenhuma resposta conta
            como acerto ou erro. Siga para a próxima.
          </p>
        ) : null}
        <Form method="post" action={self} preventScrollReset {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="questao" value={question.id} />
          {question.tk ? <input type="hidden" name="t" value={question.tk} /> : null}
          <Alternatives question={question} reveal={reveal ?? undefined} selectable={answerable} required={answerable} />
          <ErrorList id={fields.resposta.errorId} errors={fields.resposta.errors} />
          <ErrorList id={form.errorId} errors={form.errors} />
        </Form>
        {quota ? <QuotaAlert message={quota} /> : null}
        {reveal ? (
          <div id="resultado">
            <RevealPanel reveal={reveal} />
            {reveal.locked ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{reveal.locked}</p> : null}
            {review ? <ReviewLine review={review} questionId={question.id} here={`${location.pathname}${location.search}`} /> : null}
          </div>
        ) : null}
      </article>
      <nav aria-label="Navegação entre questões" className="flex flex-wrap items-center justify-between gap-2">
        {prevHref ? (
          <Link to={prevHref} className="btn-secondary" rel="prev" aria-keyshortcuts="K">
            Anterior
          </Link>
        ) : (
          <span />
        )}
        {answerable ? (
          <button type="submit" form={form.id} className="btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Respondendo…' : 'Responder'}
          </button>
        ) : null}
        <Link
          to={nextHref}
          className={reveal || question.annulled ? 'btn-primary' : 'btn-secondary'}
          rel="next"
          aria-keyshortcuts="J"
          aria-busy={loadingNext || undefined}
        >
          Próxima
        </Link>
      </nav>
    </>
  )
}

/** The ratings of an answer, in the preview's order; the automatic ones: wrong Errei, right Bom (Difícil when slow). */
const RATING_LABELS = ['Errei', 'Difícil', 'Bom', 'Fácil'] as const
const when = (days: number) => (days <= 0 ? 'hoje' : days === 1 ? 'amanhã' : `em ${days} dias`)

/**
 * When the question comes back to Revisão (issue 30), and after a right answer 'Achei fácil',
 * which rates it Easy and sends it further out.
 */
function ReviewLine({ review, questionId, here }: { review: ReviewNote; questionId: number; here: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'facil'
  return (
    // Posted to the page as it is (its result in the URL), which the redirect shows again.
    <Form method="post" action={here} preventScrollReset className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <p data-testid="volta">{`Volta para a revisão ${when(review.days)}${review.rating === 'easy' ? ' (marcada como fácil)' : ''}.`}</p>
      <p className="w-full text-slate-700 dark:text-slate-300" data-testid="intervalos">
        {`Conforme a nota: ${RATING_LABELS.map((label, i) => `${label} ${when(review.preview[i]!)}`).join(' · ')}.`}
      </p>
      {(review.rating === 'good' || review.rating === 'hard') && review.attempt ? (
        <>
          <CsrfInput />
          <input type="hidden" name="questao" value={questionId} />
          <input type="hidden" name="tentativa" value={review.attempt} />
          <button type="submit" name="intent" value="facil" className="btn-secondary" disabled={busy}>
            {busy ? 'Salvando…' : `Achei fácil (volta ${when(review.preview[3])})`}
          </button>
        </>
      ) : null}
    </Form>
  )
}

function Summary({
  summary,
  prevHref,
  restartHref,
  listHref,
}: {
  summary: { text: string; right: number; wrong: { id: number; code: string; disc: string }[] }
  prevHref: string | null
  restartHref: string
  listHref: string
}) {
  return (
    <section aria-labelledby="resumo" className="qc">
      <h2 id="resumo" className="qt">
        Fim das questões
      </h2>
      <p className="mt-2" data-testid="resumo">
        {summary.text}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm font-semibold">
        <li className="qb qb-ok">{`Acertos: ${summary.right}`}</li>
        <li className="qb qb-er">{`Erros: ${summary.wrong.length}`}</li>
      </ul>
      {summary.wrong.length ? (
        <>
          <h3 className="mt-4 font-semibold">Para revisar</h3>
          <ul className="mt-1 space-y-1">
            {summary.wrong.map((q) => (
              <li key={q.id}>
                <Link to={`/questoes/${q.id}`} className="inline-flex min-h-11 items-center underline">
                  {`Questão #${q.code} · ${q.disc}`}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="qx">
        <Link to={restartHref} className="btn-primary">
          Recomeçar
        </Link>
        <Link to={listHref} className="btn-secondary">
          Voltar à lista
        </Link>
        {prevHref ? (
          <Link to={prevHref} className="btn-secondary" rel="prev">
            Anterior
          </Link>
        ) : null}
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
