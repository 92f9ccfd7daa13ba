import busboy from 'busboy'
import { and, count, desc, eq, isNull, max, ne } from 'drizzle-orm'
import type { Request } from 'express'
import { Router } from 'express'
import type { AppContext } from '../context'
import { disciplines, questionTopics, questions, topics, users } from '../db/schema'
import type { FileResult } from '../domain/import/importer'
import { failedFile, importDisciplinesBytes, importExamBytes } from '../domain/import/importer'
import { MAX_DISCIPLINE_FILES, MAX_EXAM_FILES, MAX_FILE_BYTES, validationSummary } from '../domain/import/text-file'
import { DISCIPLINE_CHECK_OK, DisciplineCheckSchema } from '../domain/import/schemas'
import { nameKey } from '../domain/text'
import { requireAdmin } from './auth-middleware'
import { HttpError, handler, parse } from './http'

type UploadedFile = { filename: string; bytes?: Buffer; error?: string }

/**
 * Reads the repeated `file` parts with busboy, enforcing the limits while streaming:
 * a part over 5 MB is cut off and reported (never imported truncated), and more files than
 * allowed refuse the whole upload before anything is imported.
 */
function readUpload(req: Request, options: { maxFiles: number; extension: string }): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) {
      reject(new HttpError(400, 'Envie os arquivos como multipart/form-data no campo file'))
      return
    }
    let bb: busboy.Busboy
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_FILE_BYTES, files: options.maxFiles, fields: 20, parts: options.maxFiles + 20 },
      })
    } catch {
      reject(new HttpError(400, 'Envie os arquivos como multipart/form-data no campo file'))
      return
    }
    const files: UploadedFile[] = []
    let tooMany = false
    bb.on('file', (_field, stream, info) => {
      const filename = info.filename || 'arquivo'
      const entry: UploadedFile = { filename }
      files.push(entry)
      if (!filename.toLowerCase().endsWith(options.extension)) {
        entry.error = `Tipo de arquivo não suportado: ${filename}`
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => {
        entry.error = `Erro no arquivo ${filename}: arquivo maior que 5 MB`
      })
      stream.on('end', () => {
        if (!entry.error) entry.bytes = Buffer.concat(chunks)
      })
    })
    bb.on('filesLimit', () => {
      tooMany = true
    })
    bb.on('partsLimit', () => {
      tooMany = true
    })
    bb.on('error', () => reject(new HttpError(400, 'Envio multipart inválido ou interrompido')))
    bb.on('close', () => {
      if (tooMany) {
        reject(new HttpError(400, `Envie no máximo ${options.maxFiles} arquivos ${options.extension} por vez`))
        return
      }
      if (files.length === 0) {
        reject(new HttpError(400, 'Selecione pelo menos um arquivo'))
        return
      }
      resolve(files)
    })
    req.pipe(bb)
  })
}

function forceFlag(req: Request) {
  const value = String(req.query.force ?? '').toLowerCase()
  return value === 'true' || value === '1'
}

/** The upload answer: 200 when every file imported, 422 with the summary otherwise. */
function uploadResponse(results: FileResult[]) {
  const failed = results.filter((r) => !r.success)
  const errorCount = failed.reduce((n, r) => n + Math.max(1, r.validations.reduce((m, v) => m + v.errors.length, 0)), 0)
  const message = failed.length ? validationSummary(errorCount) : 'Upload realizado com sucesso!'
  const body = {
    success: failed.length === 0,
    message,
    ...(failed.length ? { error: message } : {}),
    processed_questions: results.reduce((n, r) => n + r.processed_questions, 0),
    files: results,
    validations: failed.flatMap((r) => r.validations.map((v) => ({ item: results.length > 1 ? `${r.filename}: ${v.item}` : v.item, errors: v.errors }))),
    errors: failed.flatMap((r) => r.validations.flatMap((v) => v.errors.map((e) => `${r.filename}: ${e.message}`))),
  }
  return { status: failed.length ? 422 : 200, body }
}


