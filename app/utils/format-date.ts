// Fixed-shape pt-BR dates (notes and notebooks): dd/mm/aaaa and dd/mm/aaaa HH:mm, São Paulo time.

const dateParts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function parts(iso: string | null | undefined) {
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  const get = (type: string) => dateParts.formatToParts(date).find((p) => p.type === type)?.value ?? ''
  return { d: get('day'), m: get('month'), y: get('year'), h: get('hour'), min: get('minute') }
}

/** dd/mm/aaaa in São Paulo time; `empty` when missing or not a date. */
export function formatDay(iso: string | null | undefined, empty = 'N/A') {
  const p = parts(iso)
  return p ? `${p.d}/${p.m}/${p.y}` : empty
}

/**
 * A São Paulo calendar date the API sends as YYYY-MM-DD, as dd/mm/aaaa. Read at noon there:
 * a bare date parses as UTC midnight, which in São Paulo is still the day before.
 */
export function formatCalendarDay(day: string) {
  return formatDay(`${day}T12:00:00-03:00`)
}

/** dd/mm/aaaa HH:mm in São Paulo time (no comma); `empty` when missing or not a date. */
export function formatDateHour(iso: string | null | undefined, empty = 'N/A') {
  const p = parts(iso)
  return p ? `${p.d}/${p.m}/${p.y} ${p.h}:${p.min}` : empty
}
