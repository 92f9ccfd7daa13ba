import { SYNC_MAX } from '#server/features/offline/messages'

import { queueFlag } from './owner'
import { dequeue, queued } from './store'

// Sends the queued answers when there is a connection (ADR 056, ADR 079): in batches, each answer
// once (the server knows its client id), and only the answers of the account signed in now, asked
// of the server first (the page may be the offline copy, or the session may have ended since). An
// answer leaves the queue when the server has answered for it, recorded or not (a refusal will not
// change by sending it again); a refused request (no session, an expired form) leaves it waiting.

export const OFFLINE_PATH = '/estudar-offline'
const DATA = `${OFFLINE_PATH}?_data=routes%2Festudar-offline`

export type SyncReport = {
  sent: number
  recorded: number
  refused: string[]
  /** This account's answers still waiting. */
  left: number
  /** Nobody is signed in: the answers wait for their account. */
  signedOut: boolean
}

type Here = { account: string | null; csrf: string }

/** Who is signed in, and the form token to write with, as the server says now (null: no connection). */
export async function signedInNow(): Promise<Here | null> {
  try {
    const res = await fetch(DATA, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    // An expired session answers a redirect to /login (Remix's 204 with the address in a header).
    if (res.headers.get('x-remix-redirect')) return { account: null, csrf: '' }
    return res.ok ? ((await res.json()) as Here) : null
  } catch {
    return null
  }
}

let running: Promise<SyncReport> | null = null

export function syncQueue(): Promise<SyncReport> {
  running ??= send().finally(() => {
    running = null
  })
  return running
}

async function send(): Promise<SyncReport> {
  const report: SyncReport = { sent: 0, recorded: 0, refused: [], left: 0, signedOut: false }
  const here = await signedInNow()
  if (!here?.account) {
    report.signedOut = here !== null
    return report
  }
  const owner = here.account
  let queue = await queued(owner)
  while (queue.length && navigator.onLine !== false) {
    const batch = queue.slice(0, SYNC_MAX).map(({ owner: _, ...answer }) => answer)
    const body = new FormData()
    body.set('csrf', here.csrf)
    body.set('intent', 'enviar')
    body.set('conta', owner)
    body.set('respostas', JSON.stringify(batch))
    let results: { client_id: string; status: string; message?: string }[]
    try {
      const res = await fetch(DATA, { method: 'POST', body })
      if (!res.ok) break
      results = (await res.json()).results
    } catch {
      break // still offline: the queue waits for the next try
    }
    await dequeue(results.map((r) => r.client_id))
    report.sent += results.length
    report.recorded += results.filter((r) => r.status === 'recorded').length
    report.refused.push(...results.flatMap((r) => (r.status === 'refused' && r.message ? [r.message] : [])))
    queue = await queued(owner)
  }
  report.left = queue.length
  if (!queue.length) localStorage.removeItem(queueFlag(owner))
  return report
}
