import { Link, useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'

import { useHydrated } from '~/utils/use-hydrated'

import { Glyph } from './glyph'

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/**
 * A nested tool route of a question card (Anotação, Fichário, ...) shown over the list.
 * With JS: a modal dialog (role=dialog, focus moved in and kept inside; Escape, 'Fechar' or a
 * click outside go back to `back`, the same list URL at the same card, and focus returns to
 * the card's button). Without JS: a plain section at the top of the page, with a link back.
 * Also the steps of /trocar-plano (confirmar, cancelar): `inPage`, `replace`, `focusContent`.
 */
export function RouteDialog({
  titleId,
  title,
  back,
  backLabel = 'Voltar às questões',
  focusOnClose,
  width,
  inPage = false,
  replace = false,
  focusContent = false,
  children,
}: {
  titleId: string
  title: string
  /** Where closing goes: the list URL with `#questao-<id>`. */
  back: string
  backLabel?: string
  /** A selector for the card's link that opened it, focused again on close (else the element focused when it opened). */
  focusOnClose?: string
  /** The card's max-width class (the dialog's, and without JS the centred card's); default max-w-2xl in the dialog. */
  width?: string
  /** Without JS: a card inside the parent route's page, under its h1 (so an h2), not a page section of its own. */
  inPage?: boolean
  /** Closing replaces the history entry (Back does not reopen the step). */
  replace?: boolean
  /** First focus on the content's `[data-autofocus]` (a step's safe choice) rather than on 'Fechar'. */
  focusContent?: boolean
  children: React.ReactNode
}) {
  const hydrated = useHydrated()
  if (!hydrated && inPage) {
    return (
      <section aria-labelledby={titleId} className="card mb-8 border-2 border-brand-600 dark:border-brand-400">
        <header className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <Link to={back} className="btn-secondary">
            {backLabel}
          </Link>
        </header>
        {children}
      </section>
    )
  }
  if (!hydrated) {
    return (
      <section id="ferramenta" aria-labelledby={titleId} className="container-page py-6">
        <div className={width ? `card mx-auto p-4 sm:p-6 ${width}` : 'card p-4 sm:p-6'}>
          <header className="flex flex-wrap items-start justify-between gap-3">
            <h1 id={titleId} className="text-xl font-bold sm:text-2xl">
              {title}
            </h1>
            <Link to={back} className="btn-secondary">
              {backLabel}
            </Link>
          </header>
          {children}
        </div>
      </section>
    )
  }
  return (
    <Modal
      titleId={titleId}
      title={title}
      back={back}
      focusOnClose={focusOnClose}
      width={width}
      replace={replace}
      focusContent={focusContent}
    >
      {children}
    </Modal>
  )
}

function Modal({
  titleId,
  title,
  back,
  focusOnClose,
  width = 'max-w-2xl',
  replace,
  focusContent,
  children,
}: {
  titleId: string
  title: string
  back: string
  focusOnClose?: string
  width?: string
  replace: boolean
  focusContent: boolean
  children: React.ReactNode
}) {
  const navigate = useNavigate()
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => navigate(back, { preventScrollReset: true, replace }), [navigate, back, replace])

  useEffect(() => {
    const dialog = ref.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    if (dialog && !dialog.contains(document.activeElement)) (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus()
    const onKey = (event: KeyboardEvent) => {
      if (!dialog) return
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
        return
      }
      if (event.key !== 'Tab') return
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      )
      if (!items.length) return
      const first = items[0]
      const last = items[items.length - 1]
      if (!dialog.contains(document.activeElement)) {
        event.preventDefault()
        first.focus()
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that wanders out (a click on the page behind) is brought back.
    const onFocus = (event: FocusEvent) => {
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('focusin', onFocus)
      document.body.style.overflow = overflow
      if (focusOnClose) setTimeout(() => document.querySelector<HTMLElement>(focusOnClose)?.focus({ preventScroll: true }), 0)
      else if (opener?.isConnected && !dialog?.contains(opener)) setTimeout(() => opener.focus({ preventScroll: true }), 0)
    }
  }, [close, focusOnClose])

  return (
    // The backdrop's click-to-close is a mouse extra; Escape and 'Fechar' are the keyboard path.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-950/60 p-2 sm:p-6"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close()
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`card my-auto w-full p-4 outline-none sm:p-6 ${width}`}
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold sm:text-2xl">
            {title}
          </h2>
          <button type="button" className="btn-secondary" onClick={close} data-autofocus={focusContent ? undefined : true}>
            <Glyph name="x" className="h-5 w-5" /> Fechar
          </button>
        </header>
        {children}
      </div>
    </div>
  )
}
