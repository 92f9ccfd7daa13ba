import type { Request } from 'express'
import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import {
  createReply,
  createTopic,
  deleteReply,
  deleteTopic,
  flagReply,
  flagTopic,
  listTopics,
  updateReply,
  updateTopic,
  voteReply,
  voteTopic,
} from '../domain/forum/forum'
import type { ForumQueueFilter } from '../domain/forum/moderation'
import { FORUM_QUEUE_FILTERS, forumQueue, moderateReply, moderateTopic } from '../domain/forum/moderation'
import { FlagBody, ReplyBody, TopicBody, VoteBody } from '../domain/forum/schemas'
import { currentUser, requireAdmin } from './auth-middleware'
import { blank, handler, HttpError, pageParam, parse, pathId, unwrap } from './http'
import { limiter } from './rate-limit'

// Discussões (issue 13): topics and replies on a question, votes, flags, and the admin
// moderation queue. Reading needs a login; posting needs the policy's 'comments' feature
// (server/domain/forum/forum.ts); writes are rate limited per user.

export const FORUM_LOGIN_MESSAGE = 'Faça login para ver e participar das discussões.'
export const FLOOD_MESSAGE = 'Você está enviando mensagens rápido demais. Aguarde alguns minutos e tente novamente.'

const loginFirst = (req: Request, _res: unknown, next: (error?: unknown) => void) =>
  next(req.user ? undefined : new HttpError(401, FORUM_LOGIN_MESSAGE))

