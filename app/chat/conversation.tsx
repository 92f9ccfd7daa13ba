import { Link } from '@remix-run/react'

import type { ChatMessageJson } from '#server/features/chat/contract'

// The conversation as both the /assistente page and the widget show it: who said it, the
// text as plain text, and the reply's links (pages of this site only).

export const EXAMPLE_QUESTIONS = [
  'Quais são os requisitos da usucapião especial urbana?',
  'O que é desistência voluntária?',
  'Responsabilidade civil por objeto que cai de um prédio',
]

export const ASSISTANT_INTRO =
  'Um assistente automático (não uma pessoa): ele procura no banco do Gabarita as questões e os assuntos ligados à sua dúvida e indica os links. Não dá parecer jurídico nem garante respostas.'

export function ChatMessageItem({ message, last, compact = false }: { message: ChatMessageJson; last?: boolean; compact?: boolean }) {
  const mine = message.type === 'user'
  const links = message.links.filter((l) => l.href.startsWith('/') && !l.href.startsWith('//'))
  return (
    <li
      id={last ? 'ultima' : undefined}
      data-testid={mine ? 'chat-usuario' : 'chat-assistente'}
      className={`flex ${mine ? 'justify-end' : 'justify-start'} ${last ? 'scroll-mt-24' : ''}`}
    >
      <article
        aria-label={mine ? 'Você disse' : 'O assistente respondeu'}
        className={`max-w-[85%] rounded-2xl px-4 py-3 ${compact ? 'text-sm' : ''} ${
          mine ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'
        }`}
      >
        <p className={`text-xs font-semibold ${mine ? 'text-brand-100' : 'text-slate-600 dark:text-slate-400'}`}>
          {mine ? 'Você' : 'Assistente'}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words">{message.content}</p>
        {links.length ? (
          <ul className="mt-2 space-y-1" aria-label="Links sugeridos">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  )
}

export function TypingIndicator() {
  return (
    <li className="flex justify-start" data-testid="chat-digitando">
      <p className="rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        <span className="inline-flex gap-1 align-middle" aria-hidden>
          <span className="h-2 w-2 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
          <span className="h-2 w-2 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
          <span className="h-2 w-2 animate-bounce rounded-full bg-current" />
        </span>{' '}
        Assistente digitando…
      </p>
    </li>
  )
}
