import { Link, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'

import type { RootLoader } from '~/root'

// "Baixar para estudar offline" (issue 39 §6, ADR 056) on a modo resolução run, the review queue
// and a notebook: up to 200 of their questions kept on this device with their key. Device storage
// needs JavaScript: before the page's script runs this is a link to Estudar offline, which says so.

export type OfflineSource = { fonte: 'busca' | 'revisao'; filtros: string } | { fonte: 'caderno'; caderno: number }

export function DownloadForOffline({ source }: { source: OfflineSource }) {
  const csrf = useRouteLoaderData<RootLoader>('root')?.csrf ?? ''
  const [ready, setReady] = useState(false)
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null })
  useEffect(() => {
    setReady(true)
  }, [])

  async function download() {
    setState({ busy: true, message: null })
    try {
      // The work itself is fetched on the click: the pages that offer it do not carry it (issue 41).
      const { downloadQuestions } = await import('./download')
      setState({ busy: false, message: await downloadQuestions(source, csrf) })
    } catch {
      setState({ busy: false, message: 'Sem conexão: não foi possível baixar as questões agora.' })
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-x-4">
      {ready ? (
        <button
          type="button"
          className="inline-flex min-h-11 items-center font-semibold underline"
          onClick={() => void download()}
          disabled={state.busy}
        >
          {state.busy ? 'Baixando…' : 'Baixar para estudar offline'}
        </button>
      ) : null}
      <Link to="/estudar-offline" className="inline-flex min-h-11 items-center font-semibold underline">
        Estudar offline
      </Link>
      {state.message ? (
        <span role="status" className="w-full text-sm" data-testid="baixadas">
          {state.message}
        </span>
      ) : null}
    </span>
  )
}
