import { Link } from '@remix-run/react'

import type { CommunityAnswerJson, ExplanationOrigin } from '#server/domain/analysis-source'

import { Markup } from './markup'

// Who wrote what a student reads after answering (issue 40): 'Análise do professor' only for a
// professor's text, an imported one says which exam file brought it, and without either a plan
// with discussions reads the community's most-voted answer, marked as such.

export type ExplanationView = Partial<ExplanationOrigin> & { explanation: string }

/** The heading and the line under it, in the words a student reads. */
export function explanationHeading(view: Partial<ExplanationOrigin>) {
  if (view.explanation_source === 'professor') {
    const by = view.explanation_author ? `Por ${view.explanation_author}` : null
    const credit = view.explanation_credit ? `a partir do comentário de ${view.explanation_credit} na comunidade` : null
    return { title: 'Análise do professor', byline: [by, credit].filter(Boolean).join(', ') || null }
  }
  // A download from before the sources were sent: no claim either way.
  if (!view.explanation_source) return { title: 'Explicação', byline: null }
  return {
    title: 'Comentário da prova',
    byline: view.explanation_exam ? `Veio com o arquivo da prova ${view.explanation_exam}` : 'Veio com o arquivo da prova',
  }
}

export function ExplanationBlock({ view }: { view: ExplanationView }) {
  const { title, byline } = explanationHeading(view)
  const comments = Object.entries(view.alternative_comments ?? {})
  return (
    <section aria-label={title} className="mt-2" data-testid="explicacao" data-fonte={view.explanation_source ?? undefined}>
      <h3 className="font-semibold">{title}</h3>
      {byline ? <p className="text-sm text-slate-600 dark:text-slate-400">{byline}</p> : null}
      <Markup text={view.explanation} className="qs mt-1" />
      {comments.length ? (
        <div className="mt-2">
          <h4 className="font-semibold">Por que cada alternativa</h4>
          <ul className="mt-1 space-y-1">
            {comments.map(([letter, text]) => (
              <li key={letter}>
                <span className="font-semibold">{letter})</span> <Markup text={text} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/** The discussion's post, where the discussion page anchors it. */
export function communityAnswerHref(questionId: number, answer: Pick<CommunityAnswerJson, 'kind' | 'id' | 'topic_id'>) {
  return `/questoes/${questionId}/discussoes#${answer.kind === 'topic' ? `topico-${answer.id}` : `resposta-${answer.id}`}`
}

export function CommunityAnswerBlock({ questionId, answer }: { questionId: number; answer: CommunityAnswerJson }) {
  return (
    <section
      aria-label="Comentário mais votado da comunidade"
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
      data-testid="comentario-comunidade"
    >
      <h3 className="font-semibold">Comentário mais votado da comunidade</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {answer.author_name ?? 'Conta removida'} · {answer.votes} {answer.votes === 1 ? 'voto' : 'votos'} · ainda sem análise do professor
      </p>
      {/* Plain text: a student's post is never rendered as markup. */}
      <p className="mt-1 whitespace-pre-line">{answer.excerpt}</p>
      <Link to={communityAnswerHref(questionId, answer)} className="mt-1 inline-block underline">
        Ver discussão
      </Link>
    </section>
  )
}
