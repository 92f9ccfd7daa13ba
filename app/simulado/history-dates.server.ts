import { formatDate, formatDateTime } from '~/utils/format'

/** A simulado history's dates written on the server (app/simulado/history.tsx shows them as they come). */
export const historyDates = <T extends { started_at: string; finished_at: string | null }>(simulations: T[]) =>
  simulations.map((s) => ({ ...s, started: formatDateTime(s.started_at), finished: s.finished_at ? formatDate(s.finished_at) : '' }))
