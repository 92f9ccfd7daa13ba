import type { SearchQuery } from '#server/features/questions/contract'
import type { getSession } from '~/utils/session.server'
import { commitSession } from '~/utils/session.server'

import type { FilterState } from './filters'
import { activeFilterCount } from './filters'

/** The 'Situação' filter's URL values as the API's statuses. */
const STATUS = { 'nao-resolvidas': 'unsolved', errei: 'wrong', acertei: 'right', revisar: 'to_review' } as const

/**
 * The search API's query for a list's filters: /questoes and its one-at-a-time mode
 * (/questoes/resolver) ask the same search, so position N is the same question in both.
 */
export function searchQueryOf(filters: FilterState, page: number, perPage: number, seed: string, keep: number[] = []): SearchQuery {
  return {
    page,
    per_page: perPage,
    search_term: filters.q || undefined,
    discipline_ids: filters.disciplina,
    topic_ids: filters.assunto,
    difficulty: filters.dificuldade,
    year: filters.ano,
    exam_board: filters.banca,
    exam: filters.prova,
    citation: filters.lei,
    notebook_id: filters.caderno ?? undefined,
    status: filters.situacao ? STATUS[filters.situacao] : undefined,
    // The questions just answered on this list stay in it with their verdict, though the status would drop them.
    keep: filters.situacao && keep.length ? keep : undefined,
    has_explanation: filters.comAnalise || undefined,
    annulled: filters.semAnuladas ? false : undefined,
    exclude_outdated: filters.semDesatualizadas || undefined,
    // Sent only when on, as the spec's page does.
    random: activeFilterCount(filters) === 0 || undefined,
    seed,
  }
}

/** The session's shuffle seed (made on first use, its cookie added to `headers`): one order per visit. */
export async function searchSeedOf(session: Awaited<ReturnType<typeof getSession>>, headers: Headers): Promise<string> {
  const seed = session.get('searchSeed') as string | undefined
  if (seed) return seed
  const fresh = crypto.randomUUID()
  session.set('searchSeed', fresh)
  headers.append('Set-Cookie', await commitSession(session))
  return fresh
}