export function createAdminRouter(ctx: AppContext) {
  const router = Router()
  router.use(requireAdmin)

  router.post(
    '/disciplines/upload',
    handler(async (req, res) => {
      const files = await readUpload(req, { maxFiles: MAX_DISCIPLINE_FILES, extension: '.json' })
      const results: FileResult[] = []
      for (const file of files) {
        const started = performance.now()
        if (file.error || !file.bytes) results.push(failedFile(file.filename, [{ item: 'arquivo', errors: [{ message: file.error ?? 'arquivo vazio' }] }], started, file.error))
        else results.push(await importDisciplinesBytes(ctx.db, file.filename, file.bytes))
      }
      const { status, body } = uploadResponse(results)
      res.status(status).json(body)
    }),
  )

  router.post(
    '/disciplines/search',
    handler(async (req, res) => {
      const { disciplina, assunto } = parse(DisciplineCheckSchema, req.body ?? {})
      const [discipline] = await ctx.db.select().from(disciplines).where(eq(disciplines.nameKey, nameKey(disciplina)))
      if (!discipline) throw new HttpError(404, `Disciplina não encontrada: ${disciplina}`)
      const [topic] = await ctx.db
        .select()
        .from(topics)
        .where(and(eq(topics.disciplineId, discipline.id), eq(topics.nameKey, nameKey(assunto))))
      if (!topic) throw new HttpError(404, `Assunto não encontrado em ${discipline.name}: ${assunto}`)
      res.json({
        success: true,
        message: DISCIPLINE_CHECK_OK,
        data: { discipline: { id: discipline.id, name: discipline.name }, topic: { id: topic.id, name: topic.name } },
      })
    }),
  )

  router.post(
    '/questions/upload-exam-txt',
    handler(async (req, res) => {
      const files = await readUpload(req, { maxFiles: MAX_EXAM_FILES, extension: '.txt' })
      const force = forceFlag(req)
      const results: FileResult[] = []
      // One file after the other, each in its own transaction: judged on its own.
      for (const file of files) {
        const started = performance.now()
        if (file.error || !file.bytes) results.push(failedFile(file.filename, [{ item: 'arquivo', errors: [{ message: file.error ?? 'arquivo vazio' }] }], started, file.error))
        else results.push(await importExamBytes(ctx.db, file.filename, file.bytes, { force }))
      }
      const { status, body } = uploadResponse(results)
      res.status(status).json(body)
    }),
  )

  router.get(
    '/dashboard/stats',
    handler(async (_req, res) => {
      const live = isNull(questions.removedAt)
      const [[q], [s], [d], [u]] = await Promise.all([
        ctx.db.select({ n: count() }).from(questions).where(live),
        ctx.db.select({ n: count() }).from(users).where(ne(users.planName, 'ADMIN')),
        ctx.db.select({ n: count() }).from(disciplines),
        ctx.db.select({ at: max(questions.updatedAt) }).from(questions),
      ])
      res.json({
        success: true,
        data: {
          totalQuestions: Number(q.n),
          totalStudents: Number(s.n),
          totalDisciplines: Number(d.n),
          lastUpdated: u.at ? new Date(u.at).toISOString() : null,
        },
      })
    }),
  )

  router.get(
    '/dashboard/questions-by-discipline',
    handler(async (_req, res) => {
      const n = count(questions.id)
      const rows = await ctx.db
        .select({ name: disciplines.name, count: n })
        .from(disciplines)
        .leftJoin(questions, and(eq(questions.disciplineId, disciplines.id), isNull(questions.removedAt)))
        .groupBy(disciplines.id, disciplines.name)
        .orderBy(desc(n), disciplines.name)
      res.json({ success: true, data: rows.map((r) => ({ name: r.name, count: Number(r.count) })) })
    }),
  )

  router.get(
    '/dashboard/questions-by-topic',
    handler(async (_req, res) => {
      const n = count(questions.id)
      const rows = await ctx.db
        .select({ discipline: disciplines.name, topic: topics.name, count: n })
        .from(topics)
        .innerJoin(disciplines, eq(disciplines.id, topics.disciplineId))
        .leftJoin(questionTopics, eq(questionTopics.topicId, topics.id))
        .leftJoin(questions, and(eq(questions.id, questionTopics.questionId), isNull(questions.removedAt)))
        .groupBy(topics.id, topics.name, disciplines.name)
        .orderBy(desc(n), disciplines.name, topics.name)
      res.json({ success: true, data: rows.map((r) => ({ discipline: r.discipline, topic: r.topic, count: Number(r.count) })) })
    }),
  )

  return router
}

