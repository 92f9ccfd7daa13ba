import { useFetcher, useNavigate } from '@remix-run/react'
import type { FormEvent } from 'react'
import { useEffect, useRef, useState } from 'react'

import { CsrfInput } from '~/components/csrf-input'
import { Icon } from '~/components/icons'
import { showToast } from '~/components/toaster'

import type { CardView, RevealState } from './answer-parts'
import { Alternatives, CardDetails, DifficultyBadge, QuotaAlert } from './answer-parts'
import { CardActions, CardLink, cardLinks } from './card-actions'
import type { CardAnswerData } from './card-answer'
import { CardText, useCardTexts } from './card-texts'
import { announce } from './keyboard'
import { OutdatedBadge, OutdatedNote } from './outdated'
import { RevealPanel } from './reveal-panel'
import { LAST_OF_WEEK_MESSAGE } from './weekly-quota'

/**
 * The list's URL naming this answered question (`revelada`, `escolha`), as the no-JS answer's
 * redirect writes it: a status filter keeps the question in the list with its verdict.
 */
function withAnswered(currentUrl: string, id: number, letter: string) {
  const url = new URL(currentUrl, 'http://local')
  if (!url.searchParams.getAll('revelada').includes(String(id))) url.searchParams.append('revelada', String(id))
  const choices = url.searchParams.getAll('escolha').filter((v) => !v.startsWith(`${id}-`))
  url.searchParams.delete('escolha')
  for (const v of [...choices, `${id}-${letter}`]) url.searchParams.append('escolha', v)
  url.searchParams.delete('limite')
  return `${url.pathname}${url.search}`
}

/** The same URL without this question's reveal state (the no-JS 'Ocultar Resposta'). */
function withoutReveal(currentUrl: string, id: number) {
  const url = new URL(currentUrl, 'http://local')
  const keep = (key: string, pred: (v: string) => boolean) => {
    const values = url.searchParams.getAll(key).filter(pred)
    url.searchParams.delete(key)
    for (const v of values) url.searchParams.append(key, v)
  }
  keep('revelada', (v) => v !== String(id))
  keep('escolha', (v) => !v.startsWith(`${id}-`))
  keep('limite', (v) => v !== String(id))
  return `${url.pathname}${url.search}#questao-${id}`
}

type CardProps = {
  question: CardView
  sequence: number
  loggedIn: boolean
  currentUrl: string
  serverReveal?: RevealState
  serverQuota?: string
  /**
   * The week's limit message when the quota is spent and this question was not opened this week
   * (the search's quota_locked): said in place of 'Responder', before the student works it out.
   */
  locked?: string
  /** The list the card's tools open over (default: the current URL's search). */
  toolSearch?: string
  /**
   * Whether its links ask for their routes ahead of a click (Remix's lazy route discovery,
   * `data-discover`). Discovery is per route, not per URL: the first card of a list finds the
   * tool routes (and /login, for a visitor) for all 20; on every card it was 3 KB of HTML.
   */
  discoverRoutes?: boolean
  /**
   * Its tools are plain anchors that the list opens in the page (useListLinks, card-actions.tsx):
   * cheaper to hydrate than seven Remix links a card (issue 66).
   */
  plainLinks?: boolean
  /**
   * Where the fetcher sends the answer (default: the form's own action, /questoes/{id}/responder):
   * a route of the page itself answers without the router first asking for that route and its
   * module (lazy route discovery: two more requests before the first answer, issue 66).
   */
  answerAt?: string
  /** An answer that carries the page's changes (the week's quota line): the page takes them. */
  onAnswer?: (data: CardAnswerData) => void
}

/**
 * A question of a list or its own page. A visitor's card answers nothing in the page (its buttons
 * lead to the login): it hydrates without the student's fetcher, navigation and effects (issue 66).
 */
export function QuestionCard(props: CardProps) {
  return props.loggedIn ? <StudentCard {...props} /> : <VisitorCard {...props} />
}

