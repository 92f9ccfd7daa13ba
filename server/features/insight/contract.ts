import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, ID_PATTERN } from '../../api/contract'
import { QuestionCardJson } from '../../domain/questions/card-json'
import { BAD_QUESTION_ID } from './messages'

// Question insight (issue 12, spec sections 3 and 7): statistics (Desempenho), the video and its
// watched mark, interactions and the details of one question. Statistics, video and details
// answer visitors too (the aggregate only, no watched mark); userStats is always the caller's
// own, from the token, never a parameter. A path id that is not a positive integer answers 400.
// The objects take the spec's camelCase (totalAttempts, userStats, videoUrl, hasNotes, …) and
// their other fields follow it (ADR 038 point 8, exceptions).

const Difficulty = z.enum(['FACIL', 'MEDIO', 'DIFICIL'])
const int = () => z.number().int()

const AttemptSummaryJson = z.object({
  totalAttempts: int(),
  correctAttempts: int(),
  accuracy: int().meta({ description: 'Percentual arredondado.' }),
  averageTime: int().nullable().meta({ description: 'Média em segundos das tentativas com tempo conhecido; null quando nenhuma tem.' }),
})

export const AlternativeStatsJson = z
  .object({
    letter: z.string(),
    isCorrect: z.boolean().meta({ description: 'É o gabarito (false em todas de uma questão anulada).' }),
    count: int(),
    percentage: int(),
    firstCount: int(),
    firstPercentage: int(),
  })
  .meta({ id: 'AlternativeStats' })
export type AlternativeStats = z.output<typeof AlternativeStatsJson>

export const UserAttemptJson = z.object({
  at: z.iso.datetime(),
  answer: z.string(),
  correct: z.boolean(),
  elapsedSeconds: int().nullable(),
})
export type UserAttempt = z.output<typeof UserAttemptJson>

export const UserStatsJson = z
  .object({
    attempts: int(),
    correct: int(),
    accuracy: int(),
    lastAttempt: z.iso.datetime().nullable(),
    lastResult: z.enum(['correct', 'incorrect']).nullable(),
    bestTime: int().nullable().meta({ description: 'O menor tempo conhecido de um acerto (segundos).' }),
    history: z.array(UserAttemptJson),
  })
  .meta({ id: 'UserStats' })
export type UserStats = z.output<typeof UserStatsJson>

export const QuestionStatisticsJson = AttemptSummaryJson.extend({
  questionId: int(),
  firstAttempts: AttemptSummaryJson.meta({ description: 'Só as primeiras tentativas: as repetições de um estudante não contam.' }),
  alternatives: z
    .array(AlternativeStatsJson)
    .nullable()
    .meta({ description: 'null até quem pergunta responder ou revelar a questão: as contagens apontariam o gabarito.' }),
  alternativesHidden: z.string().optional().meta({ description: 'Por que as alternativas não vieram.' }),
  difficulty: z.object({ labelled: Difficulty.nullable(), answered: Difficulty.nullable(), firstAttemptAccuracy: int() }),
  userStats: UserStatsJson.nullable().meta({ description: 'As tentativas de quem pergunta; null para visitantes e sem tentativas.' }),
}).meta({ id: 'QuestionStatistics' })
export type QuestionStatistics = z.output<typeof QuestionStatisticsJson>

export const QuestionVideoJson = z
  .object({
    questionId: int(),
    title: z.string(),
    description: z.string(),
    duration: int().nullable().meta({ description: 'Segundos; null enquanto nenhuma fonte o informa.' }),
    videoUrl: z.string(),
    videoId: z.string(),
    embedUrl: z.string().meta({ description: 'O player de privacidade reforçada, carregado só quando o estudante pede.' }),
    shareUrl: z.string(),
    watchedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'QuestionVideo' })
export type QuestionVideo = z.output<typeof QuestionVideoJson>

