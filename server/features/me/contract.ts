import * as z from 'zod'

import { defineEndpoint, SuccessMessage } from '../../api/contract'
import { pageParam } from '../../api/http'
import { ReceiptJson } from '../plans/contract'
import { DeleteAccountBody } from './schemas'

// The student's own area (issue 14): the dashboard's figures with the spec's names
// (questionsAnswered, correctRate, studyStreak, totalStudyTime), its performance and lists, the
// data export ('Baixar meus dados') and account deletion ('Excluir minha conta'). Bearer only;
// every answer is the caller's own.

const int = () => z.number().int()

export const MyStatsJson = z
  .object({
    questionsAnswered: int().meta({ description: 'Questões distintas respondidas ao menos uma vez.' }),
    correctRate: int().meta({ description: 'Percentual arredondado de respostas certas (0 sem respostas).' }),
    studyStreak: int().meta({ description: 'Dias seguidos (São Paulo) com ao menos uma resposta, até hoje.' }),
    totalStudyTime: int().meta({ description: 'Segundos nas respostas de tempo conhecido.' }),
  })
  .meta({ id: 'MyStats' })
export type MyStats = z.output<typeof MyStatsJson>

export const DisciplinePerformanceJson = z
  .object({ discipline: z.string(), correct: int(), total: int() })
  .meta({ id: 'DisciplinePerformance' })
export type DisciplinePerformance = z.output<typeof DisciplinePerformanceJson>

export const DailyAccuracyJson = z.object({ day: z.iso.date(), correct: int(), total: int() })
export type DailyAccuracy = z.output<typeof DailyAccuracyJson>

export const WeakTopicJson = z
  .object({ topic_id: int(), topic: z.string(), discipline_id: int(), discipline: z.string(), correct: int(), total: int() })
  .meta({ id: 'WeakTopic' })
export type WeakTopic = z.output<typeof WeakTopicJson>

/** A question as the dashboard's lists name it: its code and discipline, and where it opens. */
export const QuestionRefJson = z.object({ id: int(), code: z.string(), discipline: z.string() }).meta({ id: 'QuestionRef' })
export type QuestionRef = z.output<typeof QuestionRefJson>

const at = z.iso.datetime()
/** A question in the recent activity: named by its discipline and its statement's first words (issue 27), not only a code. */
export const ActivityQuestionJson = QuestionRefJson.extend({
  excerpt: z.string().meta({ description: 'As primeiras palavras do enunciado, em texto simples.' }),
}).meta({ id: 'ActivityQuestion' })
export type ActivityQuestion = z.output<typeof ActivityQuestionJson>
export const ActivityItemJson = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('answer'), at, question: ActivityQuestionJson, correct: z.boolean() }),
    z.object({ kind: z.literal('note'), at, question: ActivityQuestionJson }),
    z.object({ kind: z.literal('notebook'), at, notebook: z.object({ id: int(), name: z.string() }) }),
    z.object({ kind: z.enum(['topic', 'reply']), at, question: ActivityQuestionJson, title: z.string() }),
  ])
  .meta({ id: 'ActivityItem' })
export type ActivityItem = z.output<typeof ActivityItemJson>

/** A private note in the dashboard's Anotações tab (spec section 3's Note, with its question). */
export const MyNoteJson = z
  .object({ id: int(), content: z.string(), createdAt: at, updatedAt: at, question: QuestionRefJson })
  .meta({ id: 'MyNote' })
export type MyNote = z.output<typeof MyNoteJson>

/** The spec's forum participation: what the student did in a topic, and how the topic stands. */
export const ForumParticipationJson = z
  .object({
    type: z.enum(['created', 'replied', 'voted']),
    topicId: int(),
    topicTitle: z.string(),
    question: QuestionRefJson,
    lastActivity: at,
    upvotes: int(),
    downvotes: int(),
    replies: int(),
  })
  .meta({ id: 'ForumParticipation' })
export type ForumParticipation = z.output<typeof ForumParticipationJson>

export const ForumCountsJson = z.object({ created: int(), replied: int(), voted: int() })
export type ForumCounts = z.output<typeof ForumCountsJson>

const rows = (description: string) =>
  z.array(z.record(z.string(), z.unknown())).meta({ description: `${description}, com todas as colunas.` })
