import { useEffect } from 'react'

import { QUEUE_FLAG } from './flag'

/**
 * Sends the answers a dropped connection left on the device (ADR 056) when it returns, on any
 * page: at load when the flag says some wait, and on the browser's 'online' event. The sending
 * code loads only then.
 */
export function QueueSender({ csrf }: { csrf: string }) {
  useEffect(() => {
    const send = () => {
      if (localStorage.getItem(QUEUE_FLAG)) void import('./sync').then((m) => m.syncQueue(csrf))
    }
    send()
    window.addEventListener('online', send)
    return () => window.removeEventListener('online', send)
  }, [csrf])
  return null
}
