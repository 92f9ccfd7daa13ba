import { CheckCircle2, Info, Loader2, TriangleAlert, X, XCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { Toast } from '~/utils/toast.server'

/** sonner's defaults, as the spec lists them (section 9). */
export const TOAST_DURATION_MS = 4000
const MAX_VISIBLE = 3

const STYLES: Record<Toast['type'], { Icon: typeof Info; className: string }> = {
  success: { Icon: CheckCircle2, className: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100' },
  error: { Icon: XCircle, className: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100' },
  warning: { Icon: TriangleAlert, className: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100' },
  info: { Icon: Info, className: 'border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100' },
  loading: { Icon: Loader2, className: 'border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100' },
}

/**
 * Toasts rendered in the server HTML (so a no-JS visitor sees them); with JS they
 * dismiss themselves after 4 s and can be closed. At most 3 at a time.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const [visible, setVisible] = useState(toasts)
  useEffect(() => setVisible(toasts), [toasts])
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
      className="pointer-events-none fixed bottom-8 left-1/2 z-50 flex w-[356px] max-w-[calc(100vw-2rem)] -translate-x-1/2 flex-col gap-[14px] sm:left-auto sm:right-8 sm:translate-x-0"
    >
      {visible.slice(-MAX_VISIBLE).map((toast) => {
        const { Icon, className } = STYLES[toast.type]
        return (
          <div
            key={toast.id}
            role={toast.type === 'error' ? 'alert' : 'status'}
            data-toast-type={toast.type}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${className}`}
          >
            <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${toast.type === 'loading' ? 'animate-spin' : ''}`} aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description ? <p className="text-sm opacity-90">{toast.description}</p> : null}
            </div>
            <button
              type="button"
              className="rounded p-1 opacity-70 hover:opacity-100"
              aria-label="Fechar notificação"
              onClick={() => setVisible((current) => current.filter((t) => t.id !== toast.id))}
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        )
      })}
    </section>
  )
}
