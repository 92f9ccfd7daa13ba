import { Form } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/utils/use-hydrated'
import { Field } from './forms'
import { LoginForm } from './login-form'

/** The spec's modal close animation. */
const FADE_MS = 200

/**
 * JS enhancement of the protected-action flow: a link marked `data-login-modal`
 * (href /login?redirectTo=…) opens this dialog instead of leaving the page. The
 * forms post to /login and /esqueci-senha exactly as those pages do, so success,
 * errors and the no-JS path (the link itself) all share one flow.
 */
export function LoginDialog() {
  const hydrated = useHydrated()
  const dialog = useRef<HTMLDialogElement>(null)
  const [redirectTo, setRedirectTo] = useState<string | null>(null)
  const [view, setView] = useState<'login' | 'forgot'>('login')
  const [closing, setClosing] = useState(false)

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = (event.target as Element | null)?.closest?.('a[data-login-modal]') as HTMLAnchorElement | null
      if (!link) return
      // Capture phase: runs before Remix's <Link> handler, which then sees defaultPrevented.
      event.preventDefault()
      const target = new URL(link.href).searchParams.get('redirectTo')
      setView('login')
      setRedirectTo(target ?? `${window.location.pathname}${window.location.search}`)
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
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

  if (!hydrated) return null
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
                {view === 'login'
                  ? 'Faça login para continuar de onde você parou.'
                  : 'Digite seu email para receber uma senha temporária.'}
              </p>
            </div>
            <button type="button" className="btn-ghost -mr-2 -mt-2" aria-label="Fechar" onClick={close}>
              <X className="h-5 w-5" aria-hidden />
            </button>
          </div>
          {view === 'login' ? (
            <LoginForm redirectTo={redirectTo} action="/login">
              <button type="button" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300" onClick={() => setView('forgot')}>
                Esqueceu a senha?
              </button>
            </LoginForm>
          ) : (
            <Form method="POST" action="/esqueci-senha" className="space-y-4">
              <Field label="Email" inputProps={{ name: 'email', type: 'email', required: true, autoComplete: 'email', autoFocus: true }} />
              <button type="submit" className="btn-primary w-full">
                Enviar senha temporária
              </button>
              <button type="button" className="btn-ghost w-full" onClick={() => setView('login')}>
                Voltar ao login
              </button>
            </Form>
          )}
        </>
      ) : null}
    </dialog>
  )
}
