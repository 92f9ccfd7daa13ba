import { Router } from 'express'

import { HttpError, unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import { refuseWhileInSimulado } from '../../api/sitting-hold'
import type { AppContext } from '../../context'
import { forumApi } from './contract'
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
} from './forum'
import { FLAG_SENT, FLOOD_MESSAGE, REPLY_NOT_FOUND, TOPIC_NOT_FOUND } from './messages'
import { forumQueue, moderateReply, moderateTopic } from './moderation'

// Discussões: the contract (./contract.ts) says what each route reads and answers, and that
// reading needs a login (its own message, before anything else is read); posting needs the
// policy's 'comments' feature (./forum.ts); writes are rate limited per user.

export function createForumRouter(ctx: AppContext) {
  const router = Router()
  // Topics, replies and edits; votes and flags have their own, looser limits.
  const posts = limiter(ctx, { name: 'forum-posts', windowMs: 10 * 60_000, limit: 20, by: 'user', message: FLOOD_MESSAGE })
  const votes = limiter(ctx, { name: 'forum-votes', windowMs: 60_000, limit: 60, by: 'user', message: FLOOD_MESSAGE })
  const flags = limiter(ctx, { name: 'forum-flags', windowMs: 10 * 60_000, limit: 20, by: 'user', message: FLOOD_MESSAGE })

  route(
    router,
    forumApi.listTopics,
  )(async ({ req, params, query }) => {
    await refuseWhileInSimulado(ctx, currentUser(req).id, params.id)
    return { success: true, ...unwrap(await listTopics(ctx.db, params.id, currentUser(req), query.page)) }
  })

  route(router, forumApi.createTopic, [posts])(async ({ req, params, body }) => {
    await refuseWhileInSimulado(ctx, currentUser(req).id, params.id)
    return {
      success: true,
      message: 'Tópico criado.',
      topic: unwrap(await createTopic(ctx.db, currentUser(req), params.id, body, ctx.clock())),
    }
  })

  route(router, forumApi.updateTopic, [posts])(async ({ req, params, body }) => ({
    success: true,
    message: 'Tópico atualizado.',
    topic: unwrap(await updateTopic(ctx.db, currentUser(req), params.id, body, ctx.clock())),
  }))

  route(
    router,
    forumApi.deleteTopic,
  )(async ({ req, params }) => ({
    success: true,
    message: 'Tópico excluído.',
    ...unwrap(await deleteTopic(ctx.db, currentUser(req), params.id, ctx.clock())),
  }))

  route(router, forumApi.createReply, [posts])(async ({ req, params, body }) => ({
    success: true,
    message: 'Resposta publicada.',
    reply: unwrap(await createReply(ctx.db, currentUser(req), params.id, body, ctx.clock())),
  }))

  route(router, forumApi.updateReply, [posts])(async ({ req, params, body }) => ({
    success: true,
    message: 'Resposta atualizada.',
    reply: unwrap(await updateReply(ctx.db, currentUser(req), params.id, body, ctx.clock())),
  }))

  route(
    router,
    forumApi.deleteReply,
  )(async ({ req, params }) => ({
    success: true,
    message: 'Resposta excluída.',
    ...unwrap(await deleteReply(ctx.db, currentUser(req), params.id, ctx.clock())),
  }))

  route(router, forumApi.voteTopic, [votes])(async ({ req, params, body }) => ({
    success: true,
    ...unwrap(await voteTopic(ctx.db, currentUser(req), params.id, body.vote)),
  }))

  route(router, forumApi.voteReply, [votes])(async ({ req, params, body }) => ({
    success: true,
    ...unwrap(await voteReply(ctx.db, currentUser(req), params.id, body.vote)),
  }))

  route(router, forumApi.flagTopic, [flags])(async ({ req, params, body }) => {
    unwrap(await flagTopic(ctx.db, currentUser(req), params.id, body.reason))
    return { success: true, message: FLAG_SENT }
  })

  route(router, forumApi.flagReply, [flags])(async ({ req, params, body }) => {
    unwrap(await flagReply(ctx.db, currentUser(req), params.id, body.reason))
    return { success: true, message: FLAG_SENT }
  })

  return router
}

/** The moderation queue and the moderators' changes: their paths carry /admin, so this is mounted at the API's root. */
export function createAdminForumRouter(ctx: AppContext) {
  const router = Router()

  route(router, forumApi.queue)(async ({ query }) => forumQueue(ctx.db, { filter: query.filter, page: query.page }))

  route(
    router,
    forumApi.moderateTopic,
  )(async ({ req, params, body }) => {
    const outcome = await moderateTopic(ctx.db, currentUser(req).id, params.id, body, ctx.clock())
    if (outcome.kind === 'not-found') throw new HttpError(404, TOPIC_NOT_FOUND)
    return { success: true, message: 'Tópico atualizado.', topic: outcome.item }
  })

  route(
    router,
    forumApi.moderateReply,
  )(async ({ req, params, body }) => {
    const outcome = await moderateReply(ctx.db, currentUser(req).id, params.id, body, ctx.clock())
    if (outcome.kind === 'not-found') throw new HttpError(404, REPLY_NOT_FOUND)
    return { success: true, message: 'Resposta atualizada.', reply: outcome.item }
  })

  return router
}
