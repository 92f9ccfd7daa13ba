/**
 * The version of the reference data (disciplines, topics, years, boards): bumped when an
 * import commits, here or — through the database's NOTIFY (ADR 019) — on another server.
 * The web's short caches keep the version they were filled at and refill when it moved.
 *
 * Kept on globalThis: the Remix bundle and the server bundle each carry their own copy of
 * this module, and both must see the one counter of the process. No database imports here:
 * the web reads it (tests/web/boundaries.test.ts).
 */
const KEY = Symbol.for('gabarita.referenceDataVersion')
type Holder = { [KEY]?: number }

export function referenceDataVersion(): number {
  return (globalThis as Holder)[KEY] ?? 0
}

export function referenceDataChanged() {
  ;(globalThis as Holder)[KEY] = referenceDataVersion() + 1
}

/** The channel the importer notifies and every server listens on. */
export const REFERENCE_CHANNEL = 'gabarita_reference_data'
