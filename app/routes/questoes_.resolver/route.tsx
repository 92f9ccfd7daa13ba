import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs, ShouldRevalidateFunction } from '@remix-run/react'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { forwardRef, lazy, Suspense, useEffect, useMemo, useRef } from 'react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/error-list'
import { Toaster } from '~/components/toaster'
import { DownloadForOffline } from '~/offline/download-button'
import { keptOnDevice } from '~/offline/flag'
// Loaded with the page, not on demand: when the signal drops, nothing more can be fetched.
import { keptFor } from '~/offline/owner'
import { enqueue } from '~/offline/store'
import { AnswerBar } from '~/question/answer-bar'
import { Alternatives, DifficultyBadge, QuotaAlert, verdict } from '~/question/answer-parts'
import { Markup } from '~/question/markup'
import { OutdatedBadge, OutdatedNote } from '~/question/outdated'
import questionStyles from '~/question/questions.css'
import { formReply } from '~/utils/form-reply'
import { forgetPages, keptOrLoad, keptOrReply } from '~/utils/kept-pages'
import type { Toast } from '~/utils/toast.server'
import { useHydrated } from '~/utils/use-hydrated'

import { clearRatingFailed, prefetchPage, sendRating, useRatingFailed } from './kept-pages'
import type { ResolverReveal, ReviewNote } from './resolver.server'
import { loadResolver, resolverAction } from './resolver.server'
import { useStepKeys } from './step-keys'

// Modo resolução (issue 27): one question of a /questoes search at a time. Choose, 'Responder',
// 'Próxima': a plain form and links, the URL the whole state (app/question/resolver.ts); with JS
// the same, plus the keys (step-keys.ts) and the focus following the change.

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

type PageData = SerializeFrom<typeof loader> & { toasts?: Toast[]; espera?: number }

/**
 * With JS the page often needs no request (ADR 093): the answered question came with Responder's
 * response, the next one was fetched while the student read the verdict. Either is taken once;
 * the seconds a prefetched question waited go with its answer, as they are not the student's.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const { data, at } = await keptOrLoad(request, () => serverLoader<typeof loader>() as Promise<PageData>)
  const espera = at === null ? 0 : Math.round((Date.now() - at) / 1000)
  return data.mode === 'question' && !data.reveal && espera > 0 ? { ...data, espera } : data
}

/**
 * Nothing to reload after an answer kept on the device (there is no network) or a refused answer
 * (nothing changed: the question stays with the message, ADR 093).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  keptOnDevice(actionResult) || (typeof actionResult === 'object' && actionResult !== null && 'result' in actionResult)
    ? false
    : defaultShouldRevalidate

// What only an answered question shows (its panel, the rating buttons) and the run's summary arrive
// with the first answer, not with the page: Responder asks for the module beside the answer's
// request (issue 41). The server renders them whole; hydration keeps that HTML until it is here.
// A module that never arrives (the signal dropped, a deploy replaced it) leaves the page as it is
// and says so in their place (lazy-part.tsx does this for other pages; its shared file would cost
// the loop's first load more than the 100 KB leave).
const NotLoaded = (_: object) => (
  <p role="status" className="mt-2 text-sm">
    Esta parte da página não carregou (sem conexão?). <a href={location.pathname + location.search}>Recarregar a página</a>
  </p>
)
const afterAnswer = () => import('./after-answer').catch(() => ({ RevealPanel: NotLoaded, RatingButtons: NotLoaded, Summary: NotLoaded }))
const RevealPanel = lazy(() => afterAnswer().then((m) => ({ default: m.RevealPanel })))
const RatingButtons = lazy(() => afterAnswer().then((m) => ({ default: m.RatingButtons })))
const Summary = lazy(() => afterAnswer().then((m) => ({ default: m.Summary })))

/** What the page says when Responder could not reach the server (issue 39). */
export const DROPPED = 'Sem conexão — sua resposta será enviada quando voltar'
/** A verdict that has not come by then is taken for a dropped signal (ADR 093). */
export const VERDICT_WAIT_MS = 15_000

