import * as z from 'zod'

import { ApiErrorBody, atLeastOneOf, defineEndpoint, idParam, SuccessMessage } from '../../api/contract'
import { pageParam } from '../../api/http'
import { FORUM_LOGIN_MESSAGE, FORUM_QUEUE_FILTERS, QUESTION_NOT_FOUND, REPLY_NOT_FOUND, TOPIC_NOT_FOUND } from './messages'
import { FlagBody, ReplyBody, TopicBody, VoteBody } from './schemas'

// Discussões (issue 13, spec section 3): topics and replies on a question, votes, flags, and the
// admin moderation queue. Reading needs a login (its own 401 message, before the id is read); posting, editing and
// voting need the policy's 'comments' feature (403 with a code); writes are rate limited per
// user. The post fields the spec names keep its spelling (createdAt, upvotes, downvotes,
// userVote, isHighlighted, replies); the others are snake_case.

const int = () => z.number().int()
const UserVote = z.enum(['up', 'down', 'none'])

export const ForumAuthorJson = z
  .object({ id: z.string(), name: z.string(), mascot: z.string().nullable(), avatar_url: z.string().nullable() })
  .nullable()
  .meta({ id: 'ForumAuthor', description: 'null: conta excluída ou mensagem removida.' })

const PostJson = z.object({
  id: int(),
  content: z.string(),
  author: ForumAuthorJson,
  createdAt: z.iso.datetime(),
  edited_at: z.iso.datetime().nullable(),
  upvotes: int(),
  downvotes: int(),
  userVote: UserVote,
  is_mine: z.boolean(),
  flagged_by_me: z.boolean().meta({ description: 'Quem pergunta já denunciou (uma vez por pessoa).' }),
  hidden: z.boolean().meta({ description: 'Só é true para administradores: estudantes nunca recebem mensagens ocultas.' }),
})

export const ForumReplyJson = PostJson.extend({ topic_id: int() }).meta({ id: 'ForumReply' })
export type ForumReplyJson = z.output<typeof ForumReplyJson>

export const ForumTopicJson = PostJson.extend({
  question_id: int(),
  title: z.string(),
  isHighlighted: z.boolean(),
  deleted: z.boolean().meta({ description: "Excluído pelo autor mas mantido pelas respostas: título e conteúdo são 'mensagem removida'." }),
  reply_count: int(),
  replies: z.array(ForumReplyJson),
}).meta({ id: 'ForumTopic' })
export type ForumTopicJson = z.output<typeof ForumTopicJson>

const PostingCode = z.enum(['PLAN_REQUIRED', 'COMMENTS_DISABLED'])
export const PostingJson = z
  .discriminatedUnion('allowed', [
    z.object({ allowed: z.literal(true) }),
    z.object({ allowed: z.literal(false), code: PostingCode, message: z.string() }),
  ])
  .meta({ id: 'ForumPosting', description: 'Se quem pergunta pode publicar, e por que não.' })
export type Posting = z.output<typeof PostingJson>

export const TopicsPageJson = z
  .object({
    success: z.literal(true),
    question: z.object({ id: int(), number: int(), short_id: z.string() }),
    topics: z.array(ForumTopicJson),
    total: int(),
    page: int(),
    per_page: int(),
    posting: PostingJson,
  })
  .meta({ id: 'ForumTopicsPage' })
export type TopicsPage = z.output<typeof TopicsPageJson>

export const VoteResultJson = z
  .object({ success: z.literal(true), id: int(), upvotes: int(), downvotes: int(), userVote: UserVote })
  .meta({ id: 'ForumVoteResult' })
export type VoteResult = z.output<typeof VoteResultJson>

