import { Form } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

import { keptFor, queueFlag } from '~/offline/owner'

import { CsrfInput } from './csrf-input'

/**
 * "Sair" (a POST to /logout), which asks first when this account's answers given offline still
 * wait on the device (issue 61): send them now, or sign out and keep them for the next sign-in
 * (they are never sent under another account). Without JavaScript there is no device queue: the
 * form signs out at once, as before.
 */
export function LogoutForm({ redirectTo, children }: { redirectTo?: string; children: React.ReactNode }) {
  const form = useRef<HTMLFormElement>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  const confirmed = useRef(false)
  const [waiting, setWaiting] = useState(0)
  const [state, setState] = useState<{ sending: boolean; problem: string | null }>({ sending: false, problem: null })
  // The question is drawn when answers wait (a portal: the header's menu may close under it), then opened.
  useEffect(() => {
    if (waiting && !dialog.current?.open) dialog.current?.showModal()
  }, [waiting])

  const leave = () => {
    confirmed.current = true
    dialog.current?.close()
    form.current?.requestSubmit()
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const owner = keptFor()
    // The common case decides without opening IndexedDB: no flag, nothing waits.
    if (confirmed.current || !owner || !localStorage.getItem(queueFlag(owner))) return
    event.preventDefault()
    const { queued } = await import('~/offline/store')
    const n = (await queued(owner)).length
    if (!n) return leave()
    setState({ sending: false, problem: null })
    setWaiting(n)
  }

  async function sendNow() {
    setState({ sending: true, problem: null })
    const { syncQueue } = await import('~/offline/sync')
    const report = await syncQueue()
    if (report.left === 0 && !report.signedOut) return leave()
    setWaiting(report.left || waiting)
    setState({ sending: false, problem: 'Não foi possível enviar agora (sem conexão?). Tente de novo, ou saia: elas ficam guardadas.' })
  }

  return (
    <Form method="POST" action="/logout" ref={form} onSubmit={(e) => void onSubmit(e)}>
      <CsrfInput />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {children}
      {waiting
        ? createPortal(
            <dialog
              ref={dialog}
              aria-labelledby="sair-titulo"
              aria-describedby="sair-texto"
              data-testid="sair-pendentes"
              onClose={() => setWaiting(0)}
              className="w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
              <h2 id="sair-titulo" className="text-lg font-semibold">
                {waiting === 1 ? '1 resposta ainda não enviada' : `${waiting} respostas ainda não enviadas`}
              </h2>
              <p id="sair-texto" className="mt-2 text-sm">
                Envie agora, ou saia mesmo assim: elas ficam guardadas neste aparelho para a sua próxima entrada.
              </p>
              {state.problem ? (
                <p role="alert" className="field-error mt-2">
                  {state.problem}
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap justify-end gap-2">
                <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()}>
                  Cancelar
                </button>
                <button type="button" className="btn-secondary" onClick={leave}>
                  Sair mesmo assim
                </button>
                <button type="button" className="btn-primary" disabled={state.sending} onClick={() => void sendNow()}>
                  {state.sending ? 'Enviando…' : 'Enviar agora'}
                </button>
              </div>
            </dialog>,
            document.body,
          )
        : null}
    </Form>
  )
}
