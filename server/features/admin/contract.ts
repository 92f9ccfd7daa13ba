import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'
import { DisciplineSearchBody } from './schemas'

// The admin's dashboard figures and the discipline/topic check (spec section 7: the stats'
// names are the spec's). The two multipart uploads (POST /admin/disciplines/upload and
// /admin/questions/upload-exam-txt) are not on contracts: their body is not JSON; they stay
// plain Express routes in ./router.ts and the client calls them through ApiClient.

export const DashboardStatsJson = z
  .object({
    totalQuestions: z.number().int().meta({ description: 'Questões vivas (as removidas por uma reimportação não contam).' }),
    totalStudents: z.number().int(),
    totalDisciplines: z.number().int(),
    lastUpdated: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DashboardStats' })
export type DashboardStatsJson = z.output<typeof DashboardStatsJson>

export const DisciplineCount = z.object({ name: z.string(), count: z.number().int() }).meta({ id: 'DisciplineCount' })
export type DisciplineCount = z.output<typeof DisciplineCount>
export const TopicCount = z.object({ discipline: z.string(), topic: z.string(), count: z.number().int() }).meta({ id: 'TopicCount' })
export type TopicCount = z.output<typeof TopicCount>

const Named = z.object({ id: z.number().int(), name: z.string() })

const tags = ['Admin: painel e importação']

export const adminApi = {
  checkDisciplineTopic: defineEndpoint({
    method: 'post',
    path: '/admin/disciplines/search',
    summary: 'Confere se a disciplina e o assunto existem (como os arquivos de prova os escrevem)',
    tags,
    auth: 'admin',
    body: DisciplineSearchBody,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: z.object({ discipline: Named, topic: Named }) }),
    },
    errors: [404],
  }),
  stats: defineEndpoint({
    method: 'get',
    path: '/admin/dashboard/stats',
    summary: 'Os números do painel: questões, estudantes, disciplinas e a última atualização',
    tags,
    auth: 'admin',
    responses: { 200: z.object({ success: z.literal(true), data: DashboardStatsJson }) },
  }),
  questionsByDiscipline: defineEndpoint({
    method: 'get',
    path: '/admin/dashboard/questions-by-discipline',
    summary: 'Questões por disciplina, da maior à menor',
    tags,
    auth: 'admin',
    responses: { 200: z.object({ success: z.literal(true), data: z.array(DisciplineCount) }) },
  }),
  questionsByTopic: defineEndpoint({
    method: 'get',
    path: '/admin/dashboard/questions-by-topic',
    summary: 'Questões por assunto, da maior à menor',
    tags,
    auth: 'admin',
    responses: { 200: z.object({ success: z.literal(true), data: z.array(TopicCount) }) },
  }),
}