export const QuestionInteractionsJson = z
  .object({
    questionId: int(),
    hasNotes: z.boolean(),
    notesCount: int(),
    notebooksCount: int(),
    hasStats: z.boolean(),
    hasVideos: z.boolean(),
    videosCount: int(),
    forumTopicsCount: int(),
    videoWatched: z.boolean(),
  })
  .meta({ id: 'QuestionInteractions' })
export type QuestionInteractions = z.output<typeof QuestionInteractionsJson>

export const QuestionDetailsJson = QuestionCardJson.extend({
  imported_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  has_video: z.boolean(),
  discipline_source: z.enum(['file', 'prediction', 'review']).meta({
    description: 'Quem deu a disciplina: o arquivo da prova, a classificação automática (prediction) ou a revisão de um administrador.',
  }),
  predicted_topic_ids: z.array(z.number().int()).meta({
    description: 'Os assuntos (de topics) que a classificação automática deu; os demais vieram do arquivo da prova ou de um administrador.',
  }),
}).meta({ id: 'QuestionDetails' })
export type QuestionDetails = z.output<typeof QuestionDetailsJson>

const NoVideo = ApiErrorBody.extend({ code: z.literal('NO_VIDEO').optional() }).meta({ id: 'NoVideo' })
const InvalidVideo = ApiErrorBody.extend({ code: z.literal('INVALID_VIDEO'), detail: z.string() }).meta({ id: 'InvalidVideo' })
const videoErrors = { errors: [404, 409, 422], errorBodies: { 404: NoVideo, 422: InvalidVideo } } as const

const params = z.object({
  id: z
    .string()
    .regex(ID_PATTERN, { error: BAD_QUESTION_ID })
    .meta({ description: `Identificador numérico da questão; outro valor responde 400 (${BAD_QUESTION_ID}).`, example: '1' }),
})
/** A malformed id is a bad request here (400), not a missing page. */
const question = { params, paramStatus: 400 } as const
const tags = ['Questões']

export const insightApi = {
  statistics: defineEndpoint({
    method: 'get',
    path: '/questions/:id/statistics',
    summary: 'As estatísticas da questão (Desempenho) e as tentativas de quem pergunta',
    tags,
    auth: 'none',
    ...question,
    responses: {
      200: z.object({
        success: z.literal(true),
        data: QuestionStatisticsJson.nullable().meta({ description: 'null quando ninguém respondeu ainda.' }),
        message: z.string().optional(),
      }),
    },
    errors: [409],
  }),
  video: defineEndpoint({
    method: 'get',
    path: '/questions/:id/video',
    summary: 'O vídeo da questão (e, para quem entrou, quando o assistiu)',
    tags,
    auth: 'none',
    ...question,
    responses: { 200: z.object({ success: z.literal(true), data: QuestionVideoJson }) },
    ...videoErrors,
  }),
  watchVideo: defineEndpoint({
    method: 'post',
    path: '/questions/:id/video/watch',
    summary: 'Marca o vídeo como assistido (a primeira marca fica)',
    tags,
    auth: 'user',
    ...question,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), watchedAt: z.iso.datetime().nullable(), data: QuestionVideoJson }),
    },
    ...videoErrors,
  }),
  interactions: defineEndpoint({
    method: 'get',
    path: '/questions/:id/interactions',
    summary: 'O que existe em volta da questão para o estudante: anotações, cadernos, vídeo, tópicos',
    tags,
    auth: 'user',
    ...question,
    responses: { 200: z.object({ success: z.literal(true), data: QuestionInteractionsJson }) },
  }),
  details: defineEndpoint({
    method: 'get',
    path: '/questions/:id/details',
    summary: 'Todos os campos da questão (nunca o gabarito), para os detalhes e a página permanente',
    tags,
    auth: 'none',
    ...question,
    responses: { 200: z.object({ success: z.literal(true), data: QuestionDetailsJson }) },
  }),
}
