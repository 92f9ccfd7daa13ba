import { Suspense, useCallback, useRef, useState } from 'react'

import { Glyph } from '~/components/glyph'
import { lazyPart } from '~/components/lazy-part'

// The study assistant's floating widget (issue 14), JS only: without JS there is no widget and
// the header links to /assistente instead. Root mounts it only when the policy's chat feature
// is on. This launcher is all the pages carry; the panel (history, form, typing) is a separate
// chunk fetched when the button is pointed at, focused or pressed.

const loadPanel = () => import('./chat-widget-panel')
const ChatPanel = lazyPart(loadPanel)

export const CHAT_PANEL_ID = 'assistente-painel'

/** Mounted by the root after hydration, where it belongs (not on a sitting, the assistant's page or the admin area). */
export function ChatWidget() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    setOpen(false)
    button.current?.focus()
  }, [])
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