class NoVerdict extends TypeError {}

/**
 * With JS, Responder's response is the answered page itself (ADR 093): kept for the clientLoader,
 * then a redirect to its address that asks the server nothing. A Responder that cannot reach the
 * server (a dropped signal, or no verdict within VERDICT_WAIT_MS) is kept: the answer is queued on
 * the device with its time, the page's shown-at token and the id the server knows it by (`cid`:
 * should the first request have arrived after all, the sync records nothing twice), sent when the
 * connection returns (app/offline/sync.ts); the page keeps the question and the choice. Anything
 * else is the server's action as without JS.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  afterAnswer().catch(() => null)
  const form = await request.clone().formData()
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const reply = await Promise.race([
      serverAction<typeof action>(),
      new Promise<never>((_, reject) => {
        // Only an answer waits for its verdict; a rating's own request is the background's.
        if (!form.get('intent')) timer = setTimeout(() => reject(new NoVerdict('sem veredito')), VERDICT_WAIT_MS)
      }),
    ])
    return keptOrReply(reply)
  } catch (error) {
    const questao = Number(form.get('questao'))
    const resposta = form.get('resposta')
    if (!(error instanceof TypeError) || form.get('intent') || !questao || typeof resposta !== 'string') throw error
    const t = form.get('t')
    const cid = form.get('cid')
    const owner = keptFor()
    if (!owner) throw error
    await enqueue({
      client_id: typeof cid === 'string' && cid ? cid : crypto.randomUUID(),
      owner,
      question_id: questao,
      answer: resposta.toUpperCase(),
      answered_at: new Date().toISOString(),
      ...(typeof t === 'string' && t ? { shown_token: t } : {}),
    })
    forgetPages()
    return { dropped: true as const }
  } finally {
    clearTimeout(timer)
  }
}

export default function ResolverPage() {
  const data = useLoaderData<typeof clientLoader>()
  // The flash an answer's redirect would have carried, when the page came with the answer.
  const toasts = data.toasts?.length ? <Toaster toasts={data.toasts} /> : null
  if (data.mode === 'question')
    return (
      <>
        <QuestionStep {...data} />
        {toasts}
      </>
    )
  return (
    <div className="container-page max-w-3xl space-y-3 py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 className="text-lg font-bold">Resolver questões</h1>
        <Link to={data.listHref} className="inline-flex min-h-11 items-center text-sm font-semibold underline">
          Voltar à lista
        </Link>
      </div>
      {data.weeklyText ? <WeeklyText text={data.weeklyText} /> : null}
      {data.mode === 'summary' ? (
        <Suspense fallback={null}>
          <Summary {...data} />
        </Suspense>
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

function WeeklyText({ text }: { text: string }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="cota-semanal">
      {text}
    </p>
  )
}

type StepData = Extract<PageData, { mode: 'question' }>

/**
 * One question and its answer bar (issue 39). The heading names it as the student knows it; the
 * details fit one line; the actions wait in the bar at the bottom of the screen: Responder, then
 * Difícil / Bom / Fácil after a right answer (each rates and goes on) or Próxima after a wrong one.
 * The answer comes back scrolled to the right alternative, the verdict in the bar.
 */
