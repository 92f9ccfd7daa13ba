import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

// The one calendar (ADR 050): Gabarita's days, weeks and months are São Paulo's. Every rule that
// says "today", "this week" (the weekly quota, the ranking), "this month" (the simulados' allowance)
// or "since that day" in SQL reads it here, from an instant the clock gave.
import { ZONE } from './zone'

export { ZONE }

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' })
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })

/** YYYY-MM-DD of an instant on the São Paulo calendar. */
export const spDay = (at: Date) => dayFormat.format(at)

/** The day `n` days after `day` (YYYY-MM-DD); `n` may be negative. */
export function addDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** Whole São Paulo days from `from`'s day to `to`'s day. */
export const spDaysBetween = (from: Date, to: Date) =>
  Math.round((Date.parse(`${spDay(to)}T00:00:00Z`) - Date.parse(`${spDay(from)}T00:00:00Z`)) / 86_400_000)

function offsetMinutes(at: Date) {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name)
  if (!m) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0))
}

/**
 * The instant São Paulo's `day` begins: its first instant on that day, as PostgreSQL's
 * `AT TIME ZONE` answers it (a day whose midnight daylight-saving time skipped or repeated
 * begins at 01:00 or at the second 00:00).
 */
export function spMidnight(day: string) {
  const utc = new Date(`${day}T00:00:00Z`)
  const first = new Date(utc.getTime() - offsetMinutes(utc) * 60_000)
  const second = new Date(utc.getTime() - offsetMinutes(first) * 60_000)
  const onDay = [first, second].filter((at) => spDay(at) === day)
  return onDay.sort((a, b) => a.getTime() - b.getTime())[0] ?? first
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** Monday (YYYY-MM-DD) of the São Paulo week `at` falls in. */
export function weekStart(at: Date): string {
  return addDays(spDay(at), -WEEKDAYS.indexOf(weekdayFormat.format(at)))
}

/** The first day (YYYY-MM-DD) of the São Paulo month `at` falls in, and of the next one. */
export function monthOf(at: Date) {
  const [year, month] = spDay(at).split('-').map(Number) as [number, number]
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`
  return { start: first(year, month), next: month === 12 ? first(year + 1, 1) : first(year, month + 1) }
}

/** SQL: the instant São Paulo's `day` (YYYY-MM-DD) begins, as a timestamptz. */
export const spMidnightSql = (day: string): SQL => sql`(${day}::date::timestamp AT TIME ZONE ${sql.raw(`'${ZONE}'`)})`
