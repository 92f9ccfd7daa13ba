import type { Ranking } from '../domain/ranking'
import type { ApiClient } from './core'

export type { Ranking, RankingEntry } from '../domain/ranking'

/** GET /ranking: the week's top 20 and the caller's place. */
export function getRanking(client: ApiClient) {
  return client.get<{ success: true } & Ranking>('/ranking')
}
