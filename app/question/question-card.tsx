import { Link, useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

import type { CommunityAnswerJson, ExplanationOrigin } from '#server/domain/analysis-source'
import { CsrfInput } from '~/components/csrf-input'
import { Icon } from '~/components/icons'
import { useHydrated } from '~/utils/use-hydrated'

import type { AnswerActionData } from './actions.server'
import { CardActions } from './card-actions'
import { CardText, useCardTexts } from './card-texts'
import type { Cited } from './cited-law'
import { CitedLaw } from './cited-law'
import { CommunityAnswerBlock, ExplanationBlock } from './explanation'
import { announce } from './keyboard'
import type { OutdatedView } from './outdated'
import { OutdatedBadge, OutdatedNote } from './outdated'

/**
 * What a card needs, trimmed from the API's card with short keys: loader data is
 * embedded in the page, so every byte here is paid 20 times per /questoes page.
 */
export type CardView = OutdatedView & {
  id: number
  code: string
  disc: string
  topics: string[]
  year: number
  exam: string | null
  board: string
  org: string | null
  /** The measured difficulty (with `measured`), else the exam file's; absent when neither exists (issue 27). */
  level?: string
  /** First attempts the measured difficulty rests on. */
  measured?: number
  /** Only when true. */
  annulled?: true
  /** The alternatives' letters. */
  alts: string[]
  /** The statement and the alternatives' texts; absent on a first page load: they are in the HTML only (card-texts.tsx). */
  body?: { text: string; alts: string[] }
  /** Topics in Discussões (the button's count). */
  forum: number
  /** The signed-in student's last attempt at it: right or wrong, and the day (dd/mm, São Paulo). */
  last?: { ok: boolean; day: string }
  /** The API's signed shown-at token, sent back with the answer (its time, ADR 018); signed-in only. */
  tk?: string
}

/** A norm the question cites (ADR 055), linked to its official text when there is a stable one. */
export type { Cited }

export type RevealState = Partial<ExplanationOrigin> & {
  correct_answer: string | null
  explanation: string | null
  annulled: boolean
  /** The legislation the question cites, listed under the answer. */
  citations?: Cited[]
  /** The letter the student picked, when they answered. */
  chosen: string | null
  correct?: boolean | null
  /** Without an explanation, on a plan with discussions: the most-voted post (issue 40). */
  community_answer?: CommunityAnswerJson | null
}

// Fácil green, Médio yellow, anything else Difícil red (spec section 3); colours in questions.css.
const DIFFICULTY: Record<string, string> = { FACIL: 'Fácil', MEDIO: 'Médio', DIFICIL: 'Difícil' }

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

export function QuestionCard({
  question,
  sequence,
  loggedIn,
  currentUrl,
  serverReveal,
  serverQuota,
  toolSearch,
  discoverRoutes = true,
}: {
  question: CardView
  sequence: number
  loggedIn: boolean
  currentUrl: string
  serverReveal?: RevealState
  serverQuota?: string
  /** The list the card's tools open over (default: the current URL's search). */
  toolSearch?: string
  /**
   * Whether its links ask for their routes ahead of a click (Remix's lazy route discovery,
   * `data-discover`). Discovery is per route, not per URL: the first card of a list finds the
   * tool routes (and /login, for a visitor) for all 20; on every card it was 3 KB of HTML.
   */
  discoverRoutes?: boolean
}) {
  const hydrated = useHydrated()
  const serverTexts = useCardTexts(question.id)
  const fetcher = useFetcher<AnswerActionData>({ key: `questao-${question.id}` })
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
    const verdictText = d.correct === true ? 'Você acertou! ' : d.correct === false ? 'Você errou. ' : ''
    announce(`Questão ${sequence}: ${d.annulled ? 'Questão Anulada.' : `${verdictText}Gabarito: ${d.correct_answer}.`}`)
    requestAnimationFrame(() => card.current?.querySelector<HTMLElement>('[data-testid=resposta]')?.focus())
  }, [fetcher.data, sequence])
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
  const quota = data?.kind === 'quota' ? data.message : data?.kind === 'error' ? null : serverQuota
  const error = data?.kind === 'error' ? data.message : null
  const busy = fetcher.state !== 'idle'
  // Which button is on its way: it says so while it waits (issue 27: 'Responder' only faded).
  const sending = fetcher.formData?.get('intent')
  useEffect(() => {
    if (!focusReveal.current || !hidden || busy) return
    focusReveal.current = false
    card.current?.querySelector<HTMLElement>('button[value=revelar]')?.focus()
  }, [hidden, busy])
  const loginUrl = `/login?${new URLSearchParams({ redirectTo: `${currentUrl}#questao-${question.id}` })}`

  return (
    <article id={`questao-${question.id}`} className="qc" ref={card}>
      <header className="qh">
        <h2 className="qt">{`Questão ${sequence}`}</h2>
        <DifficultyBadge level={question.level} measured={question.measured} />
        {question.annulled ? <span className="qb qb-an">Anulada</span> : null}
        <OutdatedBadge old={question.old} stale={question.stale} />
        {question.last ? <LastAttempt {...question.last} /> : null}
      </header>
      <CardDetails question={question} />
      <OutdatedNote stale={question.stale} />

      <CardText text={question.body?.text ?? serverTexts?.text} className="qs" />

      {loggedIn ? (
        <fetcher.Form method="post" action={`/questoes/${question.id}/responder`} preventScrollReset>
          <CsrfInput />
          {hydrated ? null : <input type="hidden" name="redirectTo" value={currentUrl} />}
          {question.tk ? <input type="hidden" name="t" value={question.tk} /> : null}
          <Alternatives question={question} serverAlts={serverTexts?.alts} reveal={shown} selectable />
          <div className="qx">
            {question.alts.length ? (
              <button name="intent" value="responder" className="btn-primary" disabled={busy} aria-busy={sending === 'responder'}>
                {sending === 'responder' ? 'Respondendo…' : 'Responder'}
              </button>
            ) : null}
            {shown ? (
              <Link
                to={withoutReveal(currentUrl, question.id)}
                preventScrollReset
                className="btn-secondary"
                data-ocultar
                onClick={(event) => {
                  if (!hydrated) return
                  event.preventDefault()
                  hide()
                }}
              >
                Ocultar Resposta
              </Link>
            ) : (
              <button name="intent" value="revelar" className="btn-secondary" disabled={busy} aria-busy={sending === 'revelar'}>
                {sending === 'revelar' ? 'Carregando…' : 'Ver Resposta'}
              </button>
            )}
          </div>
        </fetcher.Form>
      ) : (
        <>
          <Alternatives question={question} serverAlts={serverTexts?.alts} />
          <div className="qx">
            {/* The lock and the flag below are CSS masks (.lk, .qrep in questions.css): no SVG per card. */}
            <Link to={loginUrl} discover={discoverRoutes ? 'render' : 'none'} className="btn-primary lk" data-login-modal>
              Responder
            </Link>
            <Link to={loginUrl} discover={discoverRoutes ? 'render' : 'none'} className="btn-secondary lk" data-login-modal>
              Ver Resposta
            </Link>
            <span className="qn">Login necessário</span>
          </div>
        </>
      )}

      {quota ? <QuotaAlert message={quota} /> : null}
      {error ? (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      ) : null}

      {shown ? <RevealPanel reveal={shown} questionId={question.id} /> : null}

      <CardActions
        question={question}
        loggedIn={loggedIn}
        currentUrl={currentUrl}
        listSearch={toolSearch}
        discoverRoutes={discoverRoutes}
      />
    </article>
  )
}

