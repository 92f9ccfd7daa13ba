import type { Request } from 'express'
import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import type { Difficulty } from '../db/schema'
import type { UseOutcome } from '../domain/questions/answers'
import { answerQuestion, reportError, revealAnswer, revealedAnswer } from '../domain/questions/answers'
import { errorReportMessage } from '../domain/questions/schemas'
import type { QuestionStatus, SearchParams } from '../domain/questions/search'
import { DEFAULT_PER_PAGE, filterOptions, loadCards, MAX_PER_PAGE, searchQuestions } from '../domain/questions/search'
import { elapsedFromToken, withShownTokens } from '../domain/questions/timing'
import { NOTEBOOK_NOT_FOUND } from '../features/notebooks/messages'
import { ownsNotebook } from '../features/notebooks/notebooks'
import { handler, HttpError, parse } from './http'
import { limiter } from './rate-limit'

/** Login needed to answer or reveal (spec section 8: 'Login necessário'). */
export const LOGIN_MESSAGE = 'Login necessário. Faça login para registrar suas tentativas.'
export const MAX_PAGE = 10_000
export const NOT_REVEALED_MESSAGE = 'Resposta ainda não revelada.'

/** A query value as a list: repeated keys, `key[]=`, or comma-separated. */
function many(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return items
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [String(v)]))
    .map((v) => v.trim())
    .filter(Boolean)
}

function ints(req: Request, key: string, message: string) {
  const values = many(req.query[key] ?? req.query[`${key}[]`])
  return values.map((v) => {
    if (!/^\d{1,9}$/.test(v) || Number(v) < 1) throw new HttpError(400, message)
    return Number(v)
  })
}

function strings(req: Request, key: string, message: string) {
  const values = many(req.query[key] ?? req.query[`${key}[]`])
  if (values.some((v) => v.length > 120)) throw new HttpError(400, message)
  return values
}

function single(req: Request, key: string) {
  const value = req.query[key]
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined
  return value === undefined ? undefined : String(value)
}

const DIFFICULTY_MAP: Record<string, Difficulty> = { facil: 'FACIL', medio: 'MEDIO', dificil: 'DIFICIL' }
const STATUSES: QuestionStatus[] = ['unsolved', 'solved', 'wrong']

export function parseSearchQuery(req: Request): SearchParams {
  const pageText = single(req, 'page') ?? '1'
  if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1 || Number(pageText) > MAX_PAGE)
    throw new HttpError(400, `Página inválida: use um número inteiro entre 1 e ${MAX_PAGE}.`)
  const perPageText = single(req, 'per_page') ?? String(DEFAULT_PER_PAGE)
  if (!/^\d{1,6}$/.test(perPageText) || Number(perPageText) < 1 || Number(perPageText) > MAX_PER_PAGE)
    throw new HttpError(400, `per_page inválido: use um número inteiro entre 1 e ${MAX_PER_PAGE}.`)
  const searchTerm = (single(req, 'search_term') ?? '').trim()
  if (searchTerm.length > 200) throw new HttpError(400, 'Texto de busca muito longo (máximo de 200 caracteres).')
  const difficulties = many(req.query.difficulty ?? req.query['difficulty[]']).map((d) => {
    const key = d.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    const value = DIFFICULTY_MAP[key]
    if (!value) throw new HttpError(400, 'Dificuldade inválida: use facil, medio ou dificil.')
    return value
  })
  const years = ints(req, 'year', 'Ano inválido: use anos com 4 dígitos, como 2023.')
  if (years.some((y) => y < 1900 || y > 2100)) throw new HttpError(400, 'Ano inválido: use anos com 4 dígitos, como 2023.')
  const status = single(req, 'status')
  if (status !== undefined && status !== '' && !STATUSES.includes(status as QuestionStatus))
    throw new HttpError(400, 'Situação inválida: use unsolved, solved ou wrong.')
  if (status && !req.user) throw new HttpError(401, 'Faça login para filtrar pela situação das questões.')
  const notebookText = single(req, 'notebook_id')
  if (notebookText !== undefined && notebookText !== '' && (!/^\d{1,9}$/.test(notebookText) || Number(notebookText) < 1))
    throw new HttpError(400, 'notebook_id inválido: use o identificador numérico de um caderno seu.')
  if (notebookText && !req.user) throw new HttpError(401, 'Faça login para filtrar pelos seus cadernos.')
  const random = single(req, 'random')
  if (random !== undefined && random !== 'true' && random !== 'false') throw new HttpError(400, 'random inválido: use true ou false.')
  const seed = single(req, 'seed')
  if (seed && seed.length > 100) throw new HttpError(400, 'seed inválida (máximo de 100 caracteres).')
  return {
    page: Number(pageText),
    perPage: Number(perPageText),
    searchTerm: searchTerm || undefined,
    disciplineIds: ints(req, 'discipline_ids', 'discipline_ids inválido: use identificadores numéricos.'),
    topicIds: ints(req, 'topic_ids', 'topic_ids inválido: use identificadores numéricos.'),
    difficulties,
    years,
    examBoards: strings(req, 'exam_board', 'Banca inválida.'),
    examIds: ints(req, 'exam', 'exam inválido: use identificadores numéricos de prova.'),
    organizations: strings(req, 'organization', 'Órgão inválido.'),
    status: (status || undefined) as QuestionStatus | undefined,
    notebookId: notebookText ? Number(notebookText) : undefined,
    random: random === 'true',
    // Without an explicit seed, a signed-in user keeps one order; visitors get the shared one.
    seed: seed || req.user?.id,
    userId: req.user?.id,
  }
}

