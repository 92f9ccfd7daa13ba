import { Link } from '@remix-run/react'
import { useState } from 'react'

import { useRootData } from '~/utils/root-data'

import type { OfflineSource } from './download'

// "Baixar para estudar offline" (issue 39 §6, ADR 056) on a modo resolução run, the review queue
// and a notebook: up to 200 of their questions kept on this device with their key. Device storage
// needs JavaScript: without it this is a link to Estudar offline, which says so.

export function DownloadForOffline({ source }: { source: OfflineSource }) {
  const csrf = useRootData()?.csrf ?? ''
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null })

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
      {/* In the server's HTML, so the row does not grow when the script arrives (a layout shift on a
          short question, issue 41); hidden where scripts do not run (.js-only). */}
      <button
        type="button"
        className="js-only inline-flex min-h-11 items-center font-semibold underline"
        onClick={() => void download()}
        disabled={state.busy}
      >
        {state.busy ? 'Baixando…' : 'Baixar para estudar offline'}
      </button>
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