/** The week's limit reached: the API's message and the way to a bigger plan. */
export function QuotaAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="qq">
      <p>{message}</p>
      <Link to="/planos" className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
        Ver planos
      </Link>
    </div>
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

/**
 * The details in one line (issue 27: six label–value rows took 157 px of a phone's card):
 * discipline · exam · year · board; topics, organisation and code are in Detalhes.
 */
export function CardDetails({ question: q }: { question: CardView }) {
  return <p className="qm">{[q.disc, q.exam, q.year, q.board].filter(Boolean).join(' · ')}</p>
}

export function Alternatives({
  question,
  serverAlts,
  reveal,
  selectable = false,
  required = false,
  correctId,
}: {
  question: CardView
  /** The texts of a first page load, for the server render (card-texts.tsx). */
  serverAlts?: string[]
  reveal?: RevealState
  selectable?: boolean
  /** The browser asks for a choice before sending (the resolver's form; a card's 'Ver Resposta' needs none). */
  required?: boolean
  /** The right alternative's id once revealed: the one question of a page scrolls to it (issue 39). */
  correctId?: string
}) {
  if (!question.alts.length) return <p className="text-slate-600 dark:text-slate-400">Nenhuma alternativa disponível</p>
  const rows = question.alts.map((letter, index) => {
    const alt = { letter, text_content: question.body?.alts[index] ?? serverAlts?.[index] }
    const isCorrect = reveal && !reveal.annulled && reveal.correct_answer === alt.letter
    const isWrongChoice = reveal && reveal.chosen === alt.letter && !isCorrect && !reveal.annulled
    const tone = isCorrect ? 'ok' : isWrongChoice ? 'bad' : undefined
    const content = (
      <>
        <b>{`${alt.letter})`}</b>
        <CardText text={alt.text_content} />
        {isCorrect ? (
          <em>
            <Icon name="check" className="h-5 w-5" /> Correta
          </em>
        ) : null}
        {isWrongChoice ? (
          <em>
            <Icon name="x" className="h-5 w-5" /> Sua resposta
          </em>
        ) : null}
      </>
    )
    return selectable ? (
      <label key={alt.letter} className={tone} id={isCorrect ? correctId : undefined}>
        <input
          type="radio"
          name="resposta"
          value={alt.letter}
          defaultChecked={reveal?.chosen === alt.letter}
          required={required || undefined}
        />
        {content}
      </label>
    ) : (
      <li key={alt.letter}>
        <div className={tone} id={isCorrect ? correctId : undefined}>
          {content}
        </div>
      </li>
    )
  })
  // A student's alternatives are a radio group, which says how many there are: no list around
  // them, and the group is named by aria-label rather than a hidden legend (1.4 KB of a 20-card
  // page). A visitor's stay a list.
  return selectable ? (
    <fieldset aria-label="Alternativas" className="qa">
      {rows}
    </fieldset>
  ) : (
    <ul className="qa">{rows}</ul>
  )
}