const PageQuery = z.object({ page: pageParam })
const QueueQuery = z.object({
  filter: blank(z.enum(FORUM_QUEUE_FILTERS, { error: `Filtro inválido: use ${FORUM_QUEUE_FILTERS.join(', ')}.` }).optional()),
  page: pageParam,
})
const TopicModeration = z
  .object({
    highlighted: z.boolean({ error: 'highlighted deve ser verdadeiro ou falso (true/false).' }).optional(),
    hidden: z.boolean({ error: 'hidden deve ser verdadeiro ou falso (true/false).' }).optional(),
    dismiss_flags: z.boolean({ error: 'dismiss_flags deve ser verdadeiro ou falso (true/false).' }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nada a alterar: envie highlighted, hidden ou dismiss_flags.' })
const ReplyModeration = z
  .object({
    hidden: z.boolean({ error: 'hidden deve ser verdadeiro ou falso (true/false).' }).optional(),
    dismiss_flags: z.boolean({ error: 'dismiss_flags deve ser verdadeiro ou falso (true/false).' }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nada a alterar: envie hidden ou dismiss_flags.' })

export function createForumRouter(ctx: AppContext) {
  const router = Router()
  // Topics, replies and edits; votes and flags have their own, looser limits.
  const posts = limiter(ctx, { name: 'forum-posts', windowMs: 10 * 60_000, limit: 20, by: 'user', message: FLOOD_MESSAGE })
  const votes = limiter(ctx, { name: 'forum-votes', windowMs: 60_000, limit: 60, by: 'user', message: FLOOD_MESSAGE })
  const flags = limiter(ctx, { name: 'forum-flags', windowMs: 10 * 60_000, limit: 20, by: 'user', message: FLOOD_MESSAGE })
  const questionNotFound = 'Questão não encontrada'
  const topicNotFound = 'Tópico não encontrado.'
  const replyNotFound = 'Resposta não encontrada.'

  router.get(
    '/questions/:id/forum/topics',
    loginFirst,
    handler(async (req, res) => {
      const id = pathId(req, 'id', questionNotFound)
      const query = parse(PageQuery, req.query)
      res.json({ success: true, ...unwrap(await listTopics(ctx.db, id, currentUser(req), query.page)) })
    }),
  )

  router.post(
    '/questions/:id/forum/topics',
    loginFirst,
    posts,
    handler(async (req, res) => {
      const id = pathId(req, 'id', questionNotFound)
      const body = parse(TopicBody, req.body ?? {})
      res
        .status(201)
        .json({ success: true, message: 'Tópico criado.', topic: unwrap(await createTopic(ctx.db, currentUser(req), id, body)) })
    }),
  )

  router.put(
    '/forum/topics/:id',
    loginFirst,
    posts,
    handler(async (req, res) => {
      const id = pathId(req, 'id', topicNotFound)
      const body = parse(TopicBody, req.body ?? {})
      res.json({ success: true, message: 'Tópico atualizado.', topic: unwrap(await updateTopic(ctx.db, currentUser(req), id, body)) })
    }),
  )

  router.delete(
    '/forum/topics/:id',
    loginFirst,
    handler(async (req, res) => {
      const id = pathId(req, 'id', topicNotFound)
      res.json({ success: true, message: 'Tópico excluído.', ...unwrap(await deleteTopic(ctx.db, currentUser(req), id)) })
    }),
  )

  router.post(
    '/forum/topics/:id/replies',
    loginFirst,
    posts,
    handler(async (req, res) => {
      const id = pathId(req, 'id', topicNotFound)
      const body = parse(ReplyBody, req.body ?? {})
      res
        .status(201)
        .json({ success: true, message: 'Resposta publicada.', reply: unwrap(await createReply(ctx.db, currentUser(req), id, body)) })
    }),
  )

  router.put(
    '/forum/replies/:id',
    loginFirst,
    posts,
    handler(async (req, res) => {
      const id = pathId(req, 'id', replyNotFound)
      const body = parse(ReplyBody, req.body ?? {})
      res.json({ success: true, message: 'Resposta atualizada.', reply: unwrap(await updateReply(ctx.db, currentUser(req), id, body)) })
    }),
  )

  router.delete(
    '/forum/replies/:id',
    loginFirst,
    handler(async (req, res) => {
      const id = pathId(req, 'id', replyNotFound)
      res.json({ success: true, message: 'Resposta excluída.', ...unwrap(await deleteReply(ctx.db, currentUser(req), id)) })
    }),
  )

  router.put(
    '/forum/topics/:id/vote',
    loginFirst,
    votes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', topicNotFound)
      const { vote } = parse(VoteBody, req.body ?? {})
      res.json({ success: true, ...unwrap(await voteTopic(ctx.db, currentUser(req), id, vote)) })
    }),
  )

  router.put(
    '/forum/replies/:id/vote',
    loginFirst,
    votes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', replyNotFound)
      const { vote } = parse(VoteBody, req.body ?? {})
      res.json({ success: true, ...unwrap(await voteReply(ctx.db, currentUser(req), id, vote)) })
    }),
  )

  router.post(
    '/forum/topics/:id/flag',
    loginFirst,
    flags,
    handler(async (req, res) => {
      const id = pathId(req, 'id', topicNotFound)
      const { reason } = parse(FlagBody, req.body ?? {})
      unwrap(await flagTopic(ctx.db, currentUser(req), id, reason))
      res.status(201).json({ success: true, message: 'Denúncia enviada. Obrigado por avisar a moderação.' })
    }),
  )

  router.post(
    '/forum/replies/:id/flag',
    loginFirst,
    flags,
    handler(async (req, res) => {
      const id = pathId(req, 'id', replyNotFound)
      const { reason } = parse(FlagBody, req.body ?? {})
      unwrap(await flagReply(ctx.db, currentUser(req), id, reason))
      res.status(201).json({ success: true, message: 'Denúncia enviada. Obrigado por avisar a moderação.' })
    }),
  )

  return router
}

/** Mounted at /admin: the moderation queue and the moderators' changes. */
export function createAdminForumRouter(ctx: AppContext) {
  const router = Router()

  router.get(
    '/forum',
    requireAdmin,
    handler(async (req, res) => {
      const query = parse(QueueQuery, req.query)
      res.json(await forumQueue(ctx.db, { filter: query.filter as ForumQueueFilter | undefined, page: query.page }))
    }),
  )

  router.put(
    '/forum/topics/:id',
    requireAdmin,
    handler(async (req, res) => {
      const id = pathId(req, 'id', 'Tópico não encontrado.')
      const change = parse(TopicModeration, req.body ?? {})
      const outcome = await moderateTopic(ctx.db, currentUser(req).id, id, change)
      if (outcome.kind === 'not-found') throw new HttpError(404, 'Tópico não encontrado.')
      res.json({ success: true, message: 'Tópico atualizado.', topic: outcome.item })
    }),
  )

  router.put(
    '/forum/replies/:id',
    requireAdmin,
    handler(async (req, res) => {
      const id = pathId(req, 'id', 'Resposta não encontrada.')
      const change = parse(ReplyModeration, req.body ?? {})
      const outcome = await moderateReply(ctx.db, currentUser(req).id, id, change)
      if (outcome.kind === 'not-found') throw new HttpError(404, 'Resposta não encontrada.')
      res.json({ success: true, message: 'Resposta atualizada.', reply: outcome.item })
    }),
  )

  return router
}
