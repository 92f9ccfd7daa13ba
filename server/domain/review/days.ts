// São Paulo days for Revisão: "today", the forecast's days and the 30-day window start at São
// Paulo midnight, read from the server's clock passed in.

const ZONE = 'America/Sao_Paulo'
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })

/** YYYY-MM-DD of an instant on the São Paulo calendar. */
export const spDay = (at: Date) => dayFormat.format(at)

/** The day `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

function offsetMinutes(at: Date) {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-03:00'
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name)
  if (!m) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0))
}

/** The instant São Paulo's `day` begins. */
export function spMidnight(day: string) {
  const utc = new Date(`${day}T00:00:00Z`)
  return new Date(utc.getTime() - offsetMinutes(utc) * 60_000)
}

/** Whole São Paulo days from `from`'s day to `to`'s day. */
export const spDaysBetween = (from: Date, to: Date) =>
  Math.round((Date.parse(`${spDay(to)}T00:00:00Z`) - Date.parse(`${spDay(from)}T00:00:00Z`)) / 86_400_000)