function StudentCard({
  question,
  sequence,
  currentUrl,
  serverReveal,
  serverQuota,
  locked,
  toolSearch,
  discoverRoutes = true,
  plainLinks = false,
  answerAt,
  onAnswer,
}: CardProps) {
  const serverTexts = useCardTexts(question.id)
  const fetcher = useFetcher<CardAnswerData>({ key: `questao-${question.id}` })
  const navigate = useNavigate()
  const [hidden, setHidden] = useState(false)
  const card = useRef<HTMLElement>(null)
  // A keyed fetcher keeps its answer when the card comes back in another list: only a new one moves focus.
  const seen = useRef(fetcher.data)
  // With JS the focus follows the change: to the answer once it arrives (and it is read out),
  // back to 'Ver Resposta' once it is hidden.
  useEffect(() => {
    if (!fetcher.data || fetcher.data === seen.current) return
    seen.current = fetcher.data
    setHidden(false)
    if (fetcher.data.kind !== 'result') return
    const d = fetcher.data
    // The flash and the page's quota line came with the answer: no loader runs after it (issue 66).
    if (d.toast) showToast(d.toast)
    onAnswer?.(d)
    // A list filtered by status would drop the answered question: it is reloaded naming it (the route skips its own reload).
    if (d.answer && new URL(currentUrl, 'http://local').searchParams.has('situacao'))
      navigate(withAnswered(currentUrl, question.id, d.answer), { replace: true, preventScrollReset: true, state: { keepFocus: true } })
    const verdictText = d.correct === true ? 'Você acertou! ' : d.correct === false ? 'Você errou. ' : ''
    announce(`Questão ${sequence}: ${d.annulled ? 'Questão Anulada.' : `${verdictText}Gabarito: ${d.correct_answer}.`}`)
    requestAnimationFrame(() => card.current?.querySelector<HTMLElement>('[data-testid=resposta]')?.focus())
  }, [fetcher.data, sequence, currentUrl, navigate, question.id, onAnswer])
  // 'Ver Resposta' is disabled while the answer's revalidation runs, and a disabled button
  // cannot take the focus: it moves there once the button is back and enabled.
  const focusReveal = useRef(false)
  const hide = () => {
    setHidden(true)
    announce(`Questão ${sequence}: resposta oculta.`)
    focusReveal.current = true
  }

  const data = fetcher.data
  const reveal: RevealState | undefined = data?.kind === 'result' ? { ...data, chosen: data.answer } : serverReveal
  const shown = reveal && !hidden ? reveal : undefined
  // Closed by the week's limit: no answer to give, so no buttons, the limit and 'Ver planos' instead.
  const closed = locked && !shown && data?.kind !== 'result' ? locked : undefined
  const quota = closed ? null : data?.kind === 'quota' ? data.message : data?.kind === 'error' ? null : serverQuota
  const lastOfWeek = data?.kind === 'result' && data.last_of_week
  const error = data?.kind === 'error' ? data.message : null
  const busy = fetcher.state !== 'idle'
  // Which button is on its way: it says so while it waits (issue 27: 'Responder' only faded).
  const sending = fetcher.formData?.get('intent')
  useEffect(() => {
    if (!focusReveal.current || !hidden || busy) return
    focusReveal.current = false
    card.current?.querySelector<HTMLElement>('button[value=revelar]')?.focus()
  }, [hidden, busy])
  const action = `/questoes/${question.id}/responder`
  // A plain form, sent by the keyed fetcher: Remix's <Form> cost each of 20 cards its hooks at
  // hydration (issue 66). `redirectTo` is for a page without JS: its answer is a redirect; the
  // fetcher's is JSON, so it is left out here.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    data.delete('redirectTo')
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    data.set('intent', submitter?.name === 'intent' ? submitter.value : 'responder')
    void fetcher.submit(data, { method: 'post', action: answerAt ?? action, preventScrollReset: true })
  }
  // The card's last result: this answer's when it recorded one.
  const last = (data?.kind === 'result' && data.last) || question.last

  return (
    <article id={`questao-${question.id}`} className="qc" ref={card}>
      <CardTop question={question} sequence={sequence} last={last} text={serverTexts?.text} />

      {closed ? (
        <>
          <Alternatives question={question} serverAlts={serverTexts?.alts} />
          <div data-testid="cota-esgotada">
            <QuotaAlert message={closed} />
          </div>
        </>
      ) : (
        <form method="post" action={action} onSubmit={submit}>
          <CsrfInput />
          <input type="hidden" name="redirectTo" value={currentUrl} />
          {question.tk ? <input type="hidden" name="t" value={question.tk} /> : null}
          <Alternatives question={question} serverAlts={serverTexts?.alts} reveal={shown} selectable />
          <div className="qx">
            {question.alts.length ? (
              <button
                name="intent"
                value="responder"
                className="btn-primary"
                disabled={busy}
                aria-busy={sending === 'responder' || undefined}
              >
                {sending === 'responder' ? 'Respondendo…' : 'Responder'}
              </button>
            ) : null}
            {shown ? (
              // Without JS a link to the list without this answer; with JS it hides the answer here.
              <a
                href={withoutReveal(currentUrl, question.id)}
                className="btn-secondary"
                data-ocultar
                onClick={(event) => {
                  event.preventDefault()
                  hide()
                }}
              >
                Ocultar Resposta
              </a>
            ) : (
              <button
                name="intent"
                value="revelar"
                className="btn-secondary"
                disabled={busy}
                aria-busy={sending === 'revelar' || undefined}
              >
                {sending === 'revelar' ? 'Carregando…' : 'Ver Resposta'}
              </button>
            )}
          </div>
        </form>
      )}

      {quota ? <QuotaAlert message={quota} /> : null}
      {error ? (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      ) : null}

      {shown ? <RevealPanel reveal={shown} questionId={question.id} /> : null}
      {shown && lastOfWeek ? (
        <p className="mt-2 text-sm font-semibold" data-testid="ultima-da-semana">
          {LAST_OF_WEEK_MESSAGE}
        </p>
      ) : null}

      <CardActions
        question={question}
        loggedIn
        currentUrl={currentUrl}
        listSearch={toolSearch}
        discoverRoutes={discoverRoutes}
        plainLinks={plainLinks}
      />
    </article>
  )
}

