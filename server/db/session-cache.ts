import type { Db } from './index'

/** Where the database announces a changed account or token (server/db/sql/005-session-changes.sql). */
export const SESSIONS_CHANNEL = 'gabarita_sessions'
/** How long a session is reused without asking the database: the limit if a notice is ever lost. */
export const SESSION_CACHE_TTL_MS = 10_000
const MAX_SESSIONS = 10_000

type Entry<S> = { session: S; userId: string; until: number }

/**
 * The sessions behind the tokens this server saw in the last seconds (ADR 030): an API call
 * then costs no token lookup. Only the server process keeps one (`openDatabase` with
 * `sessionCache`), and only while it hears the database's notices: every connection of its pool
 * LISTENs, so a change this process commits is heard before its own query returns, and one
 * another server commits a moment later. With no connection open nothing is reused.
 */
export class SessionCache<S = unknown> {
  private readonly entries = new Map<string, Entry<S>>()
  /** Bumped by every change heard: a lookup that began before one must not store what it read. */
  private generation = 0
  private listening = false

  constructor(readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** The moment a lookup begins; `store` compares it. */
  begin() {
    return this.generation
  }

  get(tokenHash: string, now: number): S | undefined {
    if (!this.listening) return undefined
    const entry = this.entries.get(tokenHash)
    if (!entry) return undefined
    if (entry.until > now) return entry.session
    this.entries.delete(tokenHash)
    return undefined
  }

  /** Keeps a live token's session until the TTL or the token's own expiry, whichever is first. */
  store(tokenHash: string, session: S, userId: string, expiresAt: Date, began: number, now: number) {
    if (!this.listening || began !== this.generation) return
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size >= MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(tokenHash, { session, userId, until: Math.min(now + this.ttlMs, expiresAt.getTime()) })
  }

  /** An account or one of its tokens changed: its sessions are read afresh. */
  forgetUser(userId: string) {
    this.generation++
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash)
  }

  /** The notices are heard (true) or may be missed (false): either way, start from nothing. */
  setListening(listening: boolean) {
    this.generation++
    this.entries.clear()
    this.listening = listening
  }

  get isListening() {
    return this.listening
  }
}

const caches = new WeakMap<Db, SessionCache>()

/** Called by `openDatabase` for the server process. */
export function enableSessionCache(db: Db, cache = new SessionCache()) {
  caches.set(db, cache)
  return cache
}

export function sessionCacheOf<S>(db: Db) {
  return caches.get(db) as SessionCache<S> | undefined
}
