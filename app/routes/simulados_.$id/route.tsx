import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs, ShouldRevalidateFunction } from '@remix-run/react'
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

import { SIMULATION_KIND_LABELS } from '#server/features/simulations/messages'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/error-list'
import { AnswerBar } from '~/question/answer-bar'
import { Markup } from '~/question/markup'
import questionStyles from '~/question/questions.css'
import { formReply } from '~/utils/form-reply'
import { formatDateTime } from '~/utils/format'
import { keptOrLoad, keptOrReply } from '~/utils/kept-pages'

import { loadSitting, sittingAction } from './sitting.server'

// Sitting a simulado (issue 29): one question at a time and the answer sheet to jump anywhere.
// Without JS each change is a form post that comes back here ('Salvar e próxima' moves on);
// with JS a choice is saved as it is made (a fetcher), the time left counts down, and J/K, A–E
// and Enter work as on /questoes. The server keeps the deadline: nothing here decides it.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Questão ${data.question.position} de ${data.simulation.size} — Simulado — Gabarita` : 'Simulado — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadSitting(request, context, params)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return sittingAction(request, context, params)
}

/**
 * With JS, 'Salvar e próxima' replies with the next question's page (ADR 095): kept, then a redirect
 * to its address that the clientLoader answers without asking the server. Anything else (a saved
 * choice's cell, form errors, the result at the deadline) is the server's action as without JS.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return keptOrReply(await serverAction<typeof action>())
}

/** The page 'Salvar e próxima' brought, once; any other move is a normal load (a sitting never prefetches). */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  return (await keptOrLoad(request, () => serverLoader<typeof loader>())).data
}

/**
 * A saved choice came back with its cell: the page shows it without reloading every loader (ADR
 * 093). Not while the page is on its way elsewhere ('Salvar e próxima' right after a tap): that
 * revalidation is the next question's load, and skipping it would end the move on this one's data.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  typeof actionResult === 'object' &&
  actionResult !== null &&
  'cell' in actionResult &&
  actionResult.cell &&
  currentUrl.href === nextUrl.href
    ? false
    : defaultShouldRevalidate

type Data = SerializeFrom<typeof loader>

/** The fetcher that saves a choice as it is made, shared by the question and the sheet. */
const CHOICE = 'simulado-escolha'

/**
 * The sheet and the count with the choice saved since the page loaded: the save's reply (its one
 * cell) over the loader's data, until the loader's data is new again.
 */
function useSavedSheet(data: Data) {
  const saving = useFetcher<typeof action>({ key: CHOICE })
  // The reply the loader's data already holds: a new load takes every save before it in.
  const [seen, setSeen] = useState({ data, reply: saving.data })
  if (seen.data !== data) setSeen({ data, reply: saving.data })
  const cell = seen.data === data && saving.data !== seen.reply && saving.data && 'cell' in saving.data ? saving.data.cell : null
  if (!cell) return data
  const sheet = data.sheet.map((c) =>
    c.position === cell.position ? { ...c, answered: cell.choice !== null, choice: cell.choice, marked: cell.marked } : c,
  )
  const answered = sheet.filter((c) => c.answered).length
  const question = data.question.position === cell.position ? { ...data.question, choice: cell.choice } : data.question
  return { ...data, sheet, question, simulation: { ...data.simulation, answered_count: answered } }
}