function QuestionStep({
  question,
  heading,
  reveal,
  progress,
  self,
  nextHref,
  prevHref,
  quota,
  review,
  listHref,
  weeklyText,
  espera,
}: StepData) {
  // The run's questions, or the review queue's when the run is Revisão.
  const offlineSource = /[?&]situacao=revisar(&|$)/.test(self) ? 'revisao' : 'busca'
  const location = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'nota'
  // The next question on its way: its link spins (issue 27: pending states on every action).
  const loadingNext = navigation.state === 'loading' && `${navigation.location.pathname}${navigation.location.search}` === nextHref
  const actionData = useActionData<typeof clientAction>()
  const dropped = actionData && 'dropped' in actionData
  const { form, field } = formReply(`resolver-${question.id}`, actionData && 'result' in actionData ? actionData.result : undefined)
  const answerErrors = field('resposta')
  const rating = review && reveal?.chosen && reveal.correct_answer === reveal.chosen && review.attempt ? review : null
  // A rating goes in the background (sendRating): its failure is said on the next question.
  const ratingFailed = useRatingFailed()
  const hydrated = useHydrated()
  // The answer's own id for this view of the question (with JS): a second request for it records nothing.
  const cid = useMemo(
    () => (hydrated && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : null),
    // A new id for each visit of a question, not for each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hydrated, question.id, location.key],
  )
  // One Responder at a time: a second tap before the first's reply sends nothing.
  const sent = useRef(false)
  useEffect(() => {
    sent.current = false
  }, [location.key, actionData])
  // While the student reads the verdict, the next question is fetched: the tap only renders it.
  useEffect(() => {
    if (reveal) prefetchPage(nextHref)
  }, [reveal, nextHref])

  // With JS the focus follows the change (never on the first load): to the verdict once it
  // arrives (without scrolling: the page shows the right alternative), to the new question's
  // heading after Próxima/Anterior.
  const title = useRef<HTMLHeadingElement>(null)
  const verdictRef = useRef<HTMLParagraphElement>(null)
  const shown = useRef(location.search)
  useEffect(() => {
    if (location.search === shown.current) return
    shown.current = location.search
    const target = reveal ? verdictRef.current : title.current
    target?.focus({ preventScroll: Boolean(reveal) })
  }, [location.search, reveal])

  const answerable = !reveal && !question.annulled && question.alts.length > 0 && !quota
  // Keys as in Anki: 1 goes on after a wrong answer (Errei is automatic); 2–4 rate a right one.
  // Before the answer, A–E choose and Enter answers.
  useStepKeys(prevHref, nextHref, reveal && !rating ? nextHref : null, answerable ? form.id : null)
  const status = reveal ? (
    <Verdict ref={verdictRef} reveal={reveal} review={review} />
  ) : dropped ? (
    <span role="status" data-testid="sem-conexao">
      {DROPPED}
    </span>
  ) : ratingFailed ? (
    <span role="alert" className="text-red-700 dark:text-red-400" data-testid="nota-falhou">
      {ratingFailed}
    </span>
  ) : weeklyText && !quota ? (
    <span className="font-normal" data-testid="cota-semanal">
      {weeklyText}
    </span>
  ) : null
  return (
    <div className="container-page max-w-3xl pt-2 sm:pt-4">
      <article id={`questao-${question.id}`} className="qc qc-step">
        <h1 ref={title} tabIndex={-1} className="qt">
          {heading}
        </h1>
        <p className="qm">
          <span className="font-semibold" data-testid="progresso">
            <span className="sr-only">Questão </span>
            {progress}
          </span>
          {` · ${question.disc} `}
          <DifficultyBadge level={question.level} measured={question.measured} />
          {question.annulled ? <span className="qb qb-an">Anulada</span> : null}
          <OutdatedBadge old={question.old} stale={question.stale} />
        </p>
        <OutdatedNote stale={question.stale} />
        {quota ? (
          // The week's limit, said before the question is read (issue 39).
          <QuotaAlert message={quota} />
        ) : (
          <>
            <Markup text={question.body?.text ?? ''} className="qs" />
            {question.annulled && !reveal ? (
              <p className="qr" data-testid="anulada">
                <span className="font-semibold">Questão anulada.</span> A banca anulou esta questão: não há gabarito e nenhuma resposta
                conta como acerto ou erro. Siga para a próxima.
              </p>
            ) : null}
            <Form
              // A version loaded again (a re-upload changed it, ADR 097) starts with nothing chosen.
              key={question.tk ?? question.id}
              id={form.id}
              method="post"
              action={self}
              preventScrollReset
              aria-describedby={form.errorId}
              onSubmit={(event) => {
                if (sent.current || busy) return event.preventDefault()
                sent.current = true
                clearRatingFailed()
              }}
            >
              <CsrfInput />
              <input type="hidden" name="questao" value={question.id} />
              {question.tk ? <input type="hidden" name="t" value={question.tk} /> : null}
              {espera ? <input type="hidden" name="espera" value={espera} /> : null}
              {cid ? <input type="hidden" name="cid" value={cid} /> : null}
              <Alternatives
                question={question}
                reveal={reveal ?? undefined}
                selectable={answerable}
                required={answerable}
                correctId="correta"
              />
              <ErrorList {...answerErrors} />
              <ErrorList id={form.errorId} errors={form.errors} />
            </Form>
          </>
        )}
        {reveal ? (
          <div id="resultado">
            <Suspense fallback={null}>
              <RevealPanel reveal={reveal} questionId={question.id} />
            </Suspense>
            {reveal.locked ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{reveal.locked}</p> : null}
            {question.old && question.stale === undefined ? (
              // The badge is cut on a phone: its laws and dates said whole with the answer.
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{`${question.old.t}. ${question.old.title}.`}</p>
            ) : null}
          </div>
        ) : null}
        <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
          {prevHref && !answerable ? (
            <Link to={prevHref} className="inline-flex min-h-11 items-center font-semibold underline" rel="prev">
              Questão anterior
            </Link>
          ) : null}
          <Link to={listHref} className="inline-flex min-h-11 items-center font-semibold underline">
            Voltar à lista
          </Link>
          <DownloadForOffline source={{ fonte: offlineSource, filtros: listHref.replace(/^[^?]*\??/, '') }} />
        </p>
      </article>
      <AnswerBar label="Navegação entre questões" status={status}>
        {rating ? (
          <Suspense fallback={null}>
            <RatingButtons
              review={rating}
              questionId={question.id}
              here={`${location.pathname}${location.search}`}
              next={nextHref}
              onRate={sendRating}
            />
          </Suspense>
        ) : (
          <>
            {answerable && prevHref ? (
              <Link to={prevHref} className="btn-secondary" rel="prev" aria-keyshortcuts="K">
                Anterior
              </Link>
            ) : null}
            {answerable ? (
              <button type="submit" form={form.id} className="btn-primary" disabled={busy} aria-busy={busy} aria-keyshortcuts="Enter">
                {busy ? 'Respondendo…' : 'Responder'}
              </button>
            ) : null}
            <Link
              to={nextHref}
              className={answerable ? 'btn-secondary' : 'btn-primary'}
              rel="next"
              aria-keyshortcuts={reveal ? 'J 1' : 'J'}
              aria-busy={loadingNext || undefined}
            >
              Próxima
            </Link>
          </>
        )}
      </AnswerBar>
    </div>
  )
}

const when = (days: number) => (days <= 0 ? 'hoje' : days === 1 ? 'amanhã' : `em ${days} dias`)

/** The verdict in the bar, beside the right alternative the page scrolled to; and when the question comes back. */
const Verdict = forwardRef<HTMLParagraphElement, { reveal: ResolverReveal; review: ReviewNote | null }>(function Verdict(
  { reveal, review },
  ref,
) {
  const right = verdict(reveal)
  const text = reveal.annulled
    ? 'Questão anulada: não conta como acerto nem erro.'
    : `${right === true ? 'Você acertou!' : right === false ? 'Você errou.' : ''} Gabarito: ${reveal.correct_answer}`.trim()
  // After a wrong answer, when Errei brings it back; a right one's buttons say it for each rating.
  const back = review && right === false ? ` · volta ${when(review.days)}` : ''
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={right === false ? 'text-red-700 dark:text-red-400' : undefined}
      data-testid="veredito"
    >
      {text}
      <span className="font-normal">{back}</span>
    </p>
  )
})

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
