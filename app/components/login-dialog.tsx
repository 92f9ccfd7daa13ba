import { Suspense, useEffect, useRef, useState } from 'react'

import { Glyph } from './glyph'
import { lazyPart } from './lazy-part'
import type { DialogView } from './login-dialog-forms'
import { OPEN_EVENT } from './login-dialog-open'

// The forms (Conform + zod) are a separate chunk, fetched when a protected link is
// pointed at or focused: the pages that carry the dialog do not pay for them up front.
const loadForms = () => import('./login-dialog-forms')
const LoginDialogForms = lazyPart(loadForms)

/** The spec's modal close animation. */
const FADE_MS = 200

/**
 * JS enhancement of the protected-action flow: a link marked `data-login-modal`, or in a
 * group so marked (a card's locked tools), whose href is /login?redirectTo=… or the
 * protected page itself, opens this dialog instead of leaving the page, and so does
 * `openLoginDialog` (forms marked `data-login-modal` preload the forms). The
 * forms post to /login and /esqueci-senha exactly as those pages do, so success,
 * errors and the no-JS path (the link itself) all share one flow.
 */
/** Mounted by the root after hydration, for visitors only. */
export function LoginDialog() {
  const dialog = useRef<HTMLDialogElement>(null)
  const [redirectTo, setRedirectTo] = useState<string | null>(null)
  const [view, setView] = useState<DialogView>('login')
  const [closing, setClosing] = useState(false)

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = (event.target as Element | null)?.closest?.('a[data-login-modal], [data-login-modal] a') as HTMLAnchorElement | null
      if (!link) return
      // Capture phase: runs before Remix's <Link> handler, which then sees defaultPrevented.
      event.preventDefault()
      // `/login?redirectTo=…`, or a protected page itself (a card tool): back there after login.
      const target = link.pathname === '/login' ? new URL(link.href).searchParams.get('redirectTo') : `${link.pathname}${link.search}`
      setView('login')
      setRedirectTo(target ?? `${window.location.pathname}${window.location.search}`)
    }
    function onIntent(event: Event) {
      if ((event.target as Element | null)?.closest?.('[data-login-modal]')) void loadForms()
    }
    function onOpen(event: Event) {
      const target = (event as CustomEvent<{ redirectTo?: unknown }>).detail?.redirectTo
      if (typeof target !== 'string') return
      event.preventDefault()
      setView('login')
      setRedirectTo(target)
    }
    document.addEventListener(OPEN_EVENT, onOpen)
    document.addEventListener('click', onClick, true)
    document.addEventListener('pointerover', onIntent, { passive: true })
    document.addEventListener('focusin', onIntent)
    return () => {
      document.removeEventListener(OPEN_EVENT, onOpen)
      document.removeEventListener('click', onClick, true)
      document.removeEventListener('pointerover', onIntent)
      document.removeEventListener('focusin', onIntent)
    }
  }, [])

  useEffect(() => {
    if (redirectTo && dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [redirectTo])

  const close = () => {
    setClosing(true)
    setTimeout(() => {
      dialog.current?.close()
      setClosing(false)
      setRedirectTo(null)
    }, FADE_MS)
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="login-dialog-title"
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      className={`w-[calc(100vw-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl transition-opacity backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 ${closing ? 'opacity-0' : 'opacity-100'}`}
      style={{ transitionDuration: `${FADE_MS}ms` }}
    >
      {redirectTo ? (
        <>
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id="login-dialog-title" className="text-xl font-bold">
                {view === 'login' ? 'Login necessário' : 'Recuperar senha'}
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {view === 'login' ? 'Faça login para continuar de onde você parou.' : 'Digite seu email para receber uma senha temporária.'}
              </p>
            </div>
            <button type="button" className="btn-ghost -mr-2 -mt-2" aria-label="Fechar" onClick={close}>
              <Glyph name="x" className="h-5 w-5" />
            </button>
          </div>
          <Suspense fallback={<p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">Carregando…</p>}>
            <LoginDialogForms view={view} redirectTo={redirectTo} onViewChange={setView} />
          </Suspense>
        </>
      ) : null}
    </dialog>
  )
}