/** Its title and badges, details line and statement: the same for a student and a visitor. */
function CardTop({ question, sequence, last, text }: { question: CardView; sequence: number; last?: CardView['last']; text?: string }) {
  return (
    <>
      <header className="qh">
        <h2 className="qt">{`Questão ${sequence}`}</h2>
        <DifficultyBadge level={question.level} measured={question.measured} />
        {question.annulled ? <span className="qb qb-an">Anulada</span> : null}
        <OutdatedBadge old={question.old} stale={question.stale} />
        {last ? <LastAttempt {...last} /> : null}
      </header>
      <CardDetails question={question} />
      <OutdatedNote stale={question.stale} />

      <CardText text={question.body?.text ?? text} className="qs" />
    </>
  )
}

/**
 * A visitor's card: 'Responder' and 'Ver Resposta' lead to the login and back to this card (with
 * JS the login dialog opens over the list: data-login-modal). Plain links past the first card,
 * as the student's tools are (issue 66); the first keeps Remix's, which ask for /login ahead.
 */
function VisitorCard({ question, sequence, currentUrl, toolSearch, discoverRoutes = true, plainLinks = false }: CardProps) {
  const serverTexts = useCardTexts(question.id)
  const loginUrl = `/login?${new URLSearchParams({ redirectTo: `${currentUrl}#questao-${question.id}` })}`
  const links = cardLinks(discoverRoutes, plainLinks)
  return (
    <article id={`questao-${question.id}`} className="qc">
      <CardTop question={question} sequence={sequence} last={question.last} text={serverTexts?.text} />
      <Alternatives question={question} serverAlts={serverTexts?.alts} />
      <div className="qx">
        {/* The lock and the flag below are CSS masks (.lk, .qrep in questions.css): no SVG per card. */}
        <CardLink to={loginUrl} {...links} className="btn-primary lk" data-login-modal>
          Responder
        </CardLink>
        <CardLink to={loginUrl} {...links} className="btn-secondary lk" data-login-modal>
          Ver Resposta
        </CardLink>
        <span className="qn">Login necessário</span>
      </div>
      <CardActions
        question={question}
        loggedIn={false}
        currentUrl={currentUrl}
        listSearch={toolSearch}
        discoverRoutes={discoverRoutes}
        plainLinks={plainLinks}
      />
    </article>
  )
}

/** 'Você acertou · 24/11': the student's last result in words (the colour and icon only repeat it). */
function LastAttempt({ ok, day }: { ok: boolean; day: string }) {
  return (
    <span className={`qb ${ok ? 'qb-ok' : 'qb-er'}`} data-testid="ultima-tentativa">
      <Icon name={ok ? 'check' : 'x'} className="h-3.5 w-3.5" />
      {`Você ${ok ? 'acertou' : 'errou'} · ${day}`}
    </span>
  )
}

export type { CardView, Cited, RevealState } from './answer-parts'
export { Alternatives, CardDetails, DifficultyBadge, QuotaAlert, verdict } from './answer-parts'
export { RevealPanel } from './reveal-panel'
