import { Router } from 'express'

import { HttpError, unwrap } from '../../api/http'
import { route } from '../../api/route'
import { requireAdmin } from '../../api/session'
import { readUpload } from '../../api/upload'
import type { AppContext } from '../../context'
import { currentModel, retrainSoon } from '../../domain/classify/current'
import { findDisciplineTopic } from '../../domain/disciplines'
import type { FileResult } from '../../domain/import/importer'
import { importDisciplinesBytes, importExamFiles, unreadFile } from '../../domain/import/importer'
import { MAX_DISCIPLINE_FILES, MAX_EXAM_FILES, validationSummary } from '../../domain/import/text-file'
import { parseTreeText } from '../../domain/topics/tree-text'
import type { UploadResult } from './contract'
import { adminApi } from './contract'
import { dashboardStats, questionsByDiscipline, questionsByTopic } from './dashboard'
import { DISCIPLINE_CHECK_OK } from './import-schemas'
import { exportDisciplines, saveTopicTree, treeSavedMessage } from './topic-trees'

function isForced(value: string | undefined) {
  return value?.toLowerCase() === 'true' || value === '1'
}

/** The upload answer: every file imported, or a 422 with the summary (the same fields, plus `error`). */
function uploadReply(results: FileResult[]): UploadResult {
  const failed = results.filter((r) => !r.success)
  const errorCount = failed.reduce(
    (n, r) =>
      n +
      Math.max(
        1,
        r.validations.reduce((m, v) => m + v.errors.length, 0),
      ),
    0,
  )
  const message = failed.length ? validationSummary(errorCount) : 'Upload realizado com sucesso!'
  const body = {
    success: failed.length === 0,
    message,
    ...(failed.length ? { error: message } : {}),
    processed_questions: results.reduce((n, r) => n + r.processed_questions, 0),
    files: results,
    validations: failed.flatMap((r) =>
      r.validations.map((v) => ({ item: results.length > 1 ? `${r.filename}: ${v.item}` : v.item, errors: v.errors })),
    ),
    errors: failed.flatMap((r) => r.validations.flatMap((v) => v.errors.map((e) => `${r.filename}: ${e.message}`))),
  }
  // A refused file makes the whole answer a 422 carrying every file's outcome.
  if (failed.length) {
    const { error, ...rest } = body
    throw new HttpError(422, error ?? message, rest)
  }
  return body
}

/**
 * The admin's routes, mounted at the API's root. Every /admin path, these and those of the
 * routers mounted after this one, answers 401/403 first to anyone but an admin.
 */
export function createAdminRouter(ctx: AppContext) {
  const router = Router()
  router.use('/admin', requireAdmin())

  // Multipart: the contract says what comes and goes; the handler reads the files itself.
  route(
    router,
    adminApi.uploadDisciplines,
  )(async ({ req }) => {
    const files = await readUpload(req, { maxFiles: MAX_DISCIPLINE_FILES, extension: '.json' })
    const results: FileResult[] = []
    for (const file of files) {
      const started = performance.now()
      if (file.error || !file.bytes) results.push(unreadFile(file, started))
      else results.push(await importDisciplinesBytes(ctx.db, file.filename, file.bytes))
    }
    return uploadReply(results)
  })

  route(
    router,
    adminApi.checkDisciplineTopic,
  )(async ({ body }) => {
    const { discipline, topic } = body
    const match = await findDisciplineTopic(ctx.db, discipline, topic)
    if (match.kind === 'no-discipline') throw new HttpError(404, `Disciplina não encontrada: ${discipline}`)
    if (match.kind === 'no-topic') throw new HttpError(404, `Assunto não encontrado em ${match.discipline.name}: ${topic}`)
    return { success: true, message: DISCIPLINE_CHECK_OK, data: { discipline: match.discipline, topic: match.topic } }
  })

  route(
    router,
    adminApi.uploadExams,
  )(async ({ req, query }) => {
    const files = await readUpload(req, { maxFiles: MAX_EXAM_FILES, extension: '.txt' })
    // Each file in its own transaction, judged on its own; two at once on PostgreSQL (ADR 027).
    const lanes = ctx.database.kind === 'postgres' ? 2 : 1
    // Unlabelled questions get the bank's current model, retrained first if the labels moved (ADR 052).
    const modelFile = ctx.config.DISCIPLINE_MODEL_FILE
    const model = () => currentModel(ctx.db, { modelFile })
    const reply = uploadReply(await importExamFiles(ctx.db, files, { force: isForced(query.force), lanes, now: ctx.clock(), model }))
    // New labels from the files: the next model trains now, not in the next upload's time.
    retrainSoon(ctx.db, { modelFile })
    return reply
  })

  route(
    router,
    adminApi.saveTopicTree,
  )(async ({ params, body }) => {
    const parsed = parseTreeText(body.assuntos)
    if (!parsed.ok)
      throw new HttpError(422, validationSummary(parsed.errors.length), {
        validations: parsed.errors.map((e) => ({ item: `linha ${e.line}`, errors: [{ message: e.message }] })),
      })
    const saved = unwrap(await saveTopicTree(ctx.db, params.id, parsed.topics))
    return { success: true, message: treeSavedMessage(saved), created: saved.created, updated: saved.updated, removed: saved.removed }
  })

  route(router, adminApi.exportDisciplines)(async () => exportDisciplines(ctx.db))

  route(router, adminApi.stats)(async () => ({ success: true, data: await dashboardStats(ctx.db) }))

  route(router, adminApi.questionsByDiscipline)(async () => ({ success: true, data: await questionsByDiscipline(ctx.db) }))

  route(router, adminApi.questionsByTopic)(async () => ({ success: true, data: await questionsByTopic(ctx.db) }))

  return router
}
