import type { OfflineQuestionJson } from '#server/features/offline/contract'

import { QUEUE_FLAG } from './flag'

// The device's side of offline practice (ADR 056): the downloaded questions and the queue of
// answers waiting to be sent, in IndexedDB (no library: two stores, a handful of calls).

export type QueuedAnswer = {
  client_id: string
  question_id: number
  answer: string
  answered_at: string
  /** Set for an answer given on its page when the connection dropped (no download). */
  shown_token?: string
}

export type StoredQuestion = OfflineQuestionJson & { downloaded_at: string }

const DB = 'gabarita-offline'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore('questions', { keyPath: 'id' })
      request.result.createObjectStore('queue', { keyPath: 'client_id' })
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function run<T>(store: 'questions' | 'queue', mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | void) {
  const db = await open()
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(store, mode)
    const request = work(tx.objectStore(store))
    tx.oncomplete = () => {
      db.close()
      resolve(request ? request.result : undefined)
    }
    tx.onerror = () => reject(tx.error)
  })
}

export const saveQuestions = (questions: StoredQuestion[]) =>
  run('questions', 'readwrite', (s) => {
    for (const q of questions) s.put(q)
  })
export const storedQuestions = async () =>
  ((await run<StoredQuestion[]>('questions', 'readonly', (s) => s.getAll())) ?? []) as StoredQuestion[]
export const clearQuestions = () => run('questions', 'readwrite', (s) => s.clear())

export async function enqueue(answer: QueuedAnswer) {
  await run('queue', 'readwrite', (s) => s.put(answer))
  localStorage.setItem(QUEUE_FLAG, '1')
}
export const queued = async () => ((await run<QueuedAnswer[]>('queue', 'readonly', (s) => s.getAll())) ?? []) as QueuedAnswer[]
export const dequeue = (ids: string[]) =>
  run('queue', 'readwrite', (s) => {
    for (const id of ids) s.delete(id)
  })