const actions = (description: string) => z.array(z.record(z.string(), z.unknown())).meta({ description })
const row = (description: string) => z.record(z.string(), z.unknown()).nullable().meta({ description })

/**
 * 'Baixar meus dados': every row we hold about the student, table by table (no secret). The keys
 * are server/features/me/export.ts's sections (export-coverage.test.ts keeps the two equal).
 */
export const MyDataExportJson = z
  .object({
    sobre: z.string().meta({ description: 'O que é este arquivo (texto para a pessoa).' }),
    exported_at: at,
    user: z
      .record(z.string(), z.unknown())
      .meta({ description: 'A conta, sem senhas (nem a temporária); googleLinked diz se há conta Google ligada.' }),
    profile: row('O perfil; null se nunca foi preenchido.'),
    api_tokens: rows('As sessões (quando cada uma começou, foi usada e expira), sem as chaves'),
    attempts: rows('Suas respostas'),
    question_usage: rows('As questões contadas na cota de cada semana'),
    user_day_stats: rows('Seus números por dia (derivados das respostas)'),
    user_discipline_stats: rows('Seus números por disciplina (derivados das respostas)'),
    user_topic_stats: rows('Seus números por assunto (derivados das respostas)'),
    user_week_stats: rows('Seus números por semana, os do ranking (derivados das respostas)'),
    review_cards: rows('Seus cartões de revisão (FSRS)'),
    review_logs: rows('O histórico das suas revisões'),
    study_settings: row('Suas preferências de revisão e o plano de estudos; null se nunca salvou.'),
    simulations: rows('Seus simulados'),
    simulation_questions: rows('As questões dos seus simulados, com a folha de respostas'),
    offline_downloads: rows('As questões baixadas para estudar sem conexão'),
    video_watches: rows('Os vídeos que você viu'),
    notes: rows('Suas anotações'),
    notebooks: rows('Seus cadernos'),
    notebook_questions: rows('As questões dos seus cadernos'),
    forum_topics: rows('Seus tópicos no fórum'),
    forum_replies: rows('Suas respostas no fórum'),
    forum_topic_votes: rows('Seus votos em tópicos'),
    forum_reply_votes: rows('Seus votos em respostas'),
    forum_flags: rows('Suas denúncias no fórum'),
    student_explanations: rows('Suas explicações para quem errou'),
    explanation_votes: rows('As explicações que você marcou como úteis'),
    explanation_flags: rows('Suas denúncias de explicações'),
    explanation_strikes: rows('As suas explicações que a moderação ocultou'),
    error_reports: rows('Os erros que você informou'),
    chat_messages: rows('Sua conversa com o assistente'),
    contact_messages: rows('As mensagens enviadas pelo contato com o seu e-mail'),
    subscriptions: rows('Suas assinaturas'),
    payments: rows('Seus pagamentos'),
    payment_events: rows('Os avisos do provedor de pagamento sobre os seus pagamentos'),
    receipts: z.array(ReceiptJson).meta({ description: 'Os recibos dos seus pagamentos aprovados, do mais recente ao mais antigo.' }),
    analysis_revisions: rows('As versões das análises que você escreveu como professor'),
    questions_explanation_by: actions('As análises publicadas em seu nome (a questão e o texto).'),
    forum_topics_hidden_by: actions('Os tópicos que você ocultou como moderador (qual e quando).'),
    forum_replies_hidden_by: actions('As respostas que você ocultou como moderador (qual e quando).'),
    student_explanations_hidden_by: actions('As explicações de alunos que você ocultou como moderador (qual e quando).'),
    error_reports_answered_by: actions('Os erros informados que você respondeu como administrador (sua resposta).'),
    contact_messages_replied_by: actions('As mensagens de contato que você respondeu como administrador (sua resposta).'),
    subscriptions_granted_by: actions('Os planos que você concedeu como administrador (qual plano e quando, sem a pessoa).'),
    plan_prices_created_by: rows('Os preços de plano que você definiu como administrador'),
    question_outdated_overrides_decided_by: actions(
      'Os selos "Pode estar desatualizada" que você confirmou ou tirou como administrador (a questão, a mudança, a decisão e quando).',
    ),
  })
  .meta({ id: 'MyDataExport' })