function questionId(req: Request) {
  const id = req.params.id
  if (!/^\d{1,9}$/.test(id ?? '')) throw new HttpError(400, 'Identificador de questão inválido.')
  return Number(id)
}

function requireLogin(req: Request) {
  if (!req.user) throw new HttpError(401, LOGIN_MESSAGE)
  return req.user
}

function unwrap<T>(outcome: UseOutcome<T>): T {
  if (outcome.kind === 'not-found') throw new HttpError(404, 'Questão não encontrada')
  if (outcome.kind === 'quota')
    throw new HttpError(403, outcome.message, {
      code: 'QUOTA_EXCEEDED',
      usage: outcome.policy.usage,
      limit: outcome.policy.limits.questionsPerWeek,
    })
  if (outcome.kind === 'invalid-answer') throw new HttpError(400, `Alternativa inválida: escolha uma entre ${outcome.letters.join(', ')}.`)
  return outcome.value
}

const AnswerBody = z.object({
  answer: z
    .string({ error: 'Escolha uma alternativa.' })
    .trim()
    .min(1, { error: 'Escolha uma alternativa.' })
    .max(2, { error: 'Alternativa inválida.' }),
  /** The card's signed shown-at token; anything unusable only means 'time unknown'. */
  shown_token: z
    .unknown()
    .transform((v) => (typeof v === 'string' && v.length <= 100 ? v : null))
    .optional(),
})
const ReportBody = z.object({ message: errorReportMessage })

export function createQuestionsRouter(ctx: AppContext) {
  const router = Router()

  router.get(
    '/questions/search',
    handler(async (req, res) => {
      const params = parseSearchQuery(req)
      // Only the caller's own notebook: another user's is 'not found', like one that does not exist.
      if (params.notebookId && !(await ownsNotebook(ctx.db, params.userId!, params.notebookId)))
        throw new HttpError(404, NOTEBOOK_NOT_FOUND)
      const result = await searchQuestions(ctx.db, params)
      // Each card carries its signed shown-at token for a signed-in caller (answer timing, ADR 018).
      res.json({ success: true, ...result, data: withShownTokens(ctx.config.sessionSecret, req.user?.id, result.data, ctx.clock?.()) })
    }),
  )

  router.get(
    '/questions/filter-options',
    handler(async (_req, res) => {
      res.json(await filterOptions(ctx.db))
    }),
  )

  router.get(
    '/questions/:id',
    handler(async (req, res) => {
      const [card] = await loadCards(ctx.db, [questionId(req)])
      if (!card) throw new HttpError(404, 'Questão não encontrada')
      res.json({ success: true, data: withShownTokens(ctx.config.sessionSecret, req.user?.id, [card], ctx.clock?.())[0] })
    }),
  )

  router.post(
    '/questions/:id/attempts',
    handler(async (req, res) => {
      const id = questionId(req)
      const user = requireLogin(req)
      const { answer, shown_token } = parse(AnswerBody, req.body ?? {})
      const at = ctx.clock?.() ?? new Date()
      // Missing, forged or expired token: the attempt counts, its time is unknown (null).
      const elapsed = elapsedFromToken(ctx.config.sessionSecret, shown_token, user.id, id, at)
      const result = unwrap(await answerQuestion(ctx.db, user, id, answer, at, elapsed))
      res.status(result.annulled ? 200 : 201).json({ success: true, ...result })
    }),
  )

  router.post(
    '/questions/:id/reveal',
    handler(async (req, res) => {
      const id = questionId(req)
      const user = requireLogin(req)
      res.json({ success: true, ...unwrap(await revealAnswer(ctx.db, user, id)) })
    }),
  )

  // What a page may show on a GET: the key of a question this user already opened. It never
  // counts against the quota (revealing is the POST above).
  router.get(
    '/questions/:id/reveal',
    handler(async (req, res) => {
      const id = questionId(req)
      const user = requireLogin(req)
      const outcome = await revealedAnswer(ctx.db, user, id)
      if (outcome.kind === 'not-found') throw new HttpError(404, 'Questão não encontrada')
      if (outcome.kind === 'not-revealed') throw new HttpError(404, NOT_REVEALED_MESSAGE)
      res.json({ success: true, ...outcome.value })
    }),
  )

  router.post(
    '/questions/:id/error-reports',
    limiter(ctx, { name: 'error-reports', windowMs: 15 * 60_000, limit: 10 }),
    handler(async (req, res) => {
      const id = questionId(req)
      const { message } = parse(ReportBody, req.body ?? {})
      const stored = await reportError(ctx.db, id, message, req.user?.id ?? null, req.ip ?? null)
      if (!stored) throw new HttpError(404, 'Questão não encontrada')
      res.status(201).json({ success: true, message: 'Obrigado! Seu relato de erro foi enviado para a equipe.' })
    }),
  )

  return router
}
