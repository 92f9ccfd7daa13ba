import * as z from 'zod'

import { defineEndpoint, idParam } from '../../api/contract'
import { pageParam } from '../../api/http'
import { ERROR_REPORT_KINDS, ERROR_REPORT_NOT_FOUND, ERROR_REPORT_STATUSES, ERROR_REPORTS_LOGIN } from './messages'
import { errorReportStatus, ErrorReportUpdateBody } from './schemas'

// The error-report queue (issue 13): the errors students report from the cards (POST
// /questions/{id}/error-reports, with the questions) reach the admins, who list and answer them
// (/admin/erros); a student reads their own with the team's answer.

const int = () => z.number().int()

export const MyErrorReportJson = z
  .object({
    id: int(),
    question: z.object({
      id: int(),
      number: int(),
      short_id: z.string(),
      discipline: z.string(),
      outdated_note: z.string().nullable().meta({ description: 'A nota de "Desatualizada" quando um administrador a confirmou.' }),
    }),
    message: z.string(),
    kind: z.enum(ERROR_REPORT_KINDS).meta({ description: 'erro, ou desatualizada: a lei mudou desde a prova.' }),
    kind_label: z.string(),
    status: z.enum(ERROR_REPORT_STATUSES),
    status_label: z.string(),
    answer: z.string().nullable().meta({ description: 'A resposta da equipe.' }),
    answered_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'MyErrorReport' })
export type MyErrorReportJson = z.output<typeof MyErrorReportJson>

export const AdminErrorReportJson = MyErrorReportJson.extend({
  reporter: z
    .object({ id: z.string(), name: z.string(), email: z.string() })
    .nullable()
    .meta({ description: 'null: sem login ou conta excluída.' }),
  answered_by: z.object({ id: z.string(), name: z.string() }).nullable(),
}).meta({ id: 'AdminErrorReport' })
export type AdminErrorReportJson = z.output<typeof AdminErrorReportJson>

const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: int(), page: int(), per_page: int() })
export type ErrorReportPage<T> = { data: T[]; total: number; page: number; per_page: number }
export type ErrorReportStatus = (typeof ERROR_REPORT_STATUSES)[number]

const tags = ['Relatos de erro']

export const errorReportsApi = {
  mine: defineEndpoint({
    method: 'get',
    path: '/error-reports/mine',
    summary: 'Os erros que o estudante reportou, com a situação e a resposta da equipe',
    tags,
    auth: 'user',
    loginMessage: ERROR_REPORTS_LOGIN,
    query: z.object({ page: pageParam }),
    responses: { 200: page(MyErrorReportJson) },
  }),
  list: defineEndpoint({
    method: 'get',
    path: '/admin/error-reports',
    summary: 'A fila de relatos de erro, do mais recente, opcionalmente de uma situação',
    tags,
    auth: 'admin',
    query: z.object({ status: errorReportStatus.optional(), page: pageParam }),
    responses: { 200: page(AdminErrorReportJson) },
  }),
  update: defineEndpoint({
    method: 'put',
    path: '/admin/error-reports/:id',
    summary: 'Muda a situação de um relato e, quando enviada, a resposta ("" a apaga)',
    tags,
    auth: 'admin',
    params: z.object({ id: idParam(ERROR_REPORT_NOT_FOUND) }),
    body: ErrorReportUpdateBody,
    responses: { 200: z.object({ success: z.literal(true), message: z.string(), report: AdminErrorReportJson }) },
  }),
}
