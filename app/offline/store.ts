import type { OfflineQuestionJson } from '#server/features/offline/contract'

import { keptFor, queueFlag } from './owner'

// The device's side of offline practice (ADR 056, ADR 079): the downloaded questions and the queue
// of answers waiting to be sent, in IndexedDB (no library: two stores, a handful of calls). Every
// row names the account it belongs to (`owner`, the user's id): a shared phone keeps each
// student's practice apart, and no read returns another account's rows.

export type QueuedAnswer = {
  client_id: string
  /** The account that gave the answer: it is sent only under that account's session. */
  owner: string
  question_id: number
  answer: string
  answered_at: string
  /** Set for an answer given on its page when the connection dropped (no download). */
  shown_token?: string
}

export type StoredQuestion = OfflineQuestionJson & {
  owner: string
  downloaded_at: string
  /** Its place in the download that brought it. */
  order: number
  /** The letter last chosen on this device, for the list of questions to jump to. */
  answered?: string
}

const DB = 'gabarita-offline'
const VERSION = 2

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      const tx = request.transaction!
      // Version 1 kept rows of no account: its downloads (keys of whoever downloaded them) are
      // dropped; its unsent answers are kept for the account signed in now, the one that gave
      // them unless the phone changed hands in between.
      if (db.objectStoreNames.contains('questions') && !tx.objectStore('questions').indexNames.contains('owner'))
        db.deleteObjectStore('questions')
      if (!db.objectStoreNames.contains('questions'))
        db.createObjectStore('questions', { keyPath: ['owner', 'id'] }).createIndex('owner', 'owner')
      const queue = db.objectStoreNames.contains('queue')
        ? tx.objectStore('queue')
        : db.createObjectStore('queue', { keyPath: 'client_id' })
      if (queue.indexNames.contains('owner')) return
      queue.createIndex('owner', 'owner')
      const owner = keptFor() ?? ''
      queue.openCursor().onsuccess = (e) => {
        const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result
        if (!cursor) return
        if (!cursor.value.owner) cursor.update({ ...cursor.value, owner })
        cursor.continue()
      }
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

type Store = 'questions' | 'queue'

async function run<T>(store: Store, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | void) {
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

const ofOwner = async <T>(store: Store, owner: string) =>
  ((await run<T[]>(store, 'readonly', (s) => s.index('owner').getAll(owner))) ?? []) as T[]

/** Deletes, in one store, the rows whose owner passes the test. */
const deleteWhere = (store: Store, test: (owner: string) => boolean) =>
  run(store, 'readwrite', (s) => {
    s.openCursor().onsuccess = (e) => {
      const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result
      if (!cursor) return
      if (test(cursor.value.owner)) cursor.delete()
      cursor.continue()
    }
  })

export const saveQuestions = (questions: StoredQuestion[]) =>
  run('questions', 'readwrite', (s) => {
    for (const q of questions) s.put(q)
  })
/** One account's downloaded questions, in the order they were downloaded. */
export async function storedQuestions(owner: string) {
  const rows = await ofOwner<StoredQuestion>('questions', owner)
  return rows.sort((a, b) => a.downloaded_at.localeCompare(b.downloaded_at) || a.order - b.order)
}
export const markAnswered = (question: StoredQuestion, letter: string) => saveQuestions([{ ...question, answered: letter }])
/** Removes the downloads of every account but `keep` (null: of every account). Unsent answers stay. */
export const forgetDownloads = (keep: string | null) => deleteWhere('questions', (owner) => owner !== keep)

export async function enqueue(answer: QueuedAnswer) {
  await run('queue', 'readwrite', (s) => s.put(answer))
  localStorage.setItem(queueFlag(answer.owner), '1')
}
/** One account's unsent answers. */
export const queued = (owner: string) => ofOwner<QueuedAnswer>('queue', owner)
/** Every unsent answer on this device, of any account (to say some wait for a sign-in). */
export const allQueued = async () => ((await run<QueuedAnswer[]>('queue', 'readonly', (s) => s.getAll())) ?? []) as QueuedAnswer[]
export const dequeue = (ids: string[]) =>
  run('queue', 'readwrite', (s) => {
    for (const id of ids) s.delete(id)
  })
