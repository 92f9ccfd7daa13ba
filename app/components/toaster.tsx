import { useEffect, useState } from 'react'

import type { Toast } from '~/utils/toast.server'
import { useHydrated } from '~/utils/use-hydrated'

import type { GlyphName } from './glyph'
import { Glyph } from './glyph'

/** sonner's defaults, as the spec lists them (section 9). */
export const TOAST_DURATION_MS = 4000
const MAX_VISIBLE = 3

// Toasts an action's answer carries itself when no loader runs after it (app/utils/reload-flag.ts).
const pushers = new Set<(toast: Toast) => void>()
/** Shows a toast now, beside the loader's (the last three stay). */
export function showToast(toast: Toast) {
  for (const push of pushers) push(toast)
}

/** Each kind's icon; its colours are the stylesheet's `.toast-<kind>`. */
const ICONS: Record<Toast['type'], GlyphName> = {
  success: 'circleCheck',
  error: 'circleX',
  warning: 'triangleAlert',
  info: 'info',
  loading: 'loader',
}

/**
 * Toasts rendered in the server HTML (so a no-JS visitor sees them); with JS they
 * dismiss themselves after 4 s and can be closed. At most 3 at a time.
 * Without JS (and until hydration) CSS does both: a timed fade (`.toast-auto-hide`
 * in tailwind.css) and a checkbox + label close that neither navigates nor touches
 * the page's form. On phones they sit at the top, over the header, newest only, so
 * they never cover the form the user is filling in at the bottom of the screen.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const hydrated = useHydrated()
  const [visible, setVisible] = useState(toasts)
  // New toasts from the loader replace the list during render (no effect, no extra pass).
  const [shown, setShown] = useState(toasts)
  if (shown !== toasts) {
    setShown(toasts)
    setVisible(toasts)
  }
  useEffect(() => {
    const push = (toast: Toast) => setVisible((current) => [...current, toast].slice(-MAX_VISIBLE))
    pushers.add(push)
    return () => void pushers.delete(push)
  }, [])
  useEffect(() => {
    if (!visible.length) return
    const timers = visible.map((toast) =>
      setTimeout(() => setVisible((current) => current.filter((t) => t.id !== toast.id)), TOAST_DURATION_MS),
    )
    return () => timers.forEach(clearTimeout)
  }, [visible])

  if (!visible.length) return null
  return (
    <section
      aria-label="Notificações"
      className="toaster pointer-events-none fixed left-1/2 top-1 z-50 flex w-[356px] max-w-[calc(100vw-1rem)] -translate-x-1/2 flex-col gap-[14px] sm:bottom-8 sm:left-auto sm:right-8 sm:top-auto sm:translate-x-0"
    >
      {visible.slice(-MAX_VISIBLE).map((toast) => {
        const closeId = `fechar-${toast.id}`
        return (
          <div key={toast.id} className={hydrated ? undefined : 'toast-auto-hide'}>
            {hydrated ? null : <input id={closeId} type="checkbox" className="peer sr-only" aria-label="Fechar notificação" />}
            <div role={toast.type === 'error' ? 'alert' : 'status'} data-toast-type={toast.type} className={`toast toast-${toast.type}`}>
              <Glyph name={ICONS[toast.type]} className={`mt-0.5 h-5 w-5 shrink-0 ${toast.type === 'loading' ? 'animate-spin' : ''}`} />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-3 text-sm font-semibold sm:line-clamp-none sm:text-base">{toast.title}</p>
                {toast.description ? <p className="line-clamp-3 text-sm opacity-90 sm:line-clamp-none">{toast.description}</p> : null}
              </div>
              {hydrated ? (
                <button
                  type="button"
                  className="toast-close"
                  aria-label="Fechar notificação"
                  title="Fechar notificação"
                  onClick={() => setVisible((current) => current.filter((t) => t.id !== toast.id))}
                >
                  <Glyph name="x" />
                </button>
              ) : (
                // The label toggles the checkbox above: the toast hides, nothing is submitted.
                <label htmlFor={closeId} title="Fechar notificação" className="toast-close cursor-pointer">
                  <Glyph name="x" />
                </label>
              )}
            </div>
          </div>
        )
      })}
    </section>
  )
}
