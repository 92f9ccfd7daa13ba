// Dates of Discussões as people say them in pt-BR: 'agora', 'há 5 minutos', 'há 2 dias'.
// Measured from the loader's clock (`now`), so the server and the browser render the same text.

const rtf = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always' })

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

export function relativeTime(iso: string, now: string | number | Date) {
  const seconds = Math.round((new Date(now).getTime() - new Date(iso).getTime()) / 1000)
  if (seconds < 60) return 'agora'
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit)
  }
  return 'agora'
}
