import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, idParam } from '../../api/contract'
import { queryInt } from '../../api/http'
import { QuestionCardJson } from '../../domain/questions/card-json'
import {
  ATTEMPT_NOT_FOUND,
  DISCIPLINE_MESSAGE,
  FORECAST_DAYS,
  NOTEBOOK_MESSAGE,
  QUESTION_NOT_FOUND,
  QUEUE_LIMIT_DEFAULT,
  QUEUE_LIMIT_MAX,
  QUEUE_LIMIT_MESSAGE,
  RETENTION_WINDOW_DAYS,
} from './messages'
import { RateBody, ReviewSettingsBody, StudyPlanBody } from './schemas'

// Revisão (issue 30): one FSRS card (ts-fsrs) per student and question, created by the first
// answer and updated by every answer wherever it is given (the bank, a notebook, the resolver,
// the review queue, a delivered simulado). Every rule reads the server's one clock (ctx.clock,
// CLOCK_OFFSET_SECONDS outside production), never the database's now(). Days are São Paulo
// days. Bearer only; another student's cards are never read (their attempt answers 404).

const int = () => z.number().int()

/** Interval in whole days (rounded) from the review to each rating's next due date. */
export const ReviewPreviewJson = z
  .object({
    again: int(),
    hard: int(),
    good: int(),
    easy: int(),
  })
  .meta({ id: 'ReviewPreview', description: 'Dias até a próxima revisão com cada nota (Errei, Difícil, Bom, Fácil).' })

/** What an answer did to the question's card (POST /questions/{id}/attempts, the "Fácil" mark). */
export const ReviewOutcomeJson = z
  .object({
    rating: z.enum(['again', 'hard', 'good', 'easy']).meta({
      description:
        'A nota dada: again (errou); numa resposta certa, a que o aluno escolheu (hard, good, easy) ou, antes disso, hard quando levou mais do dobro do tempo típico da questão e good nas demais.',
    }),
    due: z.iso.datetime().meta({ description: 'Quando a questão volta para a revisão.' }),
    interval_days: int().meta({ description: 'Dias até due (arredondado).' }),
    preview: ReviewPreviewJson.meta({
      description: 'Em quantos dias a questão voltaria com cada nota: os "Difícil · 2 dias" dos botões da página.',
    }),
    attempt_id: int().nullable().meta({ description: 'A tentativa a que dar nota (POST …/attempts/{attemptId}/rating).' }),
  })
  .meta({ id: 'ReviewOutcome' })
export type ReviewOutcomeJson = z.output<typeof ReviewOutcomeJson>

export const ReviewSettingsJson = z
  .object({
    desired_retention: z.number().meta({ description: 'De 0,80 a 0,95.' }),
    daily_limit: int(),
  })
  .meta({ id: 'ReviewSettings' })
export type ReviewSettingsJson = z.output<typeof ReviewSettingsJson>

export const ReviewQueueItemJson = z
  .object({
    question_id: int(),
    short_id: z.string(),
    discipline_id: int(),
    discipline_name: z.string(),
    due: z.iso.datetime(),
    overdue_days: int().meta({ description: 'Dias (de São Paulo) desde due; 0 quando vence hoje.' }),
    reps: int(),
    lapses: int().meta({ description: 'Quantas vezes errou depois de já ter acertado.' }),
    last_review: z.iso.datetime().nullable(),
    question: QuestionCardJson.meta({ description: 'O cartão da questão, como a busca o mostra (com shown_token).' }),
  })
  .meta({ id: 'ReviewQueueItem' })
export type ReviewQueueItemJson = z.output<typeof ReviewQueueItemJson>

export const ReviewQueueJson = z
  .object({
    success: z.literal(true),
    due_now: int().meta({ description: 'Cartões vencidos agora com os filtros pedidos (sem o limite diário).' }),
    daily_limit: int(),
    done_today: int().meta({ description: 'Revisões feitas hoje (respostas a questões que já tinham cartão).' }),
    remaining_today: int().meta({
      description: 'O que o limite diário ainda deixa revisar hoje: min(due_now, daily_limit − done_today), nunca negativo.',
    }),
    data: z.array(ReviewQueueItemJson).meta({ description: 'Os mais atrasados primeiro; no máximo limit e remaining_today.' }),
  })
  .meta({ id: 'ReviewQueue' })
