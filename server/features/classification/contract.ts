import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'
import { pageParam, queryInt } from '../../api/http'
import {
  BAD_CONFIDENCE_FILTER,
  BAD_DISCIPLINE,
  BAD_DISCIPLINE_FILTER,
  BAD_EXAM_FILTER,
  BAD_QUESTION,
  BAD_TOPIC,
  CLASSIFICATION_CONFIDENCES,
  MAX_REVIEWS,
  REVIEW_NONE,
  REVIEW_REPEATED,
  REVIEW_TOO_MANY,
} from './messages'

// The classification desk (issue 38 §1, ADR 052): the questions whose discipline the model
// predicted, least confident first, for an admin to confirm or change (each confirmation is a
// label the model learns from); the per-exam report and the re-prediction the CLI runs.

const int = () => z.number().int()
const id = (message: string) => z.number({ error: message }).int(message).min(1, message).max(999_999_999, message)
const tags = ['Admin: classificação de disciplinas']

const Named = z.object({ id: int(), name: z.string() })

export const ModelJson = z
  .object({
    origin: z.enum(['bank', 'shipped']).nullable().meta({
      description: 'bank: o que vem com o produto mais as questões classificadas do banco; shipped: o que vem com o produto; null: nenhum.',
    }),
    trained_on: z.object({ exams: int(), questions: int() }).nullable(),
    disciplines: int().meta({ description: 'Disciplinas que o modelo conhece.' }),
    threshold: z.number().nullable().meta({ description: 'Probabilidade a partir da qual uma previsão é confiante.' }),
    error: z.string().nullable().meta({ description: 'Por que não há modelo (arquivo ausente ou corrompido).' }),
  })
  .meta({ id: 'ClassificationModel' })
export type ModelJson = z.output<typeof ModelJson>

/** A question on a desk: where it is, how it starts, and the model's probability for what it predicted. */
const DeskRow = z.object({
  id: int(),
  short_id: z.string(),
  number: int(),
  exam: z.object({ id: int(), name: z.string(), year: int() }),
  excerpt: z.string().meta({ description: 'O começo do enunciado.' }),
  confident: z.boolean(),
})

export const ClassificationRow = DeskRow.extend({
  discipline: Named.meta({ description: 'A disciplina prevista.' }),
  confidence: z.number().meta({ description: 'A probabilidade que o modelo dá à disciplina, de 0 a 1.' }),
}).meta({ id: 'ClassificationRow' })
export type ClassificationRow = z.output<typeof ClassificationRow>

const Totals = z.object({
  predicted: int().meta({ description: 'Questões com disciplina prevista, ainda não confirmadas.' }),
  confident: int(),
  to_review: int().meta({ description: 'As previstas abaixo do limiar de confiança.' }),
  unclassified: int().meta({ description: 'Questões sem disciplina ("Não classificada"): também estão na fila, antes das previstas.' }),
})

export const ClassificationQueue = z
  .object({
    data: z.array(ClassificationRow),
    total: int(),
    page: int(),
    per_page: int(),
    totals: Totals,
    model: ModelJson,
    exams: z.array(z.object({ id: int(), name: z.string(), year: int(), predicted: int() })),
    disciplines: z.array(Named).meta({ description: 'As disciplinas a que uma questão pode ir (sem "Não classificada").' }),
  })
  .meta({ id: 'ClassificationQueue' })
export type ClassificationQueue = z.output<typeof ClassificationQueue>

/** One or many questions, each once, with what the admin chose for it. */
const reviewItems = <Item extends z.ZodObject>(item: Item) =>
  z.object({
    items: z
      .array(item, { error: REVIEW_NONE })
      .min(1, REVIEW_NONE)
      .max(MAX_REVIEWS, REVIEW_TOO_MANY)
      .refine((items) => new Set(items.map((i) => (i as { question_id: number }).question_id)).size === items.length, {
        error: REVIEW_REPEATED,
      }),
  })

export const ReviewBody = reviewItems(z.object({ question_id: id(BAD_QUESTION), discipline_id: id(BAD_DISCIPLINE) }))
export type ReviewBody = z.output<typeof ReviewBody>

const TopicCounts = z
  .object({
    file: int().meta({ description: 'Questões com assunto dado pelo arquivo da prova.' }),
    review: int().meta({ description: 'Com assunto confirmado ou corrigido por um administrador.' }),
    predicted: int().meta({ description: 'Com assunto previsto pelo modelo de assuntos.' }),
    confident: int(),
    none: int().meta({ description: 'Sem assunto (a disciplina não tem assuntos).' }),
  })
  .meta({ description: 'Quem deu o assunto das questões (issue 65).' })

const Counts = z.object({
  total: int(),
  file: int().meta({ description: 'Disciplina dada pelo arquivo da prova.' }),
  review: int().meta({ description: 'Confirmada ou corrigida por um administrador.' }),
  predicted: int(),
  confident: int(),
  unclassified: int().meta({ description: 'Em "Não classificada".' }),
  topics: TopicCounts,
})

export const ClassificationReport = z
  .object({
    exams: z.array(Counts.extend({ id: int(), name: z.string(), year: int() })),
    totals: Counts,
    model: ModelJson,
  })
  .meta({ id: 'ClassificationReport' })
export type ClassificationReport = z.output<typeof ClassificationReport>

