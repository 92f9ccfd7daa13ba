import * as z from 'zod'

import { defineEndpoint, idParam, SuccessMessage } from '../../api/contract'
import { CHANGE_NOT_FOUND, EXAM_NOT_FOUND, QUESTION_NOT_FOUND } from './messages'
import { ConfirmOutdatedBody, ExamDateBody, LegislativeChangeBody } from './schemas'

// Legislative changes (issue 38 §3, ADR 053): the laws whose date in force makes older questions
// "Pode estar desatualizada". Anyone reads the list; admins keep it (/admin/legislacao) and
// confirm a question outdated with a note students read, or undo it.

const int = () => z.number().int()

export const LegislativeChangeJson = z
  .object({
    id: int(),
    label: z.string(),
    name: z.string(),
    in_force: z.iso.date(),
    note: z.string(),
    disciplines: z.array(z.object({ id: int(), name: z.string() })),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'LegislativeChange' })
export type LegislativeChangeJson = z.output<typeof LegislativeChangeJson>

const list = z.object({ data: z.array(LegislativeChangeJson) })
const saved = z.object({ success: z.literal(true), message: z.string(), change: LegislativeChangeJson })
const tags = ['Legislação']
const changeParams = z.object({ id: idParam(CHANGE_NOT_FOUND) })
const questionParams = z.object({ id: idParam(QUESTION_NOT_FOUND) })

export const OutdatedJson = z.object({
  success: z.literal(true),
  message: z.string(),
  question: z.object({ id: int(), outdated_note: z.string().nullable(), outdated_at: z.iso.datetime().nullable() }),
})

export const ExamDateJson = z
  .object({ id: int(), name: z.string(), year: int(), board: z.string(), applied_on: z.iso.date().nullable() })
  .meta({ id: 'ExamDate' })
export type ExamDateJson = z.output<typeof ExamDateJson>

export const legislationApi = {
  examDates: defineEndpoint({
    method: 'get',
    path: '/admin/exam-dates',
    summary: 'As provas com questões vivas e o dia em que cada uma foi aplicada (null: só o ano)',
    tags,
    auth: 'admin',
    responses: { 200: z.object({ data: z.array(ExamDateJson) }) },
  }),
  setExamDate: defineEndpoint({
    method: 'put',
    path: '/admin/exams/:id/applied-on',
    summary: 'Define ou apaga o dia em que a prova foi aplicada',
    description: 'applied_on é uma data que existe, de 1900 a 2100, ou null.',
    tags,
    auth: 'admin',
    params: z.object({ id: idParam(EXAM_NOT_FOUND) }),
    body: ExamDateBody,
    responses: { 200: z.object({ success: z.literal(true), message: z.string(), exam: ExamDateJson }) },
  }),
  list: defineEndpoint({
    method: 'get',
    path: '/legislative-changes',
    summary: 'As mudanças da legislação que podem desatualizar questões, da mais antiga',
    tags,
    auth: 'none',
    responses: { 200: list },
  }),
  adminList: defineEndpoint({
    method: 'get',
    path: '/admin/legislative-changes',
    summary: 'As mudanças da legislação, para o administrador',
    tags,
    auth: 'admin',
    responses: { 200: list },
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/admin/legislative-changes',
    summary: 'Cria uma mudança da legislação',
    description: 'in_force é uma data que existe, de 1900 a 2100; as disciplinas existem no banco (400 "Disciplina não encontrada" senão).',
    tags,
    auth: 'admin',
    body: LegislativeChangeBody,
    responses: { 201: saved },
  }),
  update: defineEndpoint({
    method: 'put',
    path: '/admin/legislative-changes/:id',
    summary: 'Altera uma mudança da legislação (as disciplinas enviadas substituem as anteriores)',
    description: 'in_force é uma data que existe, de 1900 a 2100; as disciplinas existem no banco (400 "Disciplina não encontrada" senão).',
    tags,
    auth: 'admin',
    params: changeParams,
    body: LegislativeChangeBody,
    responses: { 200: saved },
  }),
  remove: defineEndpoint({
    method: 'delete',
    path: '/admin/legislative-changes/:id',
    summary: 'Exclui uma mudança da legislação',
    tags,
    auth: 'admin',
    params: changeParams,
    responses: { 200: SuccessMessage },
  }),
  confirmOutdated: defineEndpoint({
    method: 'put',
    path: '/admin/questions/:id/outdated',
    summary: 'Marca a questão como desatualizada, com a nota que os alunos leem; com report_id, responde o relato',
    tags,
    auth: 'admin',
    params: questionParams,
    body: ConfirmOutdatedBody,
    responses: { 200: OutdatedJson },
  }),
  undoOutdated: defineEndpoint({
    method: 'delete',
    path: '/admin/questions/:id/outdated',
    summary: 'Desfaz a marcação de desatualizada',
    tags,
    auth: 'admin',
    params: questionParams,
    responses: { 200: OutdatedJson },
  }),
}
