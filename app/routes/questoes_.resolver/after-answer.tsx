import { Form, Link, useNavigate, useNavigation } from '@remix-run/react'
import type { RefObject } from 'react'
import { useEffect, useRef } from 'react'

import { RATING_LABELS } from '#server/features/review/messages'
import { CsrfInput } from '~/components/csrf-input'
import { forThePage } from '~/question/keyboard'
import { RevealPanel } from '~/question/reveal-panel'

import type { ReviewNote } from './resolver.server'

// Modo resolução's parts for an answered question and the run's summary, in a chunk of their own
// (route.tsx loads it).

export { RevealPanel }

/** 2, 3 and 4 press Difícil, Bom and Fácil (the buttons' aria-keyshortcuts) inside this form. */
function useRatingKeys(form: RefObject<HTMLFormElement>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!forThePage(event) || !/^[234]$/.test(event.key)) return
      const button = form.current?.querySelector<HTMLButtonElement>(`button[aria-keyshortcuts="${event.key}"]`)
      if (!button || button.disabled) return
      event.preventDefault()
      button.click()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [form])
}

const span = (days: number) => (days <= 0 ? 'hoje' : days === 1 ? '1 dia' : `${days} dias`)

const RATINGS = [
  { value: 'hard', label: RATING_LABELS.hard, key: '2' },
  { value: 'good', label: RATING_LABELS.good, key: '3' },
  { value: 'easy', label: RATING_LABELS.easy, key: '4' },
] as const

/**
 * Difícil, Bom, Fácil after a right answer (issue 39), each with the interval it gives: a tap
 * rates the answer and goes on to the next question; keys 2–4 as in Anki. Without JS the same
 * form, posted.
 */
export function RatingButtons({
  review,
  questionId,
  here,
  next,
  onRate,
}: {
  review: ReviewNote
  questionId: number
  here: string
  next: string
  /** With JS: sends the rating in the background (the page goes on at once). */
  onRate?: (here: string, data: FormData) => void
}) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'nota' ? navigation.formData.get('nota') : null
  const buttons = useRef<HTMLFormElement>(null)
  useRatingKeys(buttons)
  // With JS the rating goes in the background and the next question shows at once, most often
  // fetched already (ADR 093); route.tsx says if the rating failed.
  const navigate = useNavigate()
  const days = { hard: review.preview[1], good: review.preview[2], easy: review.preview[3] }
  return (
    <Form
      ref={buttons}
      method="post"
      action={here}
      className="contents"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
        if (!submitter?.value || !onRate) return
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        data.set('nota', submitter.value)
        onRate(here, data)
        navigate(next)
      }}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="nota" />
      <input type="hidden" name="questao" value={questionId} />
      <input type="hidden" name="tentativa" value={review.attempt!} />
      <input type="hidden" name="proxima" value={next} />
      {RATINGS.map((r) => (
        <button
          key={r.value}
          type="submit"
          name="nota"
          value={r.value}
          className={`${r.value === 'good' ? 'btn-primary' : 'btn-secondary'} flex-col !gap-0 leading-tight`}
          aria-keyshortcuts={r.key}
          aria-busy={pending === r.value || undefined}
          disabled={Boolean(pending)}
          data-testid={`nota-${r.value}`}
        >
          <span>{r.label}</span>
          <span className="text-xs font-normal">{span(days[r.value])}</span>
        </button>
      ))}
    </Form>
  )
}

export function Summary({
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
