import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, idParam, SuccessMessage } from '../../api/contract'
import { pageParam, queryInt } from '../../api/http'
import { QuestionCardJson } from '../../domain/questions/card-json'
import { MAX_QUESTIONS_PER_PAGE, NOT_IN_NOTEBOOK, NOTEBOOK_NOT_FOUND, QUESTION_NOT_FOUND, QUESTIONS_PER_PAGE } from './messages'
import { MembershipBody, NotebookBody, NotebookUpdateBody } from './schemas'

// Fichário (issue 11, spec section 7): a student's notebooks and the questions in them. Bearer
// only; another user's notebook answers 404. Creating goes through the policy (plan limit AND
// toggle): 403 with code, limit and plans_url.

const PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO', 'ADMIN'] as const

/** A notebook as the API answers it (spec section 3: id, name, description, color, questionsCount, createdAt). */
export const NotebookJson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    color: z.string(),
    questionsCount: z.number().int().meta({ description: 'Questões vivas nele (as removidas por uma reimportação não contam).' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Notebook' })
export type NotebookJson = z.output<typeof NotebookJson>

/** GET /notebooks/{id}: the notebook and how much of it this student has answered. */
export const NotebookDetailJson = NotebookJson.extend({
  answeredCount: z.number().int().meta({ description: 'Questões do caderno já respondidas ao menos uma vez.' }),
  progressPercent: z.number().int().meta({ description: 'answeredCount / questionsCount, arredondado (0 num caderno vazio).' }),
}).meta({ id: 'NotebookDetail' })
export type NotebookDetailJson = z.output<typeof NotebookDetailJson>

const NotebookCode = z.enum(['NOTEBOOK_LIMIT', 'NOTEBOOKS_DISABLED', 'PLAN_REQUIRED'])

/** Where the student stands against the plan's notebook limit. */
export const NotebookAllowance = z
  .object({
    count: z.number().int(),
    limit: z.number().int().nullable().meta({ description: 'null: sem limite.' }),
    can_create: z.boolean(),
    plan_name: z.enum(PLAN_NAMES),
    message: z.string().nullable().meta({ description: 'Por que criar está recusado, quando está.' }),
    code: NotebookCode.nullable(),
    plans_url: z.string(),
  })
  .meta({ id: 'NotebookAllowance' })
export type NotebookAllowance = z.output<typeof NotebookAllowance>

export const NotebookQuestionJson = QuestionCardJson.extend({ question_id: z.number().int(), added_at: z.iso.datetime() })
export type NotebookQuestionJson = z.output<typeof NotebookQuestionJson>

export const NotebookQuestionsPage = z.object({
  notebook: z.object({ id: z.number().int(), name: z.string() }),
  questions: z.array(NotebookQuestionJson),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
})
export type NotebookQuestionsPage = z.output<typeof NotebookQuestionsPage>

const perPageMessage = `per_page inválido: use um número inteiro entre 1 e ${MAX_QUESTIONS_PER_PAGE}.`
const PageQuery = z.object({
  page: pageParam,
  per_page: queryInt(
    z
      .number({ error: perPageMessage })
      .int(perPageMessage)
      .min(1, perPageMessage)
      .max(MAX_QUESTIONS_PER_PAGE, perPageMessage)
      .default(QUESTIONS_PER_PAGE),
  ),
})

const NotebookReply = z.object({ success: z.literal(true), message: z.string(), notebook: NotebookJson })
const notebookParams = z.object({ id: idParam(NOTEBOOK_NOT_FOUND) })
const questionParams = z.object({ id: idParam(QUESTION_NOT_FOUND) })

/** The 403 of a refused creation: why, and where the plans are. */
const NotebookRefused = ApiErrorBody.extend({
  code: NotebookCode,
  limit: z.number().int().nullable().optional(),
  count: z.number().int().optional(),
  plans_url: z.string().optional(),
})

const tags = ['Cadernos']

export const notebooksApi = {
  list: defineEndpoint({
    method: 'get',
    path: '/notebooks',
    summary: 'Os cadernos do estudante, do mais antigo ao mais novo, e quantos ainda pode criar',
    tags,
    auth: 'user',
    responses: { 200: z.object({ success: z.literal(true), notebooks: z.array(NotebookJson), allowance: NotebookAllowance }) },
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/notebooks',
    summary: 'Cria um caderno (limite do plano e chave de recurso)',
    tags,
    auth: 'user',
    body: NotebookBody,
    responses: { 201: NotebookReply },
    errors: [403, 429],
    errorBodies: { 403: NotebookRefused },
  }),
  get: defineEndpoint({
    method: 'get',
    path: '/notebooks/:id',
    summary: 'Um caderno e o progresso do estudante nele',
    tags,
    auth: 'user',
    params: notebookParams,
    responses: { 200: z.object({ success: z.literal(true), notebook: NotebookDetailJson }) },
  }),
  update: defineEndpoint({
    method: 'put',
    path: '/notebooks/:id',
    summary: 'Renomeia, descreve ou recolore um caderno',
    tags,
    auth: 'user',
    params: notebookParams,
    body: NotebookUpdateBody,
    responses: { 200: NotebookReply },
    errors: [429],
  }),
  remove: defineEndpoint({
    method: 'delete',
    path: '/notebooks/:id',
    summary: 'Exclui um caderno (as questões continuam no banco)',
    tags,
    auth: 'user',
    params: notebookParams,
    responses: { 200: SuccessMessage },
    errors: [429],
  }),
  questions: defineEndpoint({
    method: 'get',
    path: '/notebooks/:id/questions',
    summary: 'As questões de um caderno, das mais recentes às mais antigas, por página',
    tags,
    auth: 'user',
    params: notebookParams,
    query: PageQuery,
    responses: { 200: NotebookQuestionsPage.extend({ success: z.literal(true) }) },
  }),
  removeQuestion: defineEndpoint({
    method: 'delete',
    path: '/notebooks/:id/questions/:questionId',
    summary: 'Tira uma questão do caderno',
    tags,
    auth: 'user',
    params: z.object({ id: idParam(NOTEBOOK_NOT_FOUND), questionId: idParam(NOT_IN_NOTEBOOK) }),
    responses: { 200: SuccessMessage },
    errors: [429],
  }),
  questionNotebooks: defineEndpoint({
    method: 'get',
    path: '/questions/:id/notebooks',
    summary: 'Os cadernos do estudante em que esta questão está',
    tags,
    auth: 'user',
    params: questionParams,
    responses: { 200: z.object({ success: z.literal(true), notebook_ids: z.array(z.number().int()) }) },
  }),
  setQuestionNotebooks: defineEndpoint({
    method: 'put',
    path: '/questions/:id/notebooks',
    summary: 'Define o conjunto completo de cadernos desta questão ([] tira de todos)',
    tags,
    auth: 'user',
    params: questionParams,
    body: MembershipBody,
    responses: {
      200: z.object({
        success: z.literal(true),
        message: z.string(),
        notebook_ids: z.array(z.number().int()),
        added: z.array(z.number().int()),
        removed: z.array(z.number().int()),
      }),
    },
    errors: [403, 429],
  }),
}