export type MyDataExport = z.output<typeof MyDataExportJson>

/**
 * Only a modo resolução address of this site: what 'Continuar estudando' links to. Its query is
 * percent-encoded, so printable ASCII without '#' and the backslash: a class every regex dialect reads
 * alike (`\s` did not: JavaScript's holds U+FEFF, Python's does not), and spaces around the
 * address are trimmed (Python's `$` also matches before a final newline).
 */
export const LastStudyPath = z
  .string({ error: 'Informe o endereço do modo resolução.' })
  .trim()
  // A run's URL carries the questions it answered (up to 200 ids, app/question/resolver.ts).
  .max(4000, { error: 'Endereço longo demais.' })
  .regex(/^\/questoes\/resolver\?[!"$-[\]-~]*$/, { error: 'O endereço deve ser uma página de /questoes/resolver.' })

export const LastStudyJson = z
  .object({ path: LastStudyPath, at })
  .nullable()
  .meta({ id: 'LastStudy', description: 'A última página do modo resolução aberta; null se nunca abriu.' })

const tags = ['Minha conta']
const ok = z.literal(true)

export const meApi = {
  stats: defineEndpoint({
    method: 'get',
    path: '/me/stats',
    summary: 'Os números do painel do estudante',
    tags,
    auth: 'user',
    responses: { 200: MyStatsJson.extend({ success: ok }) },
  }),
  performance: defineEndpoint({
    method: 'get',
    path: '/me/performance',
    summary: 'Desempenho por disciplina, os últimos 30 dias e os cinco assuntos mais fracos',
    tags,
    auth: 'user',
    responses: {
      200: z.object({
        success: ok,
        disciplines: z.array(DisciplinePerformanceJson),
        daily: z.array(DailyAccuracyJson).meta({ description: 'Dias de São Paulo com respostas, dos últimos 30.' }),
        weakest_topics: z.array(WeakTopicJson),
      }),
    },
  }),
  activity: defineEndpoint({
    method: 'get',
    path: '/me/activity',
    summary: 'A atividade recente: respostas, anotações, cadernos e fórum, da mais recente',
    tags,
    auth: 'user',
    responses: { 200: z.object({ success: ok, activity: z.array(ActivityItemJson) }) },
  }),
  notes: defineEndpoint({
    method: 'get',
    path: '/me/notes',
    summary: 'As anotações do estudante, da mais recente, uma página por vez',
    tags,
    auth: 'user',
    query: z.object({ page: pageParam }),
    responses: { 200: z.object({ success: ok, notes: z.array(MyNoteJson), total: int(), page: int(), per_page: int() }) },
  }),
  lastStudy: defineEndpoint({
    method: 'get',
    path: '/me/last-study',
    summary: 'Onde o estudante parou: a última página do modo resolução (Continuar estudando)',
    tags,
    auth: 'user',
    responses: { 200: z.object({ success: ok, last_study: LastStudyJson }) },
  }),
  saveLastStudy: defineEndpoint({
    method: 'put',
    path: '/me/last-study',
    summary: 'Guarda a página do modo resolução que o estudante abriu',
    tags,
    auth: 'user',
    body: z.object({ path: LastStudyPath }),
    responses: { 200: z.object({ success: ok }) },
  }),
  forum: defineEndpoint({
    method: 'get',
    path: '/me/forum',
    summary: 'A participação do estudante no fórum e suas contagens',
    tags,
    auth: 'user',
    responses: { 200: z.object({ success: ok, counts: ForumCountsJson, participations: z.array(ForumParticipationJson) }) },
  }),
  export: defineEndpoint({
    method: 'get',
    path: '/me/export',
    summary: 'Baixar meus dados: tudo o que guardamos sobre o estudante, num arquivo JSON',
    tags,
    auth: 'user',
    responses: { 200: MyDataExportJson },
    errors: [404],
  }),
  deleteAccount: defineEndpoint({
    method: 'delete',
    path: '/me',
    summary: 'Exclui a conta do estudante, confirmada pela senha (ou pelo email, numa conta do Google)',
    tags,
    auth: 'user',
    body: DeleteAccountBody,
    responses: { 200: SuccessMessage },
    errors: [429],
  }),
}