export const ForumQueueItemJson = z
  .object({
    kind: z.enum(['topic', 'reply']),
    id: int(),
    topic_id: int(),
    topic_title: z.string(),
    question: z.object({ id: int(), number: int(), short_id: z.string() }),
    title: z.string().nullable().meta({ description: 'O título de um tópico; null numa resposta.' }),
    content: z.string(),
    author: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    created_at: z.iso.datetime(),
    highlighted: z.boolean(),
    hidden: z.boolean(),
    open_flags: int(),
    flags: z.array(z.object({ reason: z.string(), user_name: z.string(), created_at: z.iso.datetime() })),
  })
  .meta({ id: 'ForumQueueItem' })
export type ForumQueueItem = z.output<typeof ForumQueueItemJson>

export const ForumQueuePageJson = z
  .object({ data: z.array(ForumQueueItemJson), total: int(), page: int(), per_page: int() })
  .meta({ id: 'ForumQueuePage' })
export type ForumQueuePage = z.output<typeof ForumQueuePageJson>

const flag = (name: string) => z.boolean({ error: `${name} deve ser verdadeiro ou falso (true/false).` }).optional()
const TopicModeration = z
  .object({ highlighted: flag('highlighted'), hidden: flag('hidden'), dismiss_flags: flag('dismiss_flags') })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nada a alterar: envie highlighted, hidden ou dismiss_flags.' })
  .meta(atLeastOneOf(['highlighted', 'hidden', 'dismiss_flags']))
const ReplyModeration = z
  .object({ hidden: flag('hidden'), dismiss_flags: flag('dismiss_flags') })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nada a alterar: envie hidden ou dismiss_flags.' })
  .meta(atLeastOneOf(['hidden', 'dismiss_flags']))

/** A write the policy refuses: the reason's code (or none: not the author of the post). */
const Refused = ApiErrorBody.extend({ code: PostingCode.optional() }).meta({ id: 'ForumRefused' })
const refused = { 403: Refused }

const question = z.object({ id: idParam(QUESTION_NOT_FOUND) })
const topic = z.object({ id: idParam(TOPIC_NOT_FOUND) })
const reply = z.object({ id: idParam(REPLY_NOT_FOUND) })
const ok = z.literal(true)
const withMessage = <T extends z.ZodRawShape>(shape: T) => z.object({ success: ok, message: z.string(), ...shape })
const tags = ['Discussões']
/** Every student route: a visitor reads the forum's own 401, whatever the id. */
const signedIn = { auth: 'user', loginMessage: FORUM_LOGIN_MESSAGE } as const
const adminTags = ['Discussões (moderação)']

