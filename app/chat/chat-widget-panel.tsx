import { Link, useFetcher } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'

import type { ChatMessageJson } from '#server/features/chat/contract'
import { CHAT_CONTENT_MAX } from '#server/features/chat/limits'
import type { ChatActionData, ChatPageData } from '~/chat/chat.server'
import { ASSISTANT_INTRO, ChatMessageItem, EXAMPLE_QUESTIONS, TypingIndicator } from '~/chat/conversation'
import { CsrfInput } from '~/components/csrf-input'

// The widget's panel (loaded on demand by chat-widget.tsx): a non-modal dialog with the
// history (the /assistente loader through a fetcher), the form (the /assistente action,
// answering JSON for origem=widget) and the spec's typing indicator: the reply shows at least
// 1 s after sending (section 9), in the browser only; the server never waits.

const TYPING_MS = 1000

type Pending = {
  content: string
  sentAt: number
  /** The fetcher's answer to the previous message: not this one's. */
  previous: ChatActionData | undefined
}

const lastId = (list: ChatMessageJson[]) => list.at(-1)?.id ?? 0

export default function ChatPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const titleId = useId()
  const history = useFetcher<ChatPageData>()
  const send = useFetcher<ChatActionData>()
  const [messages, setMessages] = useState<ChatMessageJson[] | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [draft, setDraft] = useState('')
  const textarea = useRef<HTMLTextAreaElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const panel = useRef<HTMLElement>(null)

  // Escape anywhere in the panel closes it (the launcher takes the focus back).
  useEffect(() => {
    const element = panel.current
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      onClose()
    }
    element?.addEventListener('keydown', onKey)
    return () => element?.removeEventListener('keydown', onKey)
  }, [onClose])

  useEffect(() => {
    history.load('/assistente')
    textarea.current?.focus()
    // Once, when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The history as loaded; later reloads (Remix revalidates fetchers after each send) are
  // taken only while nothing is being typed, so a reply never shows before its indicator ends.
  const data = history.data
  useEffect(() => {
    if (!data?.allowed || pending) return
    const loaded = data.messages
    // A reload that started before the last answer must not take it away.
    setMessages((current) => (!current || lastId(loaded) >= lastId(current) ? loaded : current))
  }, [data, pending])

  // The answer arrived: show it once the typing indicator has run its second.
  const result = send.state === 'idle' ? send.data : undefined
  useEffect(() => {
    if (!pending || !result || result === pending.previous) return
    const timer = window.setTimeout(
      () => {
        if (result.ok) {
          setMessages((current) => [...(current ?? []), result.message, result.reply])
          setError(null)
        } else {
          setError(result.error)
          setDraft(pending.content)
        }
        setPending(null)
      },
      Math.max(0, TYPING_MS - (Date.now() - pending.sentAt)),
    )
    return () => window.clearTimeout(timer)
  }, [pending, result])

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' })
  }, [messages, pending])

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const content = draft.trim()
    if (!content) {
      setError('Escreva sua pergunta.')
      textarea.current?.focus()
      return
    }
    const form = new FormData(event.currentTarget)
    form.set('pergunta', content)
    setPending({ content, sentAt: Date.now(), previous: send.data })
    send.submit(form, { method: 'post', action: '/assistente' })
    setDraft('')
    setError(null)
    textarea.current?.focus()
  }

  const unavailable = data && !data.allowed ? data : null
  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      ref={panel}
      className="card flex max-h-[min(70vh,36rem)] w-[min(calc(100vw-2rem),24rem)] flex-col overflow-hidden shadow-2xl"
    >
      <header className="flex items-start justify-between gap-2 border-b border-slate-200 p-3 dark:border-slate-700">
        <div>
          <h2 id={titleId} className="font-semibold">
            Assistente de estudos
          </h2>
          <p className="text-xs text-slate-600 dark:text-slate-400">Assistente automático: indica questões e assuntos do banco.</p>
        </div>
        <button type="button" className="btn-ghost min-h-11 min-w-11 p-2" onClick={onClose} aria-label="Fechar assistente">
          <X className="h-5 w-5" aria-hidden />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {unavailable ? (
          <p className="text-sm">
            {unavailable.message.replace(/ Conheça os planos em \/planos\.$/, '')}{' '}
            {unavailable.reason === 'plan' ? (
              <Link to="/planos" className="font-medium text-brand-700 underline dark:text-brand-300">
                Ver planos
              </Link>
            ) : null}
          </p>
        ) : messages === null ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            Carregando a conversa…
          </p>
        ) : messages.length === 0 && !pending ? (
          <div className="text-sm">
            <p>{ASSISTANT_INTRO}</p>
            <p className="mt-2 font-semibold">Por exemplo:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {EXAMPLE_QUESTIONS.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div role="log" aria-label="Mensagens da conversa">
          <ol ref={list} className="space-y-2">
            {(messages ?? []).map((m) => (
              <ChatMessageItem key={m.id} message={m} compact />
            ))}
            {pending ? (
              <>
                <ChatMessageItem message={{ id: 0, type: 'user', content: pending.content, links: [], created_at: '' }} compact />
                <TypingIndicator />
              </>
            ) : null}
          </ol>
        </div>
      </div>
      {unavailable ? null : (
        <form method="post" action="/assistente" onSubmit={onSubmit} className="border-t border-slate-200 p-3 dark:border-slate-700">
          <CsrfInput />
          <input type="hidden" name="intent" value="enviar" />
          <input type="hidden" name="origem" value="widget" />
          <label htmlFor={`${id}-pergunta`} className="label">
            Sua pergunta
          </label>
          <textarea
            ref={textarea}
            id={`${id}-pergunta`}
            name="pergunta"
            rows={2}
            maxLength={CHAT_CONTENT_MAX}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter sends, Shift+Enter breaks the line (as in chat apps).
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault()
                event.currentTarget.form?.requestSubmit()
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-erro` : undefined}
            className="input min-h-0"
          />
          {error ? (
            <p id={`${id}-erro`} role="alert" className="field-error mt-1">
              {error}
            </p>
          ) : null}
          <div className="mt-2 flex items-center justify-between gap-2">
            <Link to="/assistente" className="text-sm text-brand-700 underline dark:text-brand-300">
              Abrir em página inteira
            </Link>
            <button type="submit" className="btn-primary" disabled={Boolean(pending)}>
              {pending ? 'Enviando...' : 'Enviar'}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
