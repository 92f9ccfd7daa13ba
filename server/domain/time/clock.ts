// The one clock (ADR 050). Every rule reads the time from the context's clock, passed down as a
// `now`/`at` argument; nothing under server/ calls `new Date()` or `Date.now()` but this module
// (tests/server/one-clock.test.ts keeps it so). CLOCK_OFFSET_SECONDS moves it outside production.

/** What every rule reads the current instant from. */
export type Clock = () => Date

/** The machine's time, moved by `offsetMs` (0 in production: config refuses an offset there). */
export function systemClock(offsetMs = 0): Clock {
  return () => new Date(Date.now() + offsetMs)
}

/** Milliseconds of a monotonic timer, for durations and throttles (never for a rule's time). */
export const elapsedMs = () => performance.now()