export const forumApi = {
  listTopics: defineEndpoint({
    method: 'get',
    path: '/questions/:id/forum/topics',
    summary: 'Os tópicos da questão: destacados primeiro, depois saldo de votos, depois os mais novos',
    tags,
    ...signedIn,
    params: question,
    query: z.object({ page: pageParam }),
    responses: { 200: TopicsPageJson },
    errors: [409],
  }),
  createTopic: defineEndpoint({
    method: 'post',
    path: '/questions/:id/forum/topics',
    summary: 'Abre um tópico na questão',
    tags,
    ...signedIn,
    params: question,
    body: TopicBody,
    responses: { 201: withMessage({ topic: ForumTopicJson }) },
    errors: [403, 409, 429],
    errorBodies: refused,
  }),
  updateTopic: defineEndpoint({
    method: 'put',
    path: '/forum/topics/:id',
    summary: 'Edita um tópico do autor',
    tags,
    ...signedIn,
    params: topic,
    body: TopicBody,
    responses: { 200: withMessage({ topic: ForumTopicJson }) },
    errors: [403, 429],
    errorBodies: refused,
  }),
  deleteTopic: defineEndpoint({
    method: 'delete',
    path: '/forum/topics/:id',
    summary: 'Exclui um tópico do autor (com respostas, fica como mensagem removida)',
    tags,
    ...signedIn,
    params: topic,
    responses: { 200: withMessage({ id: int() }) },
    errors: [403],
    errorBodies: refused,
  }),
  createReply: defineEndpoint({
    method: 'post',
    path: '/forum/topics/:id/replies',
    summary: 'Responde a um tópico',
    tags,
    ...signedIn,
    params: topic,
    body: ReplyBody,
    responses: { 201: withMessage({ reply: ForumReplyJson }) },
    errors: [403, 429],
    errorBodies: refused,
  }),
  updateReply: defineEndpoint({
    method: 'put',
    path: '/forum/replies/:id',
    summary: 'Edita uma resposta do autor',
    tags,
    ...signedIn,
    params: reply,
    body: ReplyBody,
    responses: { 200: withMessage({ reply: ForumReplyJson }) },
    errors: [403, 429],
    errorBodies: refused,
  }),
  deleteReply: defineEndpoint({
    method: 'delete',
    path: '/forum/replies/:id',
    summary: 'Exclui uma resposta do autor',
    tags,
    ...signedIn,
    params: reply,
    responses: { 200: withMessage({ id: int(), topic_id: int() }) },
    errors: [403],
    errorBodies: refused,
  }),
  voteTopic: defineEndpoint({
    method: 'put',
    path: '/forum/topics/:id/vote',
    summary: 'Vota num tópico: o mesmo voto de novo o retira, o oposto troca, none retira',
    tags,
    ...signedIn,
    params: topic,
    body: VoteBody,
    responses: { 200: VoteResultJson },
    errors: [403, 429],
    errorBodies: refused,
  }),
  voteReply: defineEndpoint({
    method: 'put',
    path: '/forum/replies/:id/vote',
    summary: 'Vota numa resposta: o mesmo voto de novo o retira, o oposto troca, none retira',
    tags,
    ...signedIn,
    params: reply,
    body: VoteBody,
    responses: { 200: VoteResultJson },
    errors: [403, 429],
    errorBodies: refused,
  }),
  flagTopic: defineEndpoint({
    method: 'post',
    path: '/forum/topics/:id/flag',
    summary: 'Denuncia um tópico à moderação (uma vez por pessoa)',
    tags,
    ...signedIn,
    params: topic,
    body: FlagBody,
    responses: { 201: SuccessMessage },
    errors: [409, 429],
  }),
  flagReply: defineEndpoint({
    method: 'post',
    path: '/forum/replies/:id/flag',
    summary: 'Denuncia uma resposta à moderação (uma vez por pessoa)',
    tags,
    ...signedIn,
    params: reply,
    body: FlagBody,
    responses: { 201: SuccessMessage },
    errors: [409, 429],
  }),
  queue: defineEndpoint({
    method: 'get',
    path: '/admin/forum',
    summary: 'A fila de moderação: as mensagens denunciadas primeiro, com os motivos',
    tags: adminTags,
    auth: 'admin',
    query: z.object({
      filter: z.enum(FORUM_QUEUE_FILTERS, { error: `Filtro inválido: use ${FORUM_QUEUE_FILTERS.join(', ')}.` }).optional(),
      page: pageParam,
    }),
    responses: { 200: ForumQueuePageJson },
  }),
  moderateTopic: defineEndpoint({
    method: 'put',
    path: '/admin/forum/topics/:id',
    summary: 'Destaca, oculta ou restaura um tópico, ou descarta as denúncias',
    tags: adminTags,
    auth: 'admin',
    params: topic,
    body: TopicModeration,
    responses: {
      200: withMessage({ topic: z.object({ id: int(), highlighted: z.boolean().optional(), hidden: z.boolean() }) }),
    },
  }),
  moderateReply: defineEndpoint({
    method: 'put',
    path: '/admin/forum/replies/:id',
    summary: 'Oculta ou restaura uma resposta, ou descarta as denúncias',
    tags: adminTags,
    auth: 'admin',
    params: reply,
    body: ReplyModeration,
    responses: { 200: withMessage({ reply: z.object({ id: int(), hidden: z.boolean() }) }) },
  }),
}
