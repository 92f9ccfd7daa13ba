import * as z from 'zod'

import { atLeastOneOf, defineEndpoint, idParam, SuccessMessage } from '../../api/contract'
import { pageParam } from '../../api/http'
import { EXPLANATION_NOT_FOUND, EXPLANATION_QUEUE_FILTERS, EXPLANATIONS_LOGIN, QUESTION_NOT_FOUND } from './messages'
import { ExplanationBody, FlagBody, VoteBody } from './schemas'

// Explicações de alunos (issue 64, ADR 085): after a right answer a student may write one short
// explanation per question for those who miss it; after a wrong one every plan reads the most
// useful. Students mark one "Útil" (never their own), report it; admins hide, restore and approve.
// Every route needs a login; a question of the caller's open simulado is refused (409) while it
// is open; another student's explanation is 404 to its edit and delete.

const int = () => z.number().int()

const CitationJson = z.object({
  key: z.string(),
  label: z.string().meta({ description: 'Como o aluno lê: "CF/1988", "Lei 8.666/1993".' }),
  article: z.string().nullable(),
  url: z.string().nullable().meta({ description: 'O texto oficial; null quando não há um endereço estável.' }),
})

export const ExplanationJson = z
  .object({
    id: int(),
    question_id: int(),
    content: z.string().meta({ description: 'Na marcação dos enunciados (<n>, <i>, <red>, <blue>, <green>, <br>).' }),
    author_name: z.string(),
    useful: int().meta({ description: 'Quantos alunos a marcaram como útil.' }),
    voted: z.boolean().meta({ description: 'Quem pergunta já a marcou como útil.' }),
    is_mine: z.boolean(),
    flagged_by_me: z.boolean(),
    status: z.enum(['published', 'awaiting_approval', 'hidden']).meta({
      description: 'Só o autor (e a moderação) recebe uma que não está publicada.',
    }),
    citations: z.array(CitationJson).meta({ description: 'A legislação que o texto cita, com o link do texto oficial.' }),
    created_at: z.iso.datetime(),
    edited_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'StudentExplanation' })
export type ExplanationJson = z.output<typeof ExplanationJson>

export const ExplanationListJson = z
  .object({
    success: z.literal(true),
    question: z.object({ id: int(), number: int(), short_id: z.string() }),
    explanations: z.array(ExplanationJson).meta({ description: 'As publicadas, da mais útil (ADR 085), sem a de quem pergunta.' }),
    mine: ExplanationJson.nullable().meta({ description: 'A de quem pergunta, em qualquer situação; null sem uma.' }),
    can_write: z.boolean().meta({ description: 'Quem pergunta acertou a questão e ainda não escreveu a sua.' }),
  })
  .meta({ id: 'StudentExplanationList' })
export type ExplanationList = z.output<typeof ExplanationListJson>

export const ExplanationQueueItemJson = z
  .object({
    id: int(),
    question: z.object({ id: int(), number: int(), short_id: z.string() }),
    content: z.string(),
    author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    created_at: z.iso.datetime(),
    useful: int(),
    hidden: z.boolean(),
    awaiting_approval: z.boolean(),
    open_flags: int(),
    flags: z.array(z.object({ reason: z.string(), user_name: z.string(), created_at: z.iso.datetime() })),
  })
  .meta({ id: 'StudentExplanationQueueItem' })
export type ExplanationQueueItem = z.output<typeof ExplanationQueueItemJson>

export const ExplanationQueuePageJson = z
  .object({ data: z.array(ExplanationQueueItemJson), total: int(), page: int(), per_page: int() })
  .meta({ id: 'StudentExplanationQueuePage' })
export type ExplanationQueuePage = z.output<typeof ExplanationQueuePageJson>

