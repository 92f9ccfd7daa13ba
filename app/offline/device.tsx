import { useEffect } from 'react'

import { LEGACY_QUEUE_FLAG, queueFlag, settleOwner } from './owner'

/**
 * Keeps this device's offline practice with the account signed in (issue 61, ADR 079), on every
 * page the server rendered: another account's downloads leave the device; this account's waiting
 * answers are sent when the connection returns (ADR 056), at load when its flag says some wait and
 * on the browser's 'online' event. The code that opens IndexedDB loads only then. The offline
 * page's cached copy (`shell`) says nothing about who is signed in, and changes nothing.
 */
export function OfflineDevice({ userId, remember, shell }: { userId: string | null; remember: boolean; shell: boolean }) {
  useEffect(() => {
    if (shell) return
    if (settleOwner(userId, remember)) {
      void import('./store')
        .then((m) => m.forgetDownloads(userId))
        .then(() => {
          // The first version's answers were kept for the account signed in now (store.ts).
          if (userId && localStorage.getItem(LEGACY_QUEUE_FLAG)) localStorage.setItem(queueFlag(userId), '1')
          localStorage.removeItem(LEGACY_QUEUE_FLAG)
        })
        .catch(() => undefined)
    }
    if (!userId) return
    const send = () => {
      if (localStorage.getItem(queueFlag(userId))) void import('./sync').then((m) => m.syncQueue()).catch(() => undefined)
    }
    send()
    window.addEventListener('online', send)
    return () => window.removeEventListener('online', send)
  }, [userId, remember, shell])
  return null
}
