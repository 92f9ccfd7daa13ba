import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, idParam } from '../../api/contract'
import { pageParam, queryInt } from '../../api/http'
import { ACTION_LABELS, DESK_LOGIN, EXAM_NOT_FOUND, QUESTION_NOT_FOUND } from './messages'
import { PreviewBody, PublishBody, UnpublishBody } from './schemas'

// The analysis desk (issue 40, ADR 059): professors find the questions an analysis would help
// most, write one in the statements' markup with per-alternative comments, publish, edit and
// unpublish it with every version kept, and are told (409) when someone else saved first. The
// CLI exports and imports analyses in the exam file's COMENTARIO field; admins read the week's
// output and the coverage by discipline.

const int = () => z.number().int()
const tags = ['Análises']

const Citation = z.object({ key: z.string(), label: z.string(), article: z.string().nullable(), url: z.string().nullable() })

export const QueueItemJson = z
  .object({
    id: int(),
    label: z.string().meta({ description: '"OAB XIV · questão 23".' }),
    exam: z.object({ id: int(), name: z.string() }),
    number: int(),
    discipline: z.string(),
    predicted: z.boolean().meta({ description: 'A disciplina foi prevista pelo classificador, não veio do arquivo.' }),
    answers: int(),
    wrong: int(),
    wrong_share: z.number().nullable().meta({ description: 'Parte das respostas erradas, de 0 a 1; null sem respostas.' }),
    excerpt: z.string(),
    student_explanations: int().meta({ description: 'Explicações de alunos publicadas nesta questão (nunca contadas como análise).' }),
    best_explanation: z
      .object({ id: int(), author: z.string(), useful: int(), excerpt: z.string() })
      .nullable()
      .meta({ description: 'A explicação de aluno mais útil, para promover a análise.' }),
  })
  .meta({ id: 'AnalysisQueueItem' })

const Facet = z.object({ id: int(), name: z.string(), count: int() })

export const QueueJson = z.object({
  data: z.array(QueueItemJson),
  total: int(),
  page: int(),
  per_page: int(),
  disciplines: z.array(Facet).meta({ description: 'As disciplinas com questões sem análise.' }),
  exams: z.array(Facet).meta({ description: 'As provas com questões sem análise.' }),
  coverage: z
    .object({ questions: int(), professor: int(), student: int() })
    .meta({ description: 'Questões vivas, as com análise do professor e as com explicação de aluno, contadas à parte.' }),
})
export type QueueJson = z.output<typeof QueueJson>

const Comments = z.record(z.string(), z.string())