const flag = (name: string) => z.boolean({ error: `${name} deve ser verdadeiro ou falso (true/false).` }).optional()
const Moderation = z
  .object({ hidden: flag('hidden'), approved: flag('approved'), dismiss_flags: flag('dismiss_flags') })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nada a alterar: envie hidden, approved ou dismiss_flags.' })
  .meta(atLeastOneOf(['hidden', 'approved', 'dismiss_flags']))
export type ExplanationModeration = z.output<typeof Moderation>

const question = z.object({ id: idParam(QUESTION_NOT_FOUND) })
const explanation = z.object({ id: idParam(EXPLANATION_NOT_FOUND) })
const withMessage = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), message: z.string(), ...shape })
const tags = ['Explicações de alunos']
const signedIn = { auth: 'user', loginMessage: EXPLANATIONS_LOGIN } as const

export const explanationsApi = {
  list: defineEndpoint({
    method: 'get',
    path: '/questions/:id/explanations',
    summary: 'As explicações dos alunos nesta questão, da mais útil (quem já a respondeu ou viu a resposta)',
    tags,
    ...signedIn,
    params: question,
    responses: { 200: ExplanationListJson },
    errors: [403, 409],
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/questions/:id/explanations',
    summary: 'Escreve a explicação de quem acertou a questão (uma por aluno)',
    description:
      '403 para quem não acertou a questão; 409 para uma segunda explicação ou numa questão do simulado aberto; 429 acima do limite do dia.',
    tags,
    ...signedIn,
    params: question,
    body: ExplanationBody,
    responses: { 201: withMessage({ explanation: ExplanationJson }) },
    errors: [403, 409, 429],
  }),
  update: defineEndpoint({
    method: 'put',
    path: '/explanations/:id',
    summary: 'Reescreve a explicação do autor',
    tags,
    ...signedIn,
    params: explanation,
    body: ExplanationBody,
    responses: { 200: withMessage({ explanation: ExplanationJson }) },
    errors: [409, 429],
  }),
  remove: defineEndpoint({
    method: 'delete',
    path: '/explanations/:id',
    summary: 'Exclui a explicação do autor',
    tags,
    ...signedIn,
    params: explanation,
    responses: { 200: SuccessMessage },
    errors: [409],
  }),
  vote: defineEndpoint({
    method: 'put',
    path: '/explanations/:id/vote',
    summary: 'Marca (useful: true) ou desmarca uma explicação como útil: uma vez por aluno, nunca a própria',
    tags,
    ...signedIn,
    params: explanation,
    body: VoteBody,
    responses: { 200: z.object({ success: z.literal(true), id: int(), useful: int(), voted: z.boolean() }) },
    errors: [403, 409, 429],
  }),
  flag: defineEndpoint({
    method: 'post',
    path: '/explanations/:id/flag',
    summary: 'Denuncia uma explicação à moderação (uma vez por aluno)',
    tags,
    ...signedIn,
    params: explanation,
    body: FlagBody,
    responses: { 201: SuccessMessage },
    errors: [403, 409, 429],
  }),
  queue: defineEndpoint({
    method: 'get',
    path: '/admin/explanations',
    summary: 'A fila de moderação das explicações: denunciadas primeiro, depois as que aguardam aprovação',
    tags: ['Explicações de alunos (moderação)'],
    auth: 'admin',
    query: z.object({
      filter: z.enum(EXPLANATION_QUEUE_FILTERS, { error: `Filtro inválido: use ${EXPLANATION_QUEUE_FILTERS.join(', ')}.` }).optional(),
      page: pageParam,
    }),
    responses: { 200: ExplanationQueuePageJson },
  }),
  moderate: defineEndpoint({
    method: 'put',
    path: '/admin/explanations/:id',
    summary: 'Oculta, restaura ou aprova uma explicação, ou descarta as denúncias',
    tags: ['Explicações de alunos (moderação)'],
    auth: 'admin',
    params: explanation,
    body: Moderation,
    responses: {
      200: withMessage({ explanation: z.object({ id: int(), hidden: z.boolean(), awaiting_approval: z.boolean() }) }),
    },
  }),
}
