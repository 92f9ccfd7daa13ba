// pt-BR formatting shared by every page. The formatters are built once per process:
// the footer formats a date on every render.

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })
const number = new Intl.NumberFormat('pt-BR')
const dateOnly = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' })

/** dd/mm/aaaa in São Paulo time (plan renewal and end dates); `empty` when missing. */
export function formatDate(iso: string | null | undefined, empty = 'N/A') {
  if (!iso) return empty
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? empty : dateOnly.format(date)
}

/** dd/mm/aaaa, hh:mm in São Paulo time; `empty` when the value is missing or not a date. */
export function formatDateTime(iso: string | null | undefined, empty = 'N/A') {
  if (!iso) return empty
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? empty : dateTime.format(date)
}

export function formatNumber(value: number) {
  return number.format(value)
}