export type ReviewQueueJson = z.output<typeof ReviewQueueJson>

const QuotaJson = z
  .object({
    limit: int().nullable().meta({ description: 'Questões por semana do plano; null: sem limite.' }),
    used: int(),
    remaining: int().nullable().meta({ description: 'null: sem limite.' }),
    week_start: z.iso.date(),
  })
  .meta({
    id: 'ReviewQuota',
    description:
      'A cota semanal: revisar uma questão já contada nesta semana é grátis; uma de semana anterior conta como qualquer questão.',
  })

export const ReviewStatsJson = z
  .object({
    success: z.literal(true),
    cards: int().meta({ description: 'Questões com cartão (respondidas e não anuladas).' }),
    due_now: int(),
    due_today: int().meta({ description: 'Vencidas até o fim do dia de hoje (São Paulo), inclusive as atrasadas.' }),
    done_today: int(),
    remaining_today: int(),
    forecast: z
      .array(z.object({ date: z.iso.date(), due: int() }))
      .meta({ description: `${FORECAST_DAYS} dias a partir de hoje: quantas vencem em cada dia (hoje inclui as atrasadas).` }),
    retention: z.object({
      target: z.number(),
      measured: z
        .number()
        .nullable()
        .meta({
          description: `Acertos entre as revisões de cartões já em revisão nos últimos ${RETENTION_WINDOW_DAYS} dias; null sem revisões.`,
        }),
      reviews: int().meta({ description: 'As revisões que a medida conta.' }),
    }),
    settings: ReviewSettingsJson,
    quota: QuotaJson,
  })
  .meta({ id: 'ReviewStats' })
export type ReviewStatsJson = z.output<typeof ReviewStatsJson>

const idQuery = (message: string) =>
  queryInt(
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message }).optional(),
  )

export const ReviewQueueQuery = z
  .object({
    discipline: idQuery(DISCIPLINE_MESSAGE).meta({ description: 'Só esta disciplina.' }),
    notebook: idQuery(NOTEBOOK_MESSAGE).meta({ description: 'Só as questões deste caderno (404 se não é seu).' }),
    limit: queryInt(
      z
        .number({ error: QUEUE_LIMIT_MESSAGE })
        .int({ error: QUEUE_LIMIT_MESSAGE })
        .min(1, { error: QUEUE_LIMIT_MESSAGE })
        .max(QUEUE_LIMIT_MAX, { error: QUEUE_LIMIT_MESSAGE })
        .optional(),
    ).meta({ description: `Itens na resposta (padrão ${QUEUE_LIMIT_DEFAULT}, máximo ${QUEUE_LIMIT_MAX}).` }),
  })
  .meta({ id: 'ReviewQueueQuery' })

export const StudyPlanJson = z
  .object({
    success: z.literal(true),
    allowed: z.boolean().meta({ description: 'O plano do estudante inclui o plano de estudos.' }),
    code: z.enum(['PLAN_REQUIRED', 'STUDY_PLAN_DISABLED']).nullable(),
    message: z.string().nullable().meta({ description: 'Por que não está disponível, quando não está.' }),
    plans_url: z.string(),
    plan: z
      .object({ exam_date: z.iso.date(), hours_per_week: int() })
      .nullable()
      .meta({ description: 'O que o estudante informou; null antes de informar.' }),
    week: z
      .object({
        week_start: z.iso.date().meta({ description: 'A segunda-feira desta semana (São Paulo).' }),
        weeks_left: int().meta({ description: 'Semanas até a prova, contando esta.' }),
        days_left: int(),
        question_budget: int().meta({
          description: 'Questões que as horas da semana comportam (3,75 minutos por questão, o ritmo da OAB).',
        }),
        review_target: int().meta({ description: 'Revisões previstas para esta semana (a previsão da fila).' }),
        new_target: int().meta({ description: 'Questões novas: o que sobra do orçamento depois das revisões.' }),
        mix_summary: z.string().meta({ description: 'De onde vem o peso das disciplinas (a distribuição do Exame de Ordem).' }),
        by_discipline: z.array(
          z.object({
            discipline_id: int(),
            discipline_name: z.string(),
            target: int().meta({ description: 'Questões novas desta disciplina nesta semana.' }),
            done: int().meta({ description: 'Questões novas (primeira resposta) feitas nesta semana.' }),
            accuracy: z.number().nullable().meta({ description: 'Acertos do estudante na disciplina; null sem respostas.' }),
          }),
        ),
        weakest_topics: z.array(
          z.object({
            topic_id: int(),
            topic_name: z.string(),
            discipline_id: int(),
            discipline_name: z.string(),
            attempts: int(),
            accuracy: z.number(),
          }),
        ),
        forecast: z.array(z.object({ date: z.iso.date(), due: int() })),
        progress: z.object({
          new_done: int(),
          reviews_done: int(),
          new_target: int(),
          review_target: int(),
        }),
      })
      .nullable()
      .meta({ description: 'As metas desta semana; null sem plano informado, sem acesso ou com a prova já passada.' }),
  })
  .meta({ id: 'StudyPlan' })