export const ApplyResult = z
  .object({
    success: z.literal(true),
    message: z.string(),
    model: ModelJson,
    examined: int().meta({ description: 'Questões previstas ou em "Não classificada" que o modelo leu.' }),
    changed: z.array(
      z.object({
        question_id: int(),
        exam: z.string(),
        number: int(),
        from: z.string(),
        to: z.string(),
        confidence: z.number(),
        confident: z.boolean(),
      }),
    ),
    unknown: z
      .array(z.object({ question_id: int(), exam: z.string(), number: int(), discipline: z.string() }))
      .meta({ description: 'Previsões de uma disciplina que o banco não tem: a questão fica como estava.' }),
    predicted_topics: int().meta({
      description: 'Questões cujo assunto o modelo de assuntos previu de novo (as do arquivo e as revisadas não mudam).',
    }),
  })
  .meta({ id: 'ClassificationApply' })
export type ApplyResult = z.output<typeof ApplyResult>

export const TopicRow = DeskRow.extend({
  discipline: Named,
  topic: Named.meta({ description: 'O assunto previsto.' }),
  confidence: z.number().meta({ description: 'A probabilidade que o modelo de assuntos dá ao assunto, de 0 a 1.' }),
}).meta({ id: 'TopicClassificationRow' })
export type TopicRow = z.output<typeof TopicRow>

export const TopicQueue = z
  .object({
    data: z.array(TopicRow),
    total: int(),
    page: int(),
    per_page: int(),
    totals: z.object({
      predicted: int().meta({ description: 'Questões com assunto previsto, ainda não confirmado.' }),
      confident: int(),
      to_review: int().meta({ description: 'As previstas abaixo do limiar de confiança.' }),
      without: int().meta({ description: 'Questões sem assunto numa disciplina que tem assuntos.' }),
    }),
    threshold: z.number().meta({ description: 'Probabilidade a partir da qual um assunto previsto é confiante.' }),
    exams: z.array(z.object({ id: int(), name: z.string(), year: int(), predicted: int() })),
    disciplines: z
      .array(Named.extend({ topics: z.array(Named) }))
      .meta({ description: 'As disciplinas com assuntos e seus assuntos: os que uma questão pode receber.' }),
  })
  .meta({ id: 'TopicClassificationQueue' })
export type TopicQueue = z.output<typeof TopicQueue>

export const TopicReviewBody = reviewItems(z.object({ question_id: id(BAD_QUESTION), topic_id: id(BAD_TOPIC) }))
export type TopicReviewBody = z.output<typeof TopicReviewBody>

const optionalId = (message: string) => queryInt(id(message).optional())

/** A desk's filters: exam, discipline, confidence below the model's threshold, page. */
const deskQuery = (model: string) =>
  z.object({
    exam_id: optionalId(BAD_EXAM_FILTER),
    discipline_id: optionalId(BAD_DISCIPLINE_FILTER),
    confidence: z
      .enum(CLASSIFICATION_CONFIDENCES, { error: BAD_CONFIDENCE_FILTER })
      .default('todas')
      .meta({ description: `baixa: só as abaixo do limiar de confiança do ${model}.` }),
    page: pageParam,
  })

const reviewed = { 200: z.object({ success: z.literal(true), message: z.string(), reviewed: int(), changed: int() }) }

export const classificationApi = {
  queue: defineEndpoint({
    method: 'get',
    path: '/admin/classification',
    summary: 'As questões com disciplina prevista, da menos confiante, filtráveis por prova, disciplina e confiança',
    tags,
    auth: 'admin',
    query: deskQuery('modelo'),
    responses: { 200: ClassificationQueue },
  }),
  review: defineEndpoint({
    method: 'post',
    path: '/admin/classification/reviews',
    summary: 'Confirma ou muda a disciplina de uma ou várias questões (cada uma vira um rótulo que o modelo aprende)',
    tags,
    auth: 'admin',
    body: ReviewBody,
    responses: reviewed,
    errors: [404, 422],
  }),
  topicQueue: defineEndpoint({
    method: 'get',
    path: '/admin/classification/topics',
    summary: 'As questões com assunto previsto, da menos confiante, filtráveis por prova, disciplina e confiança',
    tags,
    auth: 'admin',
    query: deskQuery('modelo de assuntos'),
    responses: { 200: TopicQueue },
  }),
  topicReview: defineEndpoint({
    method: 'post',
    path: '/admin/classification/topics/reviews',
    summary: 'Confirma ou muda o assunto de uma ou várias questões (cada uma vira um rótulo que o modelo de assuntos aprende)',
    tags,
    auth: 'admin',
    body: TopicReviewBody,
    responses: reviewed,
    errors: [404, 422],
  }),
  report: defineEndpoint({
    method: 'get',
    path: '/admin/classification/report',
    summary:
      'Por prova: questões classificadas pelo arquivo, revisadas, previstas (confiantes ou não) e não classificadas; e quem deu os assuntos',
    tags,
    auth: 'admin',
    responses: { 200: ClassificationReport },
  }),
  apply: defineEndpoint({
    method: 'post',
    path: '/admin/classification/apply',
    summary: 'Prevê de novo, com o modelo atual, as questões previstas e as "Não classificada" (as do arquivo e as revisadas não mudam)',
    tags,
    auth: 'admin',
    responses: { 200: ApplyResult },
    errors: [422],
  }),
}
