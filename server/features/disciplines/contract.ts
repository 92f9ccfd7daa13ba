import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'

// The disciplines with their topics (spec sections 3 and 7): the question bank's filters. Public.

export const DisciplineJson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    topics: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          questions: z.number().int().meta({ description: 'Questões vivas com o assunto.' }),
        }),
      )
      .meta({ description: 'Os assuntos, por nome, com quantas questões cada um tem.' }),
    in_filters: z.boolean().meta({
      description: 'Se os filtros a oferecem: há questões vivas nela e não é "Não classificada".',
    }),
  })
  .meta({ id: 'Discipline' })
export type DisciplineJson = z.output<typeof DisciplineJson>

export const disciplinesApi = {
  list: defineEndpoint({
    method: 'get',
    path: '/disciplines',
    summary: 'Todas as disciplinas com seus assuntos, por nome',
    tags: ['Questões'],
    auth: 'none',
    responses: { 200: z.object({ success: z.literal(true), data: z.array(DisciplineJson) }) },
  }),
}