export const AnalysisJson = z
  .object({
    text: z.string().nullable(),
    source: z.enum(['import', 'professor']).nullable(),
    author: z.string().nullable().meta({ description: 'O professor que publicou a versão atual.' }),
    credit: z.string().nullable().meta({ description: 'O autor do comentário da comunidade promovido.' }),
    alternative_comments: Comments,
    version: int().meta({ description: 'Envie-a como base_version ao salvar.' }),
    updated_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Analysis' })
export type AnalysisJson = z.output<typeof AnalysisJson>

const Change = z.object({ op: z.enum(['same', 'add', 'del']), text: z.string() })

export const RevisionJson = z
  .object({
    version: int(),
    action: z.enum(Object.keys(ACTION_LABELS) as [keyof typeof ACTION_LABELS]),
    action_label: z.string(),
    author: z.string().nullable(),
    created_at: z.iso.datetime(),
    text: z.string().nullable(),
    alternative_comments: Comments,
    credit: z.string().nullable(),
    changes: z.array(Change).meta({ description: 'Os parágrafos que saíram (del) e entraram (add) desde a versão anterior.' }),
    comments_changed: z.array(z.string()).meta({ description: 'As letras cujos comentários mudaram.' }),
  })
  .meta({ id: 'AnalysisRevision' })
export type RevisionJson = z.output<typeof RevisionJson>

export const CommunityPostJson = z.object({
  kind: z.enum(['topic', 'reply']),
  id: int(),
  topic_id: int(),
  author: z.string(),
  votes: int(),
  text: z.string(),
})

export const DeskJson = z
  .object({
    question: z.object({
      id: int(),
      label: z.string(),
      exam: z.object({ id: int(), name: z.string() }),
      number: int(),
      discipline: z.string(),
      predicted: z.boolean(),
      statement: z.string(),
      alternatives: z.array(z.object({ letter: z.string(), text: z.string() })),
      correct_answer: z.string().nullable().meta({ description: 'null: anulada.' }),
      citations: z.array(Citation).meta({ description: 'A legislação que a questão (e a análise publicada) cita.' }),
    }),
    statistics: z.object({
      answers: int(),
      wrong: int(),
      alternatives: z.array(z.object({ letter: z.string(), count: int(), share: z.number(), correct: z.boolean() })),
    }),
    analysis: AnalysisJson,
    history: z.array(RevisionJson).meta({ description: 'Da mais recente à primeira.' }),
    community: z.array(CommunityPostJson).meta({ description: 'Os comentários mais votados da discussão, para promover.' }),
    student_explanations: z
      .array(z.object({ id: int(), author: z.string(), useful: int(), text: z.string() }))
      .meta({ description: 'As explicações de alunos mais úteis (ADR 085), para promover.' }),
  })
  .meta({ id: 'AnalysisDesk' })
export type DeskJson = z.output<typeof DeskJson>

/** The 409 of a question (or an exam) held by the caller's open simulado (server/api/sitting-hold.ts). */
const HeldJson = ApiErrorBody.extend({ code: z.literal('IN_OPEN_SIMULATION'), simulation_id: int() })

const Saved = z.object({ success: z.literal(true), message: z.string(), analysis: AnalysisJson })
const Conflict = z.object({ error: z.string(), current: AnalysisJson })
/** A save answers with the analysis, or the one saved meanwhile: held like the desk. */
const SaveRefused = z.union([Conflict, HeldJson])
const HELD_ON_SAVE =
  'Também 409 (code IN_OPEN_SIMULATION), sem nada salvo, para uma questão do simulado que o professor está fazendo, até a entrega.'

const questionParams = z.object({ id: idParam(QUESTION_NOT_FOUND) })
const optionalId = (message: string) =>
  queryInt(z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(999_999_999, { error: message })).optional()

export const ImportFileJson = z.object({
  file: z.string(),
  exam: z.string().nullable(),
  published: int(),
  updated: int(),
  unchanged: int(),
  without_text: int().meta({ description: 'Questões sem COMENTARIO no arquivo: ficam como estão.' }),
  conflicts: z.array(z.object({ number: int(), message: z.string() })),
  errors: z.array(z.string()),
})
export type ImportFileJson = z.output<typeof ImportFileJson>

export const ExamAnalysesJson = z.object({
  id: int(),
  name: z.string(),
  year: int(),
  board: z.string(),
  questions: int(),
  with_analysis: int(),
})

export const SummaryJson = z.object({
  week_start: z.iso.date(),
  published_this_week: int(),
  by_professor: z.array(z.object({ id: z.string().nullable(), name: z.string(), published: int(), edited: int() })),
  coverage: z.array(
    z.object({
      id: int(),
      name: z.string(),
      questions: int(),
      professor: int(),
      imported: int(),
      student: int().meta({ description: 'Com explicação de aluno publicada (à parte da análise).' }),
      share: z.number().nullable(),
    }),
  ),
  totals: z.object({ questions: int(), professor: int(), imported: int(), student: int() }),
})
export type SummaryJson = z.output<typeof SummaryJson>

export const analysesApi = {
  queue: defineEndpoint({
    method: 'get',
    path: '/analyses/queue',
    summary: 'As questões sem análise, das que mais ajudariam (mais respostas erradas) às mais recentes',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    query: z.object({
      discipline_id: optionalId('Disciplina inválida.'),
      exam_id: optionalId('Prova inválida.'),
      predicted: z.enum(['true', 'false'], { error: 'predicted é true ou false.' }).optional().meta({
        description: 'true: só questões de disciplina prevista pelo classificador.',
      }),
      page: pageParam,
    }),
    responses: { 200: QueueJson },
  }),
  desk: defineEndpoint({
    method: 'get',
    path: '/analyses/questions/:id',
    summary: 'A mesa de uma questão: enunciado, gabarito, estatística das alternativas, legislação, a análise e seu histórico',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    params: questionParams,
    responses: { 200: DeskJson },
    description:
      'O gabarito está na mesa: 409 (code IN_OPEN_SIMULATION) para uma questão do simulado que o professor está fazendo, até a entrega.',
    errors: [409],
    errorBodies: { 409: HeldJson },
  }),
  publish: defineEndpoint({
    method: 'put',
    path: '/analyses/questions/:id',
    summary: 'Publica ou edita a análise; 409 se outra pessoa salvou depois de base_version (nada é sobrescrito)',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    params: questionParams,
    body: PublishBody,
    responses: { 200: Saved },
    description: HELD_ON_SAVE,
    errors: [409],
    errorBodies: { 409: SaveRefused },
  }),
  unpublish: defineEndpoint({
    method: 'post',
    path: '/analyses/questions/:id/unpublish',
    summary: 'Despublica a análise (o texto fica no histórico); 409 se outra pessoa salvou depois de base_version',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    params: questionParams,
    body: UnpublishBody,
    responses: { 200: Saved },
    description: HELD_ON_SAVE,
    errors: [409],
    errorBodies: { 409: SaveRefused },
  }),
  preview: defineEndpoint({
    method: 'post',
    path: '/analyses/questions/:id/preview',
    summary: 'A legislação que um rascunho de análise cita, como o aluno a verá (nada é salvo)',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    params: questionParams,
    body: PreviewBody,
    responses: { 200: z.object({ citations: z.array(Citation) }) },
  }),
  exams: defineEndpoint({
    method: 'get',
    path: '/analyses/exams',
    summary: 'As provas do banco com quantas questões têm análise',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    responses: { 200: z.object({ data: z.array(ExamAnalysesJson) }) },
  }),
  exportExam: defineEndpoint({
    method: 'get',
    path: '/analyses/exams/:id/export',
    summary: 'A prova no formato TXT de importação, com as análises no campo COMENTARIO e a versão de cada uma',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    params: z.object({ id: idParam(EXAM_NOT_FOUND) }),
    responses: { 200: z.object({ file_name: z.string(), text: z.string(), questions: int(), with_analysis: int() }) },
    description:
      'O arquivo traz o gabarito de todas as questões: enquanto o professor faz um simulado com alguma questão desta prova, 409 ' +
      '(code IN_OPEN_SIMULATION) diz por quê, até a entrega, em vez de um arquivo sem elas, que não seria mais a prova inteira.',
    errors: [409],
    errorBodies: { 409: HeldJson },
  }),
  importFiles: defineEndpoint({
    method: 'post',
    path: '/analyses/import',
    summary: 'Publica as análises do campo COMENTARIO de provas TXT já importadas; uma análise alterada desde a exportação é conflito',
    tags,
    auth: 'professor',
    loginMessage: DESK_LOGIN,
    multipart: { field: 'file', description: 'Os arquivos .txt exportados, um por campo `file` (até 10).' },
    responses: { 200: z.object({ success: z.literal(true), message: z.string(), files: z.array(ImportFileJson) }) },
  }),
  summary: defineEndpoint({
    method: 'get',
    path: '/admin/analyses/summary',
    summary: 'Análises publicadas nesta semana, por professor, e a cobertura por disciplina',
    tags,
    auth: 'admin',
    responses: { 200: SummaryJson },
  }),
}
