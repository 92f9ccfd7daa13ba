import { useLocation } from '@remix-run/react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'

import { Glyph } from '~/components/glyph'
import { useHydrated } from '~/utils/use-hydrated'

// The study assistant's floating widget (issue 14), JS only: without JS there is no widget and
// the header links to /assistente instead. Root mounts it only when the policy's chat feature
// is on. This launcher is all the pages carry; the panel (history, form, typing) is a separate
// chunk fetched when the button is pointed at, focused or pressed.

const loadPanel = () => import('./chat-widget-panel')
const ChatPanel = lazy(loadPanel)

export const CHAT_PANEL_ID = 'assistente-painel'

export function ChatWidget() {
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    setOpen(false)
    button.current?.focus()
  }, [])
  // The page itself is the assistant: no second door onto it; the admin area is for work.
  const onPage = pathname === '/assistente' || pathname === '/admin' || pathname.startsWith('/admin/')
  useEffect(() => {
    if (onPage) setOpen(false)
  }, [onPage])
  if (!hydrated || onPage) return null
  // Never over the page (issue 27): below 1280 px the launcher sits in the flow at the end of the
  // page, above the footer; from 1280 px the page's column (max-w-6xl) leaves a gutter, and the
  // round launcher floats in it, its name read out but not shown.
  return (
    <div className="cwl">
      {open ? (
        <Suspense
          fallback={
            <p role="status" className="card p-4 text-sm">
              Carregando o assistente…
            </p>
          }
        >
          <ChatPanel id={CHAT_PANEL_ID} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={button}
        type="button"
        className="btn-primary"
        aria-expanded={open}
        aria-controls={open ? CHAT_PANEL_ID : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="assistente-botao"
      >
        <Glyph name={open ? 'x' : 'messageCircle'} className="h-5 w-5" />
        <span>Assistente de estudos</span>
      </button>
    </div>
  )
}
