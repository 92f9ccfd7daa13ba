import { ZONE } from '#server/domain/time/zone'

// pt-BR dates and numbers for every page, one shape each: dd/mm/aaaa and dd/mm/aaaa HH:mm in
// São Paulo time. The formatters are built once per process, on first use: a browser's first Intl
// formatter loads its locale and zone data, 15–25 ms of one task on a fast machine, and every page
// importing this module paid it while its scripts were evaluated (issue 66). Whole numbers are
// grouped without Intl, as pt-BR's Intl groups them.

let dateParts: Intl.DateTimeFormat | undefined
const dateFormat = () =>
  (dateParts ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }))
let number: Intl.NumberFormat | undefined

function parts(iso: string | null | undefined) {
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  const found = Object.fromEntries(
    dateFormat()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  )
  return { d: found.day, m: found.month, y: found.year, h: found.hour, min: found.minute }
}

/** dd/mm/aaaa in São Paulo time; `empty` when missing or not a date. */
export function formatDate(iso: string | null | undefined, empty = 'N/A') {
  const p = parts(iso)
  return p ? `${p.d}/${p.m}/${p.y}` : empty
}

/**
 * dd/mm in São Paulo time within the current year (by the API's clock, `now`), dd/mm/aaaa before
 * it or when `now` is unknown; `empty` when missing or not a date.
 */
export function formatShortDate(iso: string | null | undefined, now: Date | null, empty = '') {
  const p = parts(iso)
  if (!p) return empty
  return now && p.y === parts(now.toISOString())?.y ? `${p.d}/${p.m}` : `${p.d}/${p.m}/${p.y}`
}

/** dd/mm/aaaa HH:mm in São Paulo time; `empty` when missing or not a date. */
export function formatDateTime(iso: string | null | undefined, empty = 'N/A') {
  const p = parts(iso)
  return p ? `${p.d}/${p.m}/${p.y} ${p.h}:${p.min}` : empty
}

/**
 * A São Paulo calendar date the API sends as YYYY-MM-DD, as dd/mm/aaaa: the day itself, rewritten
 * (no Intl); anything else as formatDate reads it at noon UTC (morning there, the same day).
 */
export function formatCalendarDay(day: string) {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  const noon = Date.parse(`${day}T12:00:00Z`)
  if (ymd && !Number.isNaN(noon) && new Date(noon).toISOString().startsWith(day)) return `${ymd[3]}/${ymd[2]}/${ymd[1]}`
  return formatDate(`${day}T12:00:00Z`)
}

export function formatNumber(value: number) {
  if (Number.isSafeInteger(value)) return `${value < 0 ? '-' : ''}${String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, '.')}`
  return (number ??= new Intl.NumberFormat('pt-BR')).format(value)
}

/** "1 certa", "2 certas": a count with its noun in the number it needs. */
export function countOf(n: number, one: string, many: string) {
  return `${formatNumber(n)} ${n === 1 ? one : many}`
}

/** aaaa-mm-dd of the São Paulo day, the API's week and day keys; null when missing or not a date. */
export function calendarDayOf(iso: string | null | undefined) {
  const p = parts(iso)
  return p ? `${p.y}-${p.m}-${p.d}` : null
}
