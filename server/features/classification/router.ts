import { Router } from 'express'

import { HttpError, unwrap } from '../../api/http'
import { route } from '../../api/route'
import type { AppContext } from '../../context'
import { currentModel, lastModel, retrainSoon } from '../../domain/classify/current'
import { applyModel, classificationQueue, classificationReport, modelJson, reviewQuestions } from './classification'
import { classificationApi } from './contract'
import { reviewedMessage, topicsReviewedMessage } from './messages'
import { reviewTopics, topicQueue } from './topics'

/**
 * The classification desk (ADR 052), mounted at the API's root behind the admin guard. The
 * queue reads the model in memory (it never trains); the report and apply use the current one,
 * retrained first if the labels moved.
 */
export function createClassificationRouter(ctx: AppContext) {
  const router = Router()
  const options = () => ({ modelFile: ctx.config.DISCIPLINE_MODEL_FILE })

  route(
    router,
    classificationApi.queue,
  )(async ({ query }) =>
    classificationQueue(
      ctx.db,
      { examId: query.exam_id, disciplineId: query.discipline_id, confidence: query.confidence, page: query.page },
      lastModel(ctx.db, options()),
    ),
  )

  route(
    router,
    classificationApi.review,
  )(async ({ body }) => {
    const { reviewed, changed } = unwrap(await reviewQuestions(ctx.db, body.items, ctx.clock()))
    retrainSoon(ctx.db, options())
    return { success: true, message: reviewedMessage(reviewed), reviewed, changed }
  })

  route(
    router,
    classificationApi.topicQueue,
  )(async ({ query }) =>
    topicQueue(ctx.db, { examId: query.exam_id, disciplineId: query.discipline_id, confidence: query.confidence, page: query.page }),
  )

  route(
    router,
    classificationApi.topicReview,
  )(async ({ body }) => {
    const { reviewed, changed } = unwrap(await reviewTopics(ctx.db, body.items))
    return { success: true, message: topicsReviewedMessage(reviewed), reviewed, changed }
  })

  // The report (the CLI's) says which model the next import would use: it may train, once per change of the labels.
  route(router, classificationApi.report)(async () => classificationReport(ctx.db, await currentModel(ctx.db, options())))

  route(
    router,
    classificationApi.apply,
  )(async () => {
    const current = await currentModel(ctx.db, options())
    if (!current.ok) throw new HttpError(422, current.error)
    return { ...(await applyModel(ctx.db, current, ctx.clock())), model: modelJson(current) }
  })

  return router
}
