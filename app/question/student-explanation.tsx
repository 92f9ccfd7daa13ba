import { Link, useFetcher, useLocation } from '@remix-run/react'

import type { ExplanationJson } from '#server/features/explanations/contract'
import { EXPLANATION_MAX, EXPLANATION_MIN } from '#server/features/explanations/limits'
import { FIELD_LABEL, PROMPT, usefulLine } from '#server/features/explanations/messages'
import { CsrfInput } from '~/components/csrf-input'
import { useHydrated } from '~/utils/use-hydrated'

import { CitedLaw } from './cited-law'
import { Markup } from './markup'

// Explicações de alunos under the verdict (issue 64): after a wrong answer, on every plan, the
// most useful one with its author and the laws it cites; after the first right answer, one line
// asking for one. Never a modal, never the focus: a student who ignores it taps on as before.

export const explanationsHref = (questionId: number) => `/questoes/${questionId}/explicacoes`

export function StudentExplanationBlock({
  questionId,
  explanation: e,
  total,
}: {
  questionId: number
  explanation: ExplanationJson
  total: number
}) {
  return (
    <section aria-label="Explicação de aluno" className="qse" data-testid="explicacao-aluno">
      <h3 className="font-semibold">{usefulLine(e.useful)}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">Por {e.author_name}</p>
      <Markup text={e.content} className="mt-1 block whitespace-pre-line break-words" />
      {e.citations.length ? <CitedLaw citations={e.citations} /> : null}
      <Link to={explanationsHref(questionId)} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
        {total > 1 ? `Ver as ${total} explicações de alunos` : 'Votar ou denunciar esta explicação'}
      </Link>
    </section>
  )
}

export type PromptData = { ok: true; message: string } | { ok: false; errors: string[]; content: string }

/**
 * "Você acertou. Explique em uma frase para quem errou?": one field and a button. With JS a
 * fetcher (the page stays where it is); without, the POST goes back to this page (redirectTo).
 */
export function ExplainPrompt({ questionId, ask }: { questionId: number; ask: boolean }) {
  const fetcher = useFetcher<PromptData>({ key: `explicar-${questionId}` })
  const hydrated = useHydrated()
  const location = useLocation()
  if (!ask && !fetcher.data) return null
  if (fetcher.data?.ok)
    return (
      <p role="status" className="qse-ask" data-testid="explicacao-enviada">
        {fetcher.data.message}
      </p>
    )
  const busy = fetcher.state !== 'idle'
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : []
  const fieldId = `explicar-${questionId}-campo`
  return (
    <fetcher.Form method="post" action={explanationsHref(questionId)} className="qse-ask" data-testid="pedir-explicacao" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value="escrever" />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#questao-${questionId}`} />}
      <label htmlFor={fieldId} className="block">
        {PROMPT}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={fieldId}
          name="conteudo"
          type="text"
          required
          minLength={EXPLANATION_MIN}
          maxLength={EXPLANATION_MAX}
          placeholder={FIELD_LABEL}
          defaultValue={fetcher.data && !fetcher.data.ok ? fetcher.data.content : undefined}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${fieldId}-erro` : undefined}
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn-secondary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Enviando…' : 'Enviar'}
        </button>
      </div>
      {errors.length ? (
        <p id={`${fieldId}-erro`} role="alert" className="field-error mt-1">
          {errors.join(' ')}
        </p>
      ) : null}
    </fetcher.Form>
  )
}
