import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'

// Ranking semanal (issue 14): the week's top 20 by right answers, first names only, and where
// the caller stands. Signed-in only: names of students are not for the open web.

export const RankingEntryJson = z
  .object({
    position: z.number().int(),
    name: z.string().meta({ description: 'Primeiro nome e inicial do último ("Maria L.").' }),
    mascot: z.string().nullable(),
    correct: z.number().int().meta({ description: 'Questões acertadas nesta semana, cada uma uma vez.' }),
    is_me: z.boolean(),
  })
  .meta({ id: 'RankingEntry' })
export type RankingEntryJson = z.output<typeof RankingEntryJson>

export const RankingJson = z
  .object({
    success: z.literal(true),
    week_start: z.iso.date().meta({ description: 'Segunda-feira da semana (horário de São Paulo).' }),
    entries: z.array(RankingEntryJson),
    me: z
      .object({ position: z.number().int(), correct: z.number().int() })
      .nullable()
      .meta({ description: 'O lugar de quem pergunta, quando acertou algo nesta semana e participa do ranking.' }),
    opted_out: z.boolean(),
  })
  .meta({ id: 'Ranking' })
export type RankingJson = z.output<typeof RankingJson>

export const rankingApi = {
  get: defineEndpoint({
    method: 'get',
    path: '/ranking',
    summary: 'Os 20 estudantes com mais acertos na semana e o lugar de quem pergunta',
    tags: ['Ranking'],
    auth: 'user',
    responses: { 200: RankingJson },
  }),
}
