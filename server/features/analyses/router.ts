import { Router } from 'express'

import { HttpError } from '../../api/http'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import { refuseExamWhileInSimulado, refuseWhileInSimulado } from '../../api/sitting-hold'
import { readUpload } from '../../api/upload'
import type { AppContext } from '../../context'
import { MAX_EXAM_FILES } from '../../domain/import/text-file'
import type { SaveOutcome } from './analyses'
import { analysesSummary, deskQueue, deskView, previewCitations, publishAnalysis, unpublishAnalysis } from './analyses'
import type { ImportFileJson } from './contract'
import { analysesApi } from './contract'
import { examsWithAnalyses, exportExam, importAnalysesFile } from './file'
import { EXAM_NOT_FOUND, QUESTION_NOT_FOUND } from './messages'

// The analysis desk (issue 40): the contract (./contract.ts) says what each route reads and answers.

function saved(outcome: SaveOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, outcome.message)
  if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message)
  if (outcome.kind === 'conflict') throw new HttpError(409, outcome.message, { current: outcome.current })
  return { success: true as const, message: outcome.message, analysis: outcome.analysis }
}

export function createAnalysesRouter(ctx: AppContext) {
  const router = Router()
  const author = (req: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(req)
    return { id: user.id, name: user.name }
  }

  route(
    router,
    analysesApi.queue,
  )(({ query }) =>
    deskQueue(ctx.db, {
      disciplineId: query.discipline_id,
      examId: query.exam_id,
      predicted: query.predicted === undefined ? undefined : query.predicted === 'true',
      page: query.page,
    }),
  )

  route(
    router,
    analysesApi.desk,
  )(async ({ req, params }) => {
    // A professor sitting a simulado reads the key of its questions here no more than in the bank.
    await refuseWhileInSimulado(ctx, currentUser(req).id, params.id)
    const view = await deskView(ctx.db, params.id)
    if (!view) throw new HttpError(404, QUESTION_NOT_FOUND)
    return view
  })

  // Saving answers with the analysis (or, on a conflict, the one saved meanwhile): held like the desk.
  route(
    router,
    analysesApi.publish,
  )(async ({ req, params, body }) => {
    await refuseWhileInSimulado(ctx, currentUser(req).id, params.id)
    return saved(await publishAnalysis(ctx.db, params.id, author(req), body, ctx.clock()))
  })

  route(
    router,
    analysesApi.unpublish,
  )(async ({ req, params, body }) => {
    await refuseWhileInSimulado(ctx, currentUser(req).id, params.id)
    return saved(await unpublishAnalysis(ctx.db, params.id, author(req), body.base_version, ctx.clock()))
  })

  route(
    router,
    analysesApi.preview,
  )(async ({ params, body }) => {
    const citations = await previewCitations(ctx.db, params.id, body.text)
    if (!citations) throw new HttpError(404, QUESTION_NOT_FOUND)
    return { citations }
  })

  route(router, analysesApi.exams)(async () => ({ data: await examsWithAnalyses(ctx.db) }))

  route(
    router,
    analysesApi.exportExam,
  )(async ({ req, params }) => {
    await refuseExamWhileInSimulado(ctx, currentUser(req).id, params.id)
    const file = await exportExam(ctx.db, params.id)
    if (!file) throw new HttpError(404, EXAM_NOT_FOUND)
    return file
  })

  route(
    router,
    analysesApi.importFiles,
  )(async ({ req }) => {
    const files = await readUpload(req, { maxFiles: MAX_EXAM_FILES, extension: '.txt' })
    const results: ImportFileJson[] = []
    for (const file of files) results.push(await importAnalysesFile(ctx.db, file, author(req), ctx.clock()))
    const count = (pick: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + pick(r), 0)
    const conflicts = count((r) => r.conflicts.length)
    const message = `Análises publicadas: ${count((r) => r.published)}; atualizadas: ${count((r) => r.updated)}; iguais: ${count((r) => r.unchanged)}; conflitos: ${conflicts}.`
    return { success: true as const, message, files: results }
  })

  route(router, analysesApi.summary)(async () => analysesSummary(ctx.db, ctx.clock()))

  return router
}