export default function SittingPage() {
  const { simulation, sheet, question } = useSavedSheet(useLoaderData<typeof loader>())
  const base = `/simulados/${simulation.id}`
  const title = simulation.exam
    ? `${SIMULATION_KIND_LABELS[simulation.kind]}: ${simulation.exam.name}`
    : SIMULATION_KIND_LABELS[simulation.kind]
  const blank = simulation.size - simulation.answered_count
  const situation = `${simulation.answered_count} de ${simulation.size} respondidas · ${blank} em branco · ${simulation.marked_count} ${simulation.marked_count === 1 ? 'marcada' : 'marcadas'} para revisar`
  const sheetPanel = (id: string) => (
    <>
      <AnswerSheet id={id} sheet={sheet} base={base} current={question.position} />
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid={id === 'cartao' ? 'situacao' : undefined}>
        {situation}
      </p>
      <Link to={`${base}/entregar`} className="btn-primary w-full justify-center">
        Entregar simulado
      </Link>
    </>
  )
  // One hand on a phone (issue 39): the question first, the time and the actions in the bar at
  // the bottom, the answer sheet one tap away (a sheet over the page with JS, the end of the page
  // without); beside the question from 1024 px.
  return (
    <div className="container-page max-w-5xl pt-2 sm:pt-4">
      {/* On a phone the question's own line names the exam: every pixel above it is chrome. */}
      <p className="hidden truncate text-sm font-semibold text-slate-700 sm:block dark:text-slate-300">{title}</p>
      <div className="mt-1 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <QuestionStep key={question.question_id} question={question} base={base} size={simulation.size} simulation={simulation} />
        <aside className="space-y-3">{sheetPanel('cartao')}</aside>
      </div>
      <SheetDialog>{sheetPanel('cartao-folha')}</SheetDialog>
    </div>
  )
}

/**
 * With JS, "Cartão" opens the answer sheet as a sheet sliding up over the question (a modal
 * dialog: the focus stays in it, Esc closes it and the focus goes back); the link's own target,
 * the sheet at the end of the page, is the way without JS.
 */
function SheetDialog({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    setReady(true)
    function onClick(event: MouseEvent) {
      const target = event.target as HTMLElement
      const dialog = ref.current
      if (!dialog) return
      // A question chosen in the sheet: the page changes under it, so it closes.
      if (dialog.open && dialog.contains(target) && target.closest('a')) return dialog.close()
      if (!target.closest('a[data-cartao]') || window.matchMedia('(min-width: 1024px)').matches) return
      event.preventDefault()
      dialog.showModal()
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])
  // Once hydrated only: the server's HTML keeps one answer sheet.
  if (!ready) return null
  return (
    <dialog ref={ref} className="sheet" aria-labelledby="cartao-folha">
      <form method="dialog" className="flex justify-end">
        <button type="submit" className="btn-secondary">
          Fechar
        </button>
      </form>
      <div className="mt-1 space-y-3">{children}</div>
    </dialog>
  )
}

