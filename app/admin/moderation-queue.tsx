import type { ReactNode } from 'react'

import { formatDateTime } from '~/utils/format'

import { AdminPager } from './pager'
import { QueueFilter } from './queue-filter'

// What the moderation queues of the forum and of the students' explanations share: the GET state
// of a queue and the reasons a post was reported.

/** A queue's filter (one of `filters`, else 'all') and page, read from its URL (`filtro`, `pagina`). */
export function queueParams<F extends string>(url: URL, filters: readonly F[]) {
  const filterText = url.searchParams.get('filtro') ?? 'all'
  const filter = (filters as readonly string[]).includes(filterText) ? (filterText as F) : ('all' as F)
  const pageText = url.searchParams.get('pagina') ?? '1'
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1
  return { filter, page }
}

/** "Motivos das denúncias": each reason with who sent it and when. */
export function FlagReasons({ flags }: { flags: { reason: string; user_name: string; created_at: string }[] }) {
  if (!flags.length) return null
  return (
    <div className="mt-2">
      <h3 className="text-sm font-semibold">Motivos das denúncias</h3>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {flags.map((flag, index) => (
          <li key={index} className="whitespace-pre-wrap [overflow-wrap:anywhere]">
            {`${flag.reason} — ${flag.user_name}, ${formatDateTime(flag.created_at)}`}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A moderation queue's page: its title and what it does, the GET filter, how many, the items or
 * the empty state, the pager.
 */
export function ModerationQueue<T>({
  title,
  intro,
  filter,
  filters,
  queue,
  count,
  empty,
  listLabel,
  keyOf,
  render,
}: {
  title: string
  intro: ReactNode
  filter: string
  filters: Record<string, string>
  queue: { data: T[]; total: number; page: number; per_page: number }
  count: (total: number) => string
  empty: string
  listLabel: string
  keyOf: (item: T) => string | number
  render: (item: T) => ReactNode
}) {
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{intro}</p>
      <QueueFilter name="filtro" label="Mostrar" value={filter} options={Object.entries(filters)} />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{count(queue.total)}</p>
      {queue.data.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {empty}
        </p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label={listLabel}>
          {queue.data.map((item) => (
            <li key={keyOf(item)}>{render(item)}</li>
          ))}
        </ol>
      )}
      <AdminPager page={queue.page} total={queue.total} perPage={queue.per_page} />
    </div>
  )
}
