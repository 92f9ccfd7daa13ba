import * as z from 'zod'

import { ApiErrorBody, defineEndpoint, idParam } from '../../api/contract'
import { MAX_DISCIPLINE_FILES, MAX_EXAM_FILES } from '../../domain/import/text-file'
import { MAX_TREE_TEXT, TREE_TEXT_HELP } from '../../domain/topics/tree-text'
import { DisciplineSearchBody } from './schemas'

// The admin's dashboard figures, the discipline/topic check and the two uploads (spec section 7:
// the stats' and the upload answer's names are the spec's). The uploads' bodies are multipart:
// their handlers read the files themselves, and the client sends them through ApiClient
// (server/client/admin.ts).

export const DashboardStatsJson = z
  .object({
    totalQuestions: z.number().int().meta({ description: 'Questões vivas (as removidas por uma reimportação não contam).' }),
    totalStudents: z.number().int(),
    totalDisciplines: z.number().int(),
    lastUpdated: z.iso.datetime().nullable(),
    analysedQuestions: z.number().int().meta({ description: 'Questões vivas com análise do professor publicada.' }),
    explainedQuestions: z
      .number()
      .int()
      .meta({ description: 'Questões vivas com explicação de aluno publicada (contadas à parte: nunca como análise).' }),
  })
  .meta({ id: 'DashboardStats' })
export type DashboardStatsJson = z.output<typeof DashboardStatsJson>

export const DisciplineCount = z.object({ name: z.string(), count: z.number().int() }).meta({ id: 'DisciplineCount' })
export type DisciplineCount = z.output<typeof DisciplineCount>
export const TopicCount = z.object({ discipline: z.string(), topic: z.string(), count: z.number().int() }).meta({ id: 'TopicCount' })
export type TopicCount = z.output<typeof TopicCount>

const Named = z.object({ id: z.number().int(), name: z.string() })

const tags = ['Admin: painel e importação']

const Validation = z.object({ item: z.string(), errors: z.array(z.object({ message: z.string() })) })

/** One uploaded file's outcome: imported, or refused with its located errors. */
export const UploadFileResult = z
  .object({
    filename: z.string(),
    success: z.boolean(),
    message: z.string(),
    validations: z.array(Validation),
    processing_time_ms: z.number(),
    processed_questions: z.number().int(),
    exam: z.object({ id: z.number().int(), name: z.string(), year: z.number().int(), board: z.string(), created: z.boolean() }).optional(),
    created: z.number().int().optional(),
    updated: z.number().int().optional(),
    removed: z.number().int().optional(),
    created_disciplines: z.number().int().optional(),
    created_topics: z.number().int().optional(),
    /** Questions the topic model gave a topic (issue 65 §2): those whose file named none. */
    predicted_topics: z.number().int().optional(),
    /** Questions marked `DISCIPLINA: Não classificada` whose discipline was predicted (ADR 051). */
    predicted_disciplines: z.number().int().optional(),
    /** Of those, the predictions at or above the model's confidence threshold. */
    confident_predictions: z.number().int().optional(),
    /** Why no discipline was predicted (no usable model): the questions stay "Não classificada". */
    prediction_warning: z.string().optional(),
    /** How an exam's questions got their discipline: none is ever dropped in silence (issue 63 §1). */
    classification: z
      .object({
        by_file: z.number().int(),
        confident: z.number().int(),
        for_review: z.number().int(),
        unclassified: z.number().int(),
        unclassified_reason: z.string().nullable(),
        created_disciplines: z.array(z.string()),
      })
      .optional(),
  })
  .meta({ id: 'UploadFileResult' })

/** An upload's answer: 200 when every file imported, 422 (with `error`) when any was refused. */
export const UploadResult = z
  .object({
    success: z.boolean(),
    message: z.string(),
    error: z.string().optional(),
    processed_questions: z.number().int(),
    files: z.array(UploadFileResult),
    validations: z.array(Validation),
    errors: z.array(z.string()),
  })
  .meta({ id: 'UploadResult' })
export type UploadResult = z.output<typeof UploadResult>

const force = z.object({
  force: z
    .string()
    .optional()
    .meta({ description: '`true` reimporta uma prova já existente (as questões que saíram do arquivo são removidas).' }),
})

/** An upload: files of one extension under repeated `file` fields, every file's outcome answered. */
function uploadEndpoint(path: string, summary: string, extension: string) {
  return defineEndpoint({
    method: 'post',
    path,
    summary,
    tags,
    auth: 'admin',
    query: force,
    multipart: { field: 'file', description: `Os arquivos ${extension}, um por campo \`file\`.` },
    responses: { 200: UploadResult },
    errors: [422],
    errorBodies: { 422: UploadResult },
  })
}

/** A topic tree that does not read: every line's mistake. */
const TreeErrors = ApiErrorBody.extend({
  validations: z.array(z.object({ item: z.string(), errors: z.array(z.object({ message: z.string() })) })),
}).meta({ id: 'TopicTreeErrors' })

const Topic = z.object({
  nome: z.string(),
  artigos: z.array(z.string()).meta({ description: 'Intervalos de artigos: "cc@arts. 1784-2027", "cf@art. 5", "lei:8666".' }),
  palavras: z.array(z.string()).meta({ description: 'Palavras que indicam o assunto (o ponto de partida do modelo de assuntos).' }),
})

export const adminApi = {
  saveTopicTree: defineEndpoint({
    method: 'put',
    path: '/admin/disciplines/:id/topics',
    summary: 'Substitui os assuntos de uma disciplina pelos do texto, um por linha, com seus intervalos de artigos',
    tags,
    auth: 'admin',
    params: z.object({ id: idParam('Disciplina não encontrada.') }),
    body: z.object({
      assuntos: z
        .string({ error: 'assuntos: deve ser um texto' })
        .max(MAX_TREE_TEXT, { error: `assuntos: no máximo ${MAX_TREE_TEXT} caracteres` })
        .meta({ description: TREE_TEXT_HELP }),
    }),
    description:
      'Assuntos que saem do texto são apagados, a não ser que alguma questão os tenha pelo arquivo ou por um administrador (422, nada salvo). As palavras-semente dos que ficam não mudam.',
    responses: {
      200: z.object({
        success: z.literal(true),
        message: z.string(),
        created: z.number().int(),
        updated: z.number().int(),
        removed: z.number().int(),
      }),
    },
    errors: [404, 422],
    errorBodies: { 422: TreeErrors },
  }),
  exportDisciplines: defineEndpoint({
    method: 'get',
    path: '/admin/disciplines/export',
    summary: 'Todas as disciplinas com seus assuntos, intervalos de artigos e palavras, no formato JSON de disciplinas',
    tags,
    auth: 'admin',
    responses: { 200: z.object({ disciplinas: z.array(z.object({ nome: z.string(), assuntos: z.array(Topic) })) }) },
  }),
  uploadDisciplines: uploadEndpoint(
    '/admin/disciplines/upload',
    `Importa arquivos JSON de disciplinas e assuntos (até ${MAX_DISCIPLINE_FILES} por envio)`,
    '.json',
  ),
  uploadExams: uploadEndpoint(
    '/admin/questions/upload-exam-txt',
    `Importa provas no formato TXT (até ${MAX_EXAM_FILES} por envio), cada arquivo julgado por si`,
    '.txt',
  ),
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