/** H:MM:SS of a number of seconds. */
function clock(seconds: number) {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/**
 * The time left by the server's clock. The HTML says when it ends (and how long is left at the
 * load); with JS it counts down from the server's figure, not the device's clock, and at zero
 * reloads the page, whose loader closes the simulado and opens the result.
 */
function TimeLeft({
  deadline,
  seconds,
  answered,
  size,
}: {
  deadline: string | null
  seconds: number | null
  answered: number
  size: number
}) {
  const [left, setLeft] = useState(seconds)
  const revalidator = useRevalidator()
  useEffect(() => {
    if (seconds === null) return
    const end = Date.now() + seconds * 1000
    const timer = window.setInterval(() => {
      const now = Math.round((end - Date.now()) / 1000)
      setLeft(now)
      if (now <= 0) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [seconds])
  const expired = seconds !== null && left !== null && left <= 0
  const { revalidate } = revalidator
  useEffect(() => {
    if (expired) revalidate()
  }, [expired, revalidate])
  // How far along, beside the time: the one line a phone's bar has room for ('· 12/80').
  const progress = (
    <span className="font-normal" data-testid="progresso">
      {` · ${answered}/${size}`}
      <span className="sr-only"> respondidas</span>
    </span>
  )
  if (!deadline || seconds === null || left === null)
    return (
      <p className="text-sm font-semibold">
        Sem limite de tempo
        {progress}
      </p>
    )
  return (
    <p className="text-sm font-semibold" data-testid="tempo">
      <span role="timer" aria-live="off">{`Tempo restante: ${clock(left)}`}</span>
      {progress}
      <span className="hidden font-normal text-slate-700 sm:inline dark:text-slate-300">{` · termina às ${formatDateTime(deadline).slice(11)}`}</span>
    </p>
  )
}

function AnswerSheet({ id, sheet, base, current }: { id: string; sheet: Data['sheet']; base: string; current: number }) {
  return (
    <nav aria-labelledby={id} className="card p-3">
      <h2 id={id} className="text-sm font-bold">
        Cartão-resposta
      </h2>
      <ol className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1">
        {sheet.map((cell) => {
          const state = `${cell.answered ? `respondida (${cell.choice})` : 'em branco'}${cell.marked ? ', marcada para revisar' : ''}`
          const here = cell.position === current
          return (
            <li key={cell.position}>
              <Link
                to={`${base}?pos=${cell.position}`}
                aria-current={here ? 'step' : undefined}
                className={`flex h-11 flex-col items-center justify-center rounded border text-xs leading-tight ${
                  cell.answered
                    ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950'
                    : 'border-slate-300 dark:border-slate-600'
                } ${here ? 'ring-2 ring-amber-500 ring-offset-1 dark:ring-offset-slate-950' : ''}`}
              >
                {/* The name is 'Questão 7 — respondida (B)'; the cell shows '7' and 'B' (or '–', and ⚑ when marked). */}
                <span className="font-semibold">
                  <span className="sr-only">Questão </span>
                  {cell.position}
                  <span className="sr-only">{`— ${state}`}</span>
                </span>
                <span aria-hidden>{`${cell.answered ? cell.choice : '–'}${cell.marked ? ' ⚑' : ''}`}</span>
              </Link>
            </li>
          )
        })}
      </ol>
      <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">
        Preenchida: respondida (com a letra) · – em branco · ⚑ marcada para revisar
      </p>
    </nav>
  )
}

// Fields where a key is typing, never a shortcut. The page keeps its own keys rather than
// importing /questoes' keyboard module: sharing it would split the question list's script chunk
// and cost every question page bytes (tests/e2e/budget.spec.ts).
const TYPING = 'input:not([type=radio]):not([type=checkbox]), textarea, select, [contenteditable=""], [contenteditable="true"]'

/**
 * The keys of /questoes on one question: J/K the next and the previous question, A–E pick an
 * alternative (saved at once by the choice's change handler); never while typing.
 */
function useSittingKeys(formId: string, prevHref: string | null, nextHref: string | null) {
  const navigate = useNavigate()
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      const target = event.target as HTMLElement
      if (target.closest(TYPING)) return
      const key = event.key.toUpperCase()
      const href = key === 'J' ? nextHref : key === 'K' ? prevHref : null
      if (href) {
        event.preventDefault()
        navigate(href)
        return
      }
      if (!/^[A-E]$/.test(key)) return
      const radio = document.querySelector<HTMLInputElement>(`#${formId} input[name=resposta][value=${key}]`)
      if (!radio) return
      event.preventDefault()
      radio.focus()
      if (!radio.checked) radio.click()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [formId, prevHref, nextHref, navigate])
}

function QuestionStep({
  question,
  base,
  size,
  simulation,
}: {
  question: Data['question']
  base: string
  size: number
  simulation: Data['simulation']
}) {
  const self = `${base}?pos=${question.position}`
  const prevHref = question.previous_position ? `${base}?pos=${question.previous_position}` : null
  const nextHref = question.next_position ? `${base}?pos=${question.next_position}` : null
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('intent')) : null
  const fetcher = useFetcher<typeof action>({ key: CHOICE })
  const formId = `simulado-q${question.question_id}`
  const { form, field } = formReply(formId, actionData && 'result' in actionData ? actionData.result : undefined)
  const answerErrors = field('resposta')
  useSittingKeys(formId, prevHref, nextHref)
  // A new question starts at its top: the form keeps the scroll for Marcar and Deixar em branco,
  // and this step is keyed by the question, so it mounts again only when the question changes.
  // A block body: Chromium's scrollTo returns a promise, which React would call as a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [])

  const saving = fetcher.state !== 'idle'
  // The shared fetcher's last reply, when it was this question's.
  const reply =
    fetcher.state === 'idle' && fetcher.data && 'questao' in fetcher.data && fetcher.data.questao === question.question_id
      ? fetcher.data
      : null
  const saved = reply?.saved
  const failed =
    reply && !reply.saved && 'result' in reply && reply.result
      ? (reply.result as { error?: Record<string, string[] | null> }).error?.['']
      : null

  function saveChoice(event: React.ChangeEvent<HTMLFieldSetElement>) {
    const formElement = event.currentTarget.form
    if (!formElement) return
    const data = new FormData(formElement)
    data.set('intent', 'escolher')
    fetcher.submit(data, { method: 'post', action: self })
  }

  return (
    <div className="min-w-0">
      <article className="qc qc-step" aria-labelledby="questao-titulo">
        <h1 id="questao-titulo" tabIndex={-1} className="qt">{`Questão ${question.position} de ${size}`}</h1>
        <p className="qm">
          {question.marked ? <span className="qb mr-1">Marcada para revisar</span> : null}
          {`${question.discipline_name} · ${question.exam_name}`}
        </p>
        <Markup text={question.question_text} className="qs" />
        <Form id={form.id} method="post" action={self} preventScrollReset aria-describedby={form.errorId}>
          <CsrfInput />
          <input type="hidden" name="questao" value={question.question_id} />
          {question.next_position ? <input type="hidden" name="proxima" value={question.next_position} /> : null}
          {question.alternatives.length ? (
            <fieldset aria-label="Alternativas" className="qa" onChange={saveChoice}>
              {question.alternatives.map((alt) => (
                <label key={alt.letter}>
                  <input type="radio" name="resposta" value={alt.letter} defaultChecked={question.choice === alt.letter} />
                  <b>{`${alt.letter})`}</b>
                  <Markup text={alt.text_content} />
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="text-slate-700 dark:text-slate-300">Nenhuma alternativa disponível</p>
          )}
          <ErrorList {...answerErrors} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <p role="status" className="mt-2 min-h-5 text-sm text-slate-700 dark:text-slate-300">
            {saving ? 'Salvando…' : failed ? failed[0] : saved ? 'Resposta salva.' : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value={question.marked ? 'desmarcar' : 'marcar'}
              className="btn-secondary"
              disabled={busy === 'marcar' || busy === 'desmarcar'}
              formNoValidate
            >
              {question.marked ? 'Desmarcar revisão' : 'Marcar para revisar'}
            </button>
            {question.choice ? (
              <button type="submit" name="intent" value="limpar" className="btn-secondary" disabled={busy === 'limpar'} formNoValidate>
                Deixar em branco
              </button>
            ) : null}
          </div>
        </Form>
      </article>
      <AnswerBar
        label="Navegação entre questões"
        status={
          <TimeLeft
            key={simulation.id}
            deadline={simulation.deadline_at}
            seconds={simulation.time_left_seconds}
            answered={simulation.answered_count}
            size={simulation.size}
          />
        }
      >
        {prevHref ? (
          <Link to={prevHref} className="btn-secondary" rel="prev" aria-keyshortcuts="K">
            Anterior
          </Link>
        ) : null}
        <button
          type="submit"
          form={formId}
          name="intent"
          value="salvar"
          className="btn-primary"
          disabled={busy === 'salvar'}
          aria-keyshortcuts="Enter"
        >
          {busy === 'salvar' ? 'Salvando…' : question.next_position ? 'Salvar e próxima' : 'Salvar e revisar a entrega'}
        </button>
        <a href="#cartao" className="btn-secondary lg:hidden" data-cartao>
          Cartão
        </a>
      </AnswerBar>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
