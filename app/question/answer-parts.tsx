import { Link } from '@remix-run/react'

import type { CommunityAnswerJson, ExplanationOrigin } from '#server/domain/analysis-source'
import type { ExplanationJson } from '#server/features/explanations/contract'

import { CardText } from './card-texts'
import type { Cited } from './cited-law'
import type { OutdatedView } from './outdated'

// The parts of a question every answering page shares (the list's cards, modo resolução, the
// simulado's review, Estudar offline): its alternatives and the verdict; the answer's panel is in
// reveal-panel.tsx. Apart from the list's card, so the answer loop's first load carries only these
// (issue 41).

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
  /** The most useful student explanation, on every plan (issue 64), and how many are published. */
  student_explanation?: ExplanationJson | null
  student_explanations?: number
  /** After the first right answer of a student who has not explained it: ask once. */
  explanation_prompt?: boolean
}

/** What the answer and reveal actions return to a card (app/question/actions.server.ts). */
export type AnswerActionData =
  | (Omit<RevealState, 'chosen' | 'correct'> & {
      kind: 'result'
      intent: 'responder' | 'revelar'
      correct: boolean | null
      answer: string | null
      /** This answer took the week's last question of a limited plan. */
      last_of_week: boolean
    })
  | { kind: 'quota'; message: string }
  | { kind: 'error'; message: string }

// Fácil green, Médio yellow, anything else Difícil red (spec section 3); colours in questions.css.
const DIFFICULTY: Record<string, string> = { FACIL: 'Fácil', MEDIO: 'Médio', DIFICIL: 'Difícil' }

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
          // Its mark is drawn by the stylesheet (.qa .ok em): no icon code in the answer loop.
          <em>Correta</em>
        ) : null}
        {isWrongChoice ? <em>Sua resposta</em> : null}
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
