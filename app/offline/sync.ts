import { SYNC_MAX } from '#server/features/offline/messages'

import { QUEUE_FLAG } from './flag'
import { dequeue, queued } from './store'

// Sends the queued answers when there is a connection (ADR 056): in batches, each answer once
// (the server knows its client id); an answer leaves the queue when the server has answered for
// it, recorded or not (a refusal will not change by sending it again).

export const OFFLINE_PATH = '/estudar-offline'

let running: Promise<SyncReport> | null = null

export type SyncReport = { sent: number; recorded: number; refused: string[]; left: number }

export function syncQueue(csrf: string): Promise<SyncReport> {
  running ??= send(csrf).finally(() => {
    running = null
  })
  return running
}

async function send(csrf: string): Promise<SyncReport> {
  const report: SyncReport = { sent: 0, recorded: 0, refused: [], left: 0 }
  let queue = await queued()
  while (queue.length && navigator.onLine !== false) {
    const batch = queue.slice(0, SYNC_MAX)
    const body = new FormData()
    body.set('csrf', csrf)
    body.set('intent', 'enviar')
    body.set('respostas', JSON.stringify(batch))
    let results: { client_id: string; status: string; message?: string }[]
    try {
      const res = await fetch(`${OFFLINE_PATH}?_data=routes%2Festudar-offline`, { method: 'POST', body })
      if (!res.ok) break
      results = (await res.json()).results
    } catch {
      break // still offline: the queue waits for the next try
    }
    await dequeue(results.map((r) => r.client_id))
    report.sent += results.length
    report.recorded += results.filter((r) => r.status === 'recorded').length
    report.refused.push(...results.flatMap((r) => (r.status === 'refused' && r.message ? [r.message] : [])))
    queue = await queued()
  }
  report.left = queue.length
  if (!queue.length) localStorage.removeItem(QUEUE_FLAG)
  return report
}