export type StudyPlanJson = z.output<typeof StudyPlanJson>

const StudyPlanRefused = ApiErrorBody.extend({
  code: z.enum(['PLAN_REQUIRED', 'STUDY_PLAN_DISABLED']),
  plans_url: z.string(),
}).meta({ id: 'StudyPlanRefused' })

const attemptParams = z.object({ id: idParam(QUESTION_NOT_FOUND), attemptId: idParam(ATTEMPT_NOT_FOUND) })

export const reviewApi = {
  queue: defineEndpoint({
    method: 'get',
    path: '/review/queue',
    summary: 'A fila de revisão de hoje',
    description:
      'Os cartões vencidos pelo relógio do servidor, os mais atrasados primeiro, dentro do limite diário menos as revisões já feitas hoje.',
    tags: ['Revisão'],
    auth: 'user',
    query: ReviewQueueQuery,
    responses: { 200: ReviewQueueJson },
    errors: [404],
  }),
  stats: defineEndpoint({
    method: 'get',
    path: '/review/stats',
    summary: 'Números da revisão',
    description: `Vencidas hoje, a previsão de ${FORECAST_DAYS} dias, as revisões de hoje, a retenção medida em ${RETENTION_WINDOW_DAYS} dias contra a desejada e a cota semanal.`,
    tags: ['Revisão'],
    auth: 'user',
    responses: { 200: ReviewStatsJson },
  }),
  getSettings: defineEndpoint({
    method: 'get',
    path: '/review/settings',
    summary: 'Configurações da revisão',
    tags: ['Revisão'],
    auth: 'user',
    responses: { 200: z.object({ success: z.literal(true), data: ReviewSettingsJson }) },
  }),
  putSettings: defineEndpoint({
    method: 'put',
    path: '/review/settings',
    summary: 'Alterar as configurações da revisão',
    description: 'A nova retenção vale para as próximas respostas; os cartões já agendados não mudam.',
    tags: ['Revisão'],
    auth: 'user',
    body: ReviewSettingsBody,
    responses: { 200: z.object({ success: z.literal(true), message: z.string(), data: ReviewSettingsJson }) },
    errors: [429],
  }),
  rate: defineEndpoint({
    method: 'post',
    path: '/questions/:id/attempts/:attemptId/rating',
    summary: 'Dar nota a uma resposta certa: Difícil, Bom ou Fácil',
    description:
      'Troca a nota automática da última revisão desta questão pela escolhida e reagenda o cartão a partir da hora da resposta. Só a última tentativa, certa, de quem pergunta (404 numa de outra pessoa; 409 se não é a última ou se errou). Repetir a mesma nota não muda nada.',
    tags: ['Revisão'],
    auth: 'user',
    params: attemptParams,
    body: RateBody,
    responses: { 200: z.object({ success: z.literal(true), message: z.string(), review: ReviewOutcomeJson }) },
    errors: [409, 429],
  }),
  getStudyPlan: defineEndpoint({
    method: 'get',
    path: '/study-plan',
    summary: 'O plano de estudos e as metas desta semana',
    description: 'Sem acesso pelo plano: 200 com allowed false, o motivo e plans_url.',
    tags: ['Revisão'],
    auth: 'user',
    responses: { 200: StudyPlanJson },
  }),
  putStudyPlan: defineEndpoint({
    method: 'put',
    path: '/study-plan',
    summary: 'Informar a data da prova e as horas por semana',
    tags: ['Revisão'],
    auth: 'user',
    body: StudyPlanBody,
    responses: { 200: StudyPlanJson },
    errors: [403, 429],
    errorBodies: { 403: StudyPlanRefused },
  }),
}
