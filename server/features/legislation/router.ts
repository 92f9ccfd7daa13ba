import { Router } from 'express'

import { withStatus } from '../../api/contract'
import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import type { BadgeOutcome } from './badges'
import { changeQuestions, decideBadge, questionBadges, undecideBadge } from './badges'
import { legislationApi } from './contract'
import type { OutdatedOutcome, SaveOutcome } from './legislation'
import { confirmOutdated, deleteChange, listChanges, listExamDates, saveChange, setExamDate, undoOutdated } from './legislation'
import {
  BADGE_CONFIRMED,
  BADGE_REMOVED,
  BADGE_RESET,
  CHANGE_CREATED,
  CHANGE_DELETED,
  CHANGE_NOT_FOUND,
  CHANGE_UPDATED,
  EXAM_DATE_CLEARED,
  EXAM_DATE_SAVED,
  EXAM_NOT_FOUND,
  OUTDATED_CONFIRMED,
  OUTDATED_UNDONE,
  QUESTION_NOT_FOUND,
  REPORT_NOT_FOUND,
  UNKNOWN_DISCIPLINE,
} from './messages'

// Legislative changes and outdated questions: the contract (./contract.ts) says what each route reads and answers.

function saved(outcome: SaveOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, CHANGE_NOT_FOUND)
  if (outcome.kind === 'unknown-discipline') throw new HttpError(400, UNKNOWN_DISCIPLINE)
  return outcome.change
}

function outdated(outcome: OutdatedOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, QUESTION_NOT_FOUND)
  if (outcome.kind === 'report-not-found') throw new HttpError(404, REPORT_NOT_FOUND)
  return outcome.question
}

function badge(outcome: BadgeOutcome) {
  if (outcome.kind === 'question-not-found') throw new HttpError(404, QUESTION_NOT_FOUND)
  if (outcome.kind === 'change-not-found') throw new HttpError(404, CHANGE_NOT_FOUND)
  return outcome.badge
}

export function createLegislationRouter(ctx: AppContext) {
  const router = Router()

  route(router, legislationApi.list)(async () => ({ data: await listChanges(ctx.db) }))
  route(router, legislationApi.adminList)(async () => ({ data: await listChanges(ctx.db) }))

  route(
    router,
    legislationApi.create,
  )(async ({ body }) => {
    const change = saved(await saveChange(ctx.db, body, ctx.clock()))
    return withStatus(201, { success: true as const, message: CHANGE_CREATED, change })
  })

  route(
    router,
    legislationApi.update,
  )(async ({ params, body }) => ({
    success: true as const,
    message: CHANGE_UPDATED,
    change: saved(await saveChange(ctx.db, body, ctx.clock(), params.id)),
  }))

  route(
    router,
    legislationApi.remove,
  )(async ({ params }) => {
    if (!(await deleteChange(ctx.db, params.id))) throw new HttpError(404, CHANGE_NOT_FOUND)
    return { success: true as const, message: CHANGE_DELETED }
  })

  route(
    router,
    legislationApi.confirmOutdated,
  )(async ({ req, params, body }) => ({
    success: true as const,
    message: OUTDATED_CONFIRMED,
    question: outdated(await confirmOutdated(ctx.db, currentUser(req).id, params.id, body, ctx.clock())),
  }))

  route(
    router,
    legislationApi.undoOutdated,
  )(async ({ params }) => ({ success: true as const, message: OUTDATED_UNDONE, question: outdated(await undoOutdated(ctx.db, params.id)) }))

  route(
    router,
    legislationApi.changeQuestions,
  )(async ({ params, query }) => {
    const page = await changeQuestions(ctx.db, params.id, query.decision, query.page)
    if (!page) throw new HttpError(404, CHANGE_NOT_FOUND)
    return page
  })
  route(
    router,
    legislationApi.questionBadges,
  )(async ({ params }) => {
    const found = await questionBadges(ctx.db, params.id)
    if (!found) throw new HttpError(404, QUESTION_NOT_FOUND)
    return found
  })
  route(
    router,
    legislationApi.decideBadge,
  )(async ({ req, params, body }) => ({
    success: true as const,
    message: body.decision === 'confirm' ? BADGE_CONFIRMED : BADGE_REMOVED,
    badge: badge(await decideBadge(ctx.db, currentUser(req).id, params.id, params.change_id, body.decision, ctx.clock())),
  }))
  route(
    router,
    legislationApi.undecideBadge,
  )(async ({ params }) => ({
    success: true as const,
    message: BADGE_RESET,
    badge: badge(await undecideBadge(ctx.db, params.id, params.change_id)),
  }))
  route(router, legislationApi.examDates)(async () => ({ data: await listExamDates(ctx.db) }))

  route(
    router,
    legislationApi.setExamDate,
  )(async ({ params, body }) => {
    const exam = await setExamDate(ctx.db, params.id, body.applied_on, ctx.clock())
    if (!exam) throw new HttpError(404, EXAM_NOT_FOUND)
    return { success: true as const, message: body.applied_on ? EXAM_DATE_SAVED : EXAM_DATE_CLEARED, exam }
  })

  return router
}