/**
 * Right or wrong: the answer's own verdict (JS fetcher), else worked out from the
 * letter the student picked (the no-JS redirect carries only `escolha`), so both
 * paths say 'Você errou.' the same way. null after a plain 'Ver Resposta'.
 */
export function verdict(reveal: RevealState) {
  if (typeof reveal.correct === 'boolean') return reveal.correct
  if (!reveal.chosen || !reveal.correct_answer) return null
  return reveal.chosen === reveal.correct_answer
}

/** Measured: the level and how many first answers it rests on; from the exam file: the level; none: nothing. */
export function DifficultyBadge({ level, measured }: { level?: string; measured?: number }) {
  if (!level || !(level in DIFFICULTY)) return null
  return (
    <span className={`qb qb-${level}`}>
      {DIFFICULTY[level]}
      {measured ? ` · ${measured} respostas` : null}
    </span>
  )
}

export function RevealPanel({ reveal, questionId }: { reveal: RevealState; questionId: number }) {
  const correct = verdict(reveal)
  return (
    <section
      aria-label="Resposta"
      className={correct === true ? 'qr qr-ok' : correct === false ? 'qr qr-bad' : 'qr'}
      data-testid="resposta"
      tabIndex={-1}
    >
      {reveal.annulled ? (
        // Said whole (issue 27: 'Questão Anulada:' ended with nothing after it).
        <p>
          <span className="font-semibold">Questão Anulada.</span> A banca anulou esta questão: não há gabarito e nenhuma resposta conta como
          acerto ou erro.
        </p>
      ) : (
        <p className="font-semibold">
          {correct === true ? 'Você acertou! ' : correct === false ? 'Você errou. ' : ''}
          Gabarito: <span data-testid="gabarito">{reveal.correct_answer}</span>
        </p>
      )}
      {reveal.explanation ? <ExplanationBlock view={{ ...reveal, explanation: reveal.explanation }} /> : null}
      {!reveal.explanation && reveal.community_answer ? (
        <CommunityAnswerBlock questionId={questionId} answer={reveal.community_answer} />
      ) : null}
      {reveal.citations?.length ? <CitedLaw citations={reveal.citations} /> : null}
    </section>
  )
}
