import { useEffect, useRef } from 'react'

import { Glyph } from '~/components/glyph'
import { useHydrated } from '~/utils/use-hydrated'

import { forThePage } from './keyboard'

// Keyboard-first answering (issue 15) on /questoes and the notebook page: J/K move between
// the cards, A–E pick an alternative of the current card, Enter answers, R shows or hides the
// answer, ? lists the shortcuts. A JS enhancement only: without JS the forms work as they are.

const SHORTCUTS: [string, string][] = [
  ['J', 'próxima questão'],
  ['K', 'questão anterior'],
  ['A – E', 'escolher a alternativa'],
  ['Enter', 'responder'],
  ['R', 'ver ou ocultar a resposta'],
  ['?', 'mostrar esta lista'],
]

function cards() {
  return [...document.querySelectorAll<HTMLElement>('article.qc')]
}

/** Focuses a card's heading, below the sticky header (scroll-padding-top). */
function focusCard(card: HTMLElement) {
  const heading = card.querySelector<HTMLElement>('.qt')
  if (!heading) return
  heading.tabIndex = -1
  heading.focus()
}

export function CardShortcuts() {
  const hydrated = useHydrated()
  const dialog = useRef<HTMLDialogElement>(null)
  const current = useRef(-1)

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!forThePage(event)) return
      const target = event.target as HTMLElement
      const list = cards()
      if (!list.length) return
      const inside = list.findIndex((card) => card.contains(document.activeElement))
      if (inside >= 0) current.current = inside
      const card = list[current.current]
      const key = event.key
      if (key === '?') {
        event.preventDefault()
        dialog.current?.showModal()
      } else if (key === 'j' || key === 'J' || key === 'k' || key === 'K') {
        event.preventDefault()
        const step = key.toLowerCase() === 'j' ? 1 : -1
        current.current = Math.min(list.length - 1, Math.max(0, current.current + step))
        focusCard(list[current.current])
      } else if (!card) {
        return
      } else if (/^[a-eA-E]$/.test(key)) {
        const radio = card.querySelector<HTMLInputElement>(`input[type=radio][value="${key.toUpperCase()}"]`)
        if (!radio) return
        event.preventDefault()
        radio.click()
        radio.focus()
      } else if (key === 'Enter' && inside >= 0 && !target.closest('a, button, summary')) {
        const chosen = card.querySelector('input[type=radio]:checked')
        const answer = card.querySelector<HTMLButtonElement>('button[value=responder]')
        if (!chosen || !answer) return
        event.preventDefault()
        answer.click()
      } else if (key === 'r' || key === 'R') {
        const toggle = card.querySelector<HTMLElement>('button[value=revelar], [data-ocultar]')
        if (!toggle) return
        event.preventDefault()
        toggle.click()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  // The button's room is in the server's HTML (hidden, out of the reading order): at 320–360 px
  // it wraps the row it sits in, and arriving at hydration it pushed the list down (issue 66).
  if (!hydrated)
    return (
      <span className="btn-ghost invisible text-sm" aria-hidden>
        <Glyph name="keyboard" /> Atalhos
      </span>
    )
  return (
    <>
      <p className="sr-only">Atalhos de teclado disponíveis: pressione ? para ver a lista.</p>
      <button type="button" className="btn-ghost text-sm" onClick={() => dialog.current?.showModal()} aria-keyshortcuts="?">
        <Glyph name="keyboard" /> Atalhos
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="atalhos-titulo"
        className="w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="atalhos-titulo" className="text-lg font-semibold">
          Atalhos de teclado
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 px-1.5 py-0.5 font-mono dark:border-slate-600">{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Os atalhos não funcionam enquanto você digita em um campo.</p>
        <form method="dialog" className="mt-4 text-right">
          <button type="submit" className="btn-primary">
            Fechar
          </button>
        </form>
      </dialog>
    </>
  )
}
