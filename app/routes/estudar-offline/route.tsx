import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node'
import { Link, useRouteLoaderData } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import type { StoredQuestion } from '~/offline/store'
import { enqueue, queued, storedQuestions } from '~/offline/store'
import type { SyncReport } from '~/offline/sync'
import { syncQueue } from '~/offline/sync'
import { AnswerBar } from '~/question/answer-bar'
import { ExplanationBlock } from '~/question/explanation'
import { Markup } from '~/question/markup'
import type { CardView, RevealState } from '~/question/question-card'
import { Alternatives, verdict } from '~/question/question-card'
import questionStyles from '~/question/questions.css'
import type { RootLoader } from '~/root'
import { countOf } from '~/utils/format'

import { offlineAction } from './offline.server'

// Estudar offline (issue 39 §6, ADR 056): the questions downloaded to this device, answered one
// at a time with their key, the verdict at once; each answer is queued with its real time and
// sent when the connection returns. The service worker keeps this page for when there is none.
// Without JavaScript there is no device storage: the page says so (the rest of the site works).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]
export const meta: MetaFunction = () => [{ title: 'Estudar offline — Gabarita' }, { name: 'robots', content: 'noindex' }]

export function action({ request, context }: ActionFunctionArgs) {
  return offlineAction(request, context)
}

/** A downloaded question in the shape the card's alternatives take. */
function cardOf(q: StoredQuestion): CardView {
  return {
    id: q.id,
    code: '',
    disc: q.discipline_name,
    topics: [],
    year: 0,
    exam: null,
    board: '',
    org: null,
    alts: q.alternatives.map((a) => a.letter),
    body: { text: q.question_text, alts: q.alternatives.map((a) => a.text_content) },
    forum: 0,
  }
}

export default function OfflinePage() {
  const csrf = useRouteLoaderData<RootLoader>('root')?.csrf ?? ''
  const [ready, setReady] = useState(false)
  const [questions, setQuestions] = useState<StoredQuestion[]>([])
  const [waiting, setWaiting] = useState(0)
  const [online, setOnline] = useState(true)
  const [report, setReport] = useState<SyncReport | null>(null)

  const refresh = useCallback(async () => setWaiting((await queued()).length), [])
  const send = useCallback(async () => {
    if (!navigator.onLine) return
    setReport(await syncQueue(csrf))
    await refresh()
  }, [csrf, refresh])

  useEffect(() => {
    void (async () => {
      setQuestions(await storedQuestions())
      await refresh()
      setOnline(navigator.onLine)
      setReady(true)
      await send()
    })()
    const up = () => {
      setOnline(true)
      void send()
    }
    const down = () => setOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
    }
  }, [refresh, send])

  return (
    <div className="container-page max-w-3xl space-y-3 pt-4">
      <h1 className="text-xl font-bold">Estudar offline</h1>
      {!ready ? (
        <p data-testid="offline-sem-js">
          Estudar offline precisa de JavaScript: as questões ficam guardadas no aparelho. Ative o JavaScript, ou estude em{' '}
          <Link to="/questoes" className="font-semibold underline">
            Questões
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="fila">
            {`${countOf(questions.length, 'questão baixada', 'questões baixadas')} · ${countOf(waiting, 'resposta aguardando envio', 'respostas aguardando envio')}`}
            {online ? '' : ' · sem conexão'}
          </p>
          {report && report.refused.length ? (
            <p
              role="status"
              className="text-sm"
            >{`${countOf(report.refused.length, 'resposta recusada', 'respostas recusadas')}: ${[...new Set(report.refused)].join(' ')}`}</p>
          ) : null}
          {online && waiting > 0 ? (
            <button type="button" className="btn-secondary" onClick={() => void send()}>
              Enviar agora
            </button>
          ) : null}
          {questions.length ? (
            <Practice questions={questions} onAnswered={refresh} online={online} send={send} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
              Nenhuma questão baixada neste aparelho. Em Resolver questões, na Revisão ou num caderno, toque em “Baixar para estudar
              offline”.
            </p>
          )}
        </>
      )}
    </div>
  )
}

function Practice({
  questions,
  onAnswered,
  online,
  send,
}: {
  questions: StoredQuestion[]
  onAnswered: () => Promise<void>
  online: boolean
  send: () => Promise<void>
}) {
  const [index, setIndex] = useState(0)
  const [reveal, setReveal] = useState<RevealState | null>(null)
  const [missing, setMissing] = useState(false)
  const q = questions[index]
  if (!q) {
    return (
      <p className="rounded-lg border p-6 text-center" data-testid="offline-fim">
        {`Fim das ${questions.length} questões baixadas.`}{' '}
        <button type="button" className="font-semibold underline" onClick={() => setIndex(0)}>
          Recomeçar
        </button>
      </p>
    )
  }
  async function answer(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const letter = new FormData(event.currentTarget).get('resposta')
    if (typeof letter !== 'string') return setMissing(true)
    setMissing(false)
    await enqueue({ client_id: crypto.randomUUID(), question_id: q!.id, answer: letter, answered_at: new Date().toISOString() })
    setReveal({
      correct_answer: q!.correct_answer,
      chosen: letter,
      annulled: q!.correct_answer === null,
      explanation: q!.explanation,
      explanation_source: q!.explanation_source,
      explanation_author: q!.explanation_author,
      explanation_credit: q!.explanation_credit,
      explanation_exam: q!.explanation_exam,
      alternative_comments: q!.alternative_comments,
    })
    await onAnswered()
    if (online) void send()
  }
  const right = reveal ? verdict(reveal) : null
  return (
    <>
      <article className="qc qc-step" key={q.id}>
        <h2 className="qt">{q.name}</h2>
        <p className="qm">{`${index + 1} de ${questions.length} · ${q.discipline_name}`}</p>
        <Markup text={q.question_text} className="qs" />
        <form id="offline-resposta" onSubmit={(e) => void answer(e)}>
          <Alternatives question={cardOf(q)} reveal={reveal ?? undefined} selectable={!reveal} correctId="correta" />
          {missing ? <p className="field-error">Escolha uma alternativa antes de responder.</p> : null}
        </form>
        {reveal?.explanation ? (
          <div className="qr mt-2">
            <ExplanationBlock view={{ ...reveal, explanation: reveal.explanation }} />
          </div>
        ) : null}
      </article>
      <AnswerBar
        label="Navegação entre questões"
        status={
          reveal ? (
            <p role="status" data-testid="veredito" className={right === false ? 'text-red-700 dark:text-red-400' : undefined}>
              {reveal.annulled ? 'Questão anulada.' : `${right ? 'Você acertou!' : 'Você errou.'} Gabarito: ${reveal.correct_answer}`}
            </p>
          ) : null
        }
      >
        {reveal ? (
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setReveal(null)
              setIndex(index + 1)
              window.scrollTo(0, 0)
            }}
          >
            Próxima
          </button>
        ) : (
          <button type="submit" form="offline-resposta" className="btn-primary">
            Responder
          </button>
        )}
      </AnswerBar>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
