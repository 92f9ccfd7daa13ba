import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { keptFor, positionKey, signedInHere } from '~/offline/owner'
import type { StoredQuestion } from '~/offline/store'
import { allQueued, enqueue, markAnswered, queued, storedQuestions } from '~/offline/store'
import type { SyncReport } from '~/offline/sync'
import { OFFLINE_PATH, syncQueue } from '~/offline/sync'
import { AnswerBar } from '~/question/answer-bar'
import { ExplanationBlock } from '~/question/explanation'
import { Markup } from '~/question/markup'
import type { CardView, RevealState } from '~/question/question-card'
import { Alternatives, verdict } from '~/question/question-card'
import questionStyles from '~/question/questions.css'
import { countOf } from '~/utils/format'
import { useRootData } from '~/utils/root-data'

import { offlineAction, offlineLoader } from './offline.server'

// Estudar offline (issue 39 §6, ADR 056): the questions downloaded to this device, answered one
// at a time with their key, the verdict at once; each answer is queued with its real time and
// sent when the connection returns. The service worker keeps this page for when there is none.
// Without JavaScript there is no device storage: the page says so (the rest of the site works).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]
export const meta: MetaFunction = () => [{ title: 'Estudar offline — Gabarita' }, { name: 'robots', content: 'noindex' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return offlineLoader(request, context)
}

/** The page's data changes only with the session, which the root reloads with. */
export const shouldRevalidate = () => false

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

type Device = {
  /** The account whose downloads this page shows (null: nobody signed in here). */
  account: string | null
  questions: StoredQuestion[]
  /** This account's answers waiting to be sent. */
  waiting: number
  /** Answers of other accounts (or of this one, signed out) waiting for their sign-in. */
  others: number
}

export default function OfflinePage() {
  const root = useRootData()
  const userId = root?.user?.id ?? null
  const shell = root?.offlineShell ?? false
  const [device, setDevice] = useState<Device | null>(null)
  const [online, setOnline] = useState(true)
  const [report, setReport] = useState<SyncReport | null>(null)

  const read = useCallback(async () => {
    // The kept copy of this page names nobody: the device's own records say who is signed in (ADR 079).
    const account = shell ? (signedInHere() === keptFor() ? keptFor() : null) : userId
    const [questions, mine, all] = await Promise.all([
      account ? storedQuestions(account) : Promise.resolve([]),
      account ? queued(account) : Promise.resolve([]),
      allQueued(),
    ])
    setDevice({ account, questions, waiting: mine.length, others: all.length - mine.length })
  }, [shell, userId])
  const send = useCallback(async () => {
    if (!navigator.onLine) return
    setReport(await syncQueue())
    await read()
  }, [read])

  useEffect(() => {
    void (async () => {
      setOnline(navigator.onLine)
      await read()
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
  }, [read, send])

  const login = `/login?${new URLSearchParams({ redirectTo: OFFLINE_PATH })}`
  const waitingHere = device ? device.others + device.waiting : 0
  return (
    <div className="container-page max-w-3xl space-y-3 pt-4">
      <h1 className="text-xl font-bold">Estudar offline</h1>
      {/* What the device holds is read after hydration: the room of its empty state is kept from the
          server's HTML on, so the footer does not move when it arrives (issue 66). */}
      <div className="min-h-72 space-y-3">
        {!device ? (
          <p data-testid="offline-sem-js">
            Estudar offline precisa de JavaScript: as questões ficam guardadas no aparelho. Ative o JavaScript, ou estude em{' '}
            <Link to="/questoes" className="font-semibold underline">
              Questões
            </Link>
            .
          </p>
        ) : !device.account || report?.signedOut ? (
          <p data-testid="offline-entrar">
            {waitingHere === 0
              ? 'Entre na sua conta para estudar offline: as questões baixadas ficam com a conta que as baixou.'
              : waitingHere === 1
                ? 'Entre para enviar a resposta guardada.'
                : `Entre para enviar as ${waitingHere} respostas guardadas.`}{' '}
            <Link to={login} className="font-semibold underline">
              Entrar
            </Link>
          </p>
        ) : (
          <>
            <p className="text-sm" data-testid="fila">
              {`${countOf(device.questions.length, 'questão baixada', 'questões baixadas')} · ${countOf(device.waiting, 'resposta aguardando envio', 'respostas aguardando envio')}`}
              {online ? '' : ' · sem conexão'}
            </p>
            {device.others > 0 ? (
              <p className="text-sm" data-testid="outras-contas">
                {device.others === 1
                  ? '1 resposta de outra conta está guardada neste aparelho: será enviada quando essa conta entrar.'
                  : `${device.others} respostas de outra conta estão guardadas neste aparelho: serão enviadas quando essa conta entrar.`}
              </p>
            ) : null}
            {report && report.refused.length ? (
              <p
                role="status"
                className="text-sm"
              >{`${countOf(report.refused.length, 'resposta recusada', 'respostas recusadas')}: ${[...new Set(report.refused)].join(' ')}`}</p>
            ) : null}
            {online && device.waiting > 0 ? (
              <button type="button" className="btn-secondary" onClick={() => void send()}>
                Enviar agora
              </button>
            ) : null}
            {device.questions.length ? (
              <Practice account={device.account} questions={device.questions} onAnswered={read} online={online} send={send} />
            ) : (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
                Nenhuma questão baixada neste aparelho. Em Resolver questões, na Revisão ou num caderno, toque em “Baixar para estudar
                offline”.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  )
}

function Practice({
  account,
  questions,
  onAnswered,
  online,
  send,
}: {
  account: string
  questions: StoredQuestion[]
  onAnswered: () => Promise<void>
  online: boolean
  send: () => Promise<void>
}) {
  // Where the student stopped, kept on the device: a reload or the app reopened offline resumes there (issue 61).
  const [index, setIndexState] = useState(() => {
    const at = Number(localStorage.getItem(positionKey(account)))
    return Math.max(
      0,
      questions.findIndex((q) => q.id === at),
    )
  })
  const setIndex = (next: number) => {
    setIndexState(next)
    const q = questions[next]
    if (q) localStorage.setItem(positionKey(account), String(q.id))
    else localStorage.removeItem(positionKey(account))
  }
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
    await enqueue({
      client_id: crypto.randomUUID(),
      owner: account,
      question_id: q!.id,
      answer: letter,
      answered_at: new Date().toISOString(),
    })
    await markAnswered(q!, letter)
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
  const go = (next: number) => {
    setReveal(null)
    setIndex(next)
    window.scrollTo(0, 0)
  }
  const right = reveal ? verdict(reveal) : null
  return (
    <>
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Ir para a questão</span>
        <select
          className="input min-h-11 w-auto max-w-full"
          value={q.id}
          onChange={(e) => go(questions.findIndex((x) => x.id === Number(e.target.value)))}
        >
          {questions.map((x, i) => (
            <option key={x.id} value={x.id}>
              {`${i + 1}. ${x.name}${x.answered ? ' · respondida' : ''}`}
            </option>
          ))}
        </select>
      </label>
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
          <button type="button" className="btn-primary" onClick={() => go(index + 1)}>
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
