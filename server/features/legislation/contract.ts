import * as z from 'zod'

import { defineEndpoint, idParam, SuccessMessage } from '../../api/contract'
import { pageParam } from '../../api/http'
import { CHANGE_NOT_FOUND, EXAM_NOT_FOUND, OUTDATED_DECISIONS, QUESTION_NOT_FOUND, SCOPE_KINDS } from './messages'
import { ConfirmOutdatedBody, ExamDateBody, LegislativeChangeBody, OutdatedDecisionBody } from './schemas'

// Legislative changes (issue 38 §3, ADR 053): the laws whose date in force makes older questions
// "Pode estar desatualizada". Anyone reads the list; admins keep it and each change's scope
// (/admin/legislacao, ADR 089, 091), confirm a question outdated with a note students read, or undo
// it, and confirm or remove one question's badge by one change (ADR 090).

const int = () => z.number().int()

export const LegislativeChangeJson = z
  .object({
    id: int(),
    label: z.string(),
    name: z.string(),
    in_force: z.iso.date(),
    note: z.string(),
    disciplines: z.array(z.object({ id: int(), name: z.string() })),
    scope: z.object({
      kind: z.enum(SCOPE_KINDS),
      norms: z.array(z.string()),
      articles: z.array(z.string()),
      terms: z.array(z.string()),
    }),
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

/** A question as staff pick it out on /admin/legislacao/selos: enough to find it, not its text. */
export const BadgeQuestionJson = z
  .object({
    id: int(),
    short_id: z.string(),
    number: int(),
    exam: z.string(),
    year: int(),
    discipline: z.string(),
    excerpt: z.string().meta({ description: 'O começo do enunciado, em texto simples.' }),
  })
  .meta({ id: 'BadgeQuestion' })
export type BadgeQuestionJson = z.output<typeof BadgeQuestionJson>
const ChangeRefJson = z.object({ id: int(), label: z.string(), name: z.string(), in_force: z.iso.date() })
/** One question's badge by one change: the rule's own verdict, staff's decision, and so whether it shows. */
const BadgeState = {
  rule: z.boolean().meta({ description: 'A regra do escopo e das datas, sozinha, põe o selo.' }),
  decision: z.enum(OUTDATED_DECISIONS).nullable(),
  shown: z.boolean().meta({ description: 'O selo aparece (a decisão da equipe, ou a regra sem ela).' }),
  decided_at: z.iso.datetime().nullable(),
  decided_by: z.string().nullable(),
}
export const BadgeJson = z.object({ change: ChangeRefJson, ...BadgeState }).meta({ id: 'OutdatedBadge' })
export type BadgeJson = z.output<typeof BadgeJson>
export const BadgeRowJson = z.object({ question: BadgeQuestionJson, ...BadgeState }).meta({ id: 'OutdatedBadgeRow' })
export type BadgeRowJson = z.output<typeof BadgeRowJson>
const badgeParams = z.object({ id: idParam(QUESTION_NOT_FOUND), change_id: idParam(CHANGE_NOT_FOUND) })
const badgeSaved = z.object({ success: z.literal(true), message: z.string(), badge: BadgeJson })
export const BADGE_FILTERS = ['rule', 'confirm', 'remove'] as const

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
  changeQuestions: defineEndpoint({
    method: 'get',
    path: '/admin/legislative-changes/:id/questions',
    summary: 'As questões que a mudança marca, e as que a equipe confirmou ou tirou, da mais nova',
    description: "decision filtra: 'rule' só as da regra sem decisão, 'confirm' as confirmadas, 'remove' as tiradas.",
    tags,
    auth: 'admin',
    params: changeParams,
    query: z.object({
      decision: z.enum(BADGE_FILTERS, { error: 'Filtro inválido: use rule, confirm ou remove.' }).optional(),
      page: pageParam,
    }),
    responses: {
      200: z.object({ change: ChangeRefJson, data: z.array(BadgeRowJson), total: int(), page: int(), per_page: int() }),
    },
  }),
  questionBadges: defineEndpoint({
    method: 'get',
    path: '/admin/questions/:id/outdated-badges',
    summary: 'Cada mudança da legislação diante de uma questão: a regra, a decisão da equipe e se o selo aparece',
    tags,
    auth: 'admin',
    params: questionParams,
    responses: { 200: z.object({ question: BadgeQuestionJson, data: z.array(BadgeJson) }) },
  }),
  decideBadge: defineEndpoint({
    method: 'put',
    path: '/admin/questions/:id/outdated-badges/:change_id',
    summary: 'Confirma (mostra) ou tira o selo "Pode estar desatualizada" de uma mudança numa questão',
    tags,
    auth: 'admin',
    params: badgeParams,
    body: OutdatedDecisionBody,
    responses: { 200: badgeSaved },
  }),
  undecideBadge: defineEndpoint({
    method: 'delete',
    path: '/admin/questions/:id/outdated-badges/:change_id',
    summary: 'Desfaz a decisão da equipe sobre o selo: volta a valer a regra',
    tags,
    auth: 'admin',
    params: badgeParams,
    responses: { 200: badgeSaved },
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
