import type { Request } from 'express'
import { Router } from 'express'

import { withStatus } from '../../api/contract'
import { HttpError } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { refuseWhileInSimulado } from '../../api/sitting-hold'
import type { AppContext } from '../../context'
import { ownsNotebook } from '../../domain/ownership'
import type { QuestionStatus, SearchParams } from '../../domain/questions/search'
import { DEFAULT_PER_PAGE, filterOptions, loadCards, MAX_PER_PAGE, searchQuestions } from '../../domain/questions/search'
import { elapsedSince, shownAtFromToken, withShownTokens } from '../../domain/questions/timing'
import { NOTEBOOK_NOT_FOUND } from '../notebooks/messages'
import { questionsBeyondQuota } from '../plans/index'
import type { UseOutcome } from './answers'
import { answerQuestion, reportError, revealAnswer, revealedAnswer } from './answers'
import { MAX_KEPT, questionsApi, SEARCH_ITEM } from './contract'
import {
  ERROR_REPORT_LIMIT,
  LOGIN_MESSAGE,
  MAX_PAGE,
  NOT_REVEALED_MESSAGE,
  QUESTION_CHANGED,
  QUESTION_NOT_FOUND,
  REPORT_THANKS,
} from './messages'

// The question bank (spec sections 3 and 7): the contract (./contract.ts) says what each route
// reads and answers. The search's query is read here, not by the contract's schema: repeated
// keys, `key[]` and comma lists, each refusal with its own message, and the 401 of a filter
// that needs a login in its place among them. The contract has a malformed id answer 400, and
// the login checked after it ('Login necessário').

// Frozen: the absent keys' one empty list is shared by every search.
const NONE = Object.freeze([]) as unknown as string[]

/** A query value as a list: repeated keys, `key[]=`, or comma-separated. */
function many(value: unknown): string[] {
  // Most searches set few of the fifteen keys: an absent one allocates nothing.
  if (value === undefined) return NONE
  // One loop, not flatMap, map and filter: three arrays and their callbacks on every list key set.
  const values: string[] = []
  for (const v of Array.isArray(value) ? value : [value])
    for (const part of typeof v === 'string' ? v.split(',') : [String(v)]) {
      const text = part.trim()
      if (text) values.push(text)
    }
  return values
}

// Each item's pattern compiled once, not on every search (a list key read is part of every one).
const ITEM_PATTERNS = Object.fromEntries(Object.entries(SEARCH_ITEM).map(([kind, item]) => [kind, new RegExp(`^(?:${item})$`)])) as Record<
  keyof typeof SEARCH_ITEM,
  RegExp
>

// `key[]`, each made once: a name built on every search is a new string to hash for every lookup.
const BRACKETED: Record<string, string> = {}

/** A list key's value: `key=` (repeated or comma-separated) or `key[]=`. */
const listValue = (req: Request, key: string) => req.query[key] ?? req.query[(BRACKETED[key] ??= `${key}[]`)]

/** A list whose every value is one `item` of the contract (SEARCH_ITEM), or `message`. */
function items(req: Request, key: string, item: keyof typeof SEARCH_ITEM, message: string) {
  const pattern = ITEM_PATTERNS[item]
  const values = many(listValue(req, key))
  if (values.some((v) => !pattern.test(v))) throw new HttpError(400, message)
  return values
}

const ints = (req: Request, key: string, message: string) => items(req, key, 'id', message).map(Number)

/** Boards and organizations: each up to 120 characters (SEARCH_ITEM.text). */
function strings(req: Request, key: string, message: string) {
  const values = many(listValue(req, key))
  if (values.some((v) => v.length > 120)) throw new HttpError(400, message)
  return values
}

function single(req: Request, key: string) {
  const value = req.query[key]
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined
  return value === undefined ? undefined : String(value)
}

const DIFFICULTY_MAP: Record<string, SearchParams['difficulties'][number]> = { facil: 'FACIL', medio: 'MEDIO', dificil: 'DIFICIL' }
const STATUSES: QuestionStatus[] = ['unsolved', 'solved', 'wrong', 'right', 'to_review']

/** An optional true/false query value; anything else (even an empty value) is refused with `message`. */
function flag(req: Request, key: string, message: string) {
  const value = single(req, key)
  if (value === undefined) return undefined
  if (value !== 'true' && value !== 'false') throw new HttpError(400, message)
  return value === 'true'
}

/** The search's parameters from the query, `now` the server's clock (the due date of to_review). */
function parseSearchQuery(req: Request, now: Date): SearchParams {
  const pageText = single(req, 'page') ?? '1'
  if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1 || Number(pageText) > MAX_PAGE)
    throw new HttpError(400, `Página inválida: use um número inteiro entre 1 e ${MAX_PAGE}.`)
  const perPageText = single(req, 'per_page') ?? String(DEFAULT_PER_PAGE)
  if (!/^\d{1,6}$/.test(perPageText) || Number(perPageText) < 1 || Number(perPageText) > MAX_PER_PAGE)
    throw new HttpError(400, `per_page inválido: use um número inteiro entre 1 e ${MAX_PER_PAGE}.`)
  const rawTerm = single(req, 'search_term') ?? ''
  if (rawTerm.length > 200) throw new HttpError(400, 'Texto de busca muito longo (máximo de 200 caracteres).')
  const searchTerm = rawTerm.trim()
  const difficulties = items(req, 'difficulty', 'difficulty', 'Dificuldade inválida: use facil, medio ou dificil.').map(
    (d) => DIFFICULTY_MAP[d]!,
  )
  const years = items(req, 'year', 'year', 'Ano inválido: use anos de 1900 a 2100, com 4 dígitos, como 2023.').map(Number)
  const status = single(req, 'status')
  if (status !== undefined && !STATUSES.includes(status as QuestionStatus))
    throw new HttpError(400, 'Situação inválida: use unsolved, solved, wrong, right ou to_review.')
  if (status && !req.user) throw new HttpError(401, 'Faça login para filtrar pela situação das questões.')
  const notebookText = single(req, 'notebook_id')
  if (notebookText !== undefined && !new RegExp(`^${SEARCH_ITEM.id}$`).test(notebookText))
    throw new HttpError(400, 'notebook_id inválido: use o identificador numérico de um caderno seu.')
  if (notebookText && !req.user) throw new HttpError(401, 'Faça login para filtrar pelos seus cadernos.')
  const random = flag(req, 'random', 'random inválido: use true ou false.')
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
    citationKeys: items(req, 'citation', 'citation', 'citation inválido: use as chaves da legislação citada, como cf ou lei:8666.'),
    status: (status || undefined) as QuestionStatus | undefined,
    keepIds: ints(req, 'keep', 'keep inválido: use identificadores numéricos de questões.').slice(0, MAX_KEPT),
    hasExplanation: flag(req, 'has_explanation', 'has_explanation inválido: use true ou false.'),
    annulled: flag(req, 'annulled', 'annulled inválido: use true ou false.'),
    excludeOutdated: flag(req, 'exclude_outdated', 'exclude_outdated inválido: use true ou false.') === true || undefined,
    notebookId: notebookText ? Number(notebookText) : undefined,
    random: random === true,
    // Without an explicit seed, a signed-in user keeps one order; visitors get the shared one.
    seed: seed || req.user?.id,
    userId: req.user?.id,
    now,
  }
}

/** The path's id, its digits checked by the contract (400 otherwise). */
const questionId = (raw: string) => Number(raw)

/** The signed-in student (the contract has checked the login, after the id). */
function requireLogin(req: Request) {
  if (!req.user) throw new HttpError(401, LOGIN_MESSAGE)
  return req.user
}

function unwrap<T>(outcome: UseOutcome<T>): T {
  if (outcome.kind === 'not-found') throw new HttpError(404, QUESTION_NOT_FOUND)
  if (outcome.kind === 'quota')
    throw new HttpError(403, outcome.message, {
      code: 'QUOTA_EXCEEDED',
      usage: outcome.policy.usage,
      limit: outcome.policy.limits.questionsPerWeek,
    })
  if (outcome.kind === 'invalid-answer') throw new HttpError(400, `Alternativa inválida: escolha uma entre ${outcome.letters.join(', ')}.`)
  if (outcome.kind === 'changed') throw new HttpError(409, QUESTION_CHANGED, { code: 'QUESTION_CHANGED' })
  return outcome.value
}

export function createQuestionsRouter(ctx: AppContext) {
  const router = Router()

  route(
    router,
    questionsApi.search,
  )(async ({ req }) => {
    const now = ctx.clock()
    const params = parseSearchQuery(req, now)
    // Only the caller's own notebook: another user's is 'not found', like one that does not exist.
    if (params.notebookId && !(await ownsNotebook(ctx.db, params.userId!, params.notebookId))) throw new HttpError(404, NOTEBOOK_NOT_FOUND)
    const { data, total, total_exact, page, per_page } = await searchQuestions(ctx.db, params)
    // What the week's quota closes on this page: the list says it before the student works a question out.
    const quota_locked = req.user
      ? await questionsBeyondQuota(
          ctx.db,
          req.user,
          data.map((q) => q.id),
          now,
        )
      : []
    // Each card carries its signed shown-at token for a signed-in caller (answer timing, ADR 018).
    const cards = withShownTokens(ctx.config.sessionSecret, req.user?.id, data, now)
    return { success: true, data: cards, total, total_exact, page, per_page, quota_locked }
  })

  route(router, questionsApi.filterOptions)(() => filterOptions(ctx.db))

  route(
    router,
    questionsApi.get,
  )(async ({ req, params }) => {
    const [card] = await loadCards(ctx.db, [questionId(params.id)], req.user?.id)
    if (!card) throw new HttpError(404, QUESTION_NOT_FOUND)
    return { success: true, data: withShownTokens(ctx.config.sessionSecret, req.user?.id, [card], ctx.clock())[0]! }
  })

  route(
    router,
    questionsApi.answer,
  )(async ({ req, params, body }) => {
    const id = questionId(params.id)
    const user = requireLogin(req)
    const { answer, shown_token, shown_after, client_id } = body
    await refuseWhileInSimulado(ctx, user.id, id)
    const at = ctx.clock()
    // The token verified once: when the card was shown gives the time and whether a re-upload came
    // after it. Missing, forged or expired: the attempt counts, its time is unknown (null).
    const shownAt = shownAtFromToken(ctx.config.sessionSecret, shown_token, user.id, id)
    const elapsed = elapsedSince(shownAt, at, shown_after)
    const result = unwrap(await answerQuestion(ctx.db, user, id, answer, at, elapsed, client_id, shownAt))
    // An annulled question records nothing: 200; a recorded attempt: 201.
    return result.annulled ? { success: true, ...result } : withStatus(201, { success: true, ...result })
  })

  route(
    router,
    questionsApi.reveal,
  )(async ({ req, params }) => {
    const id = questionId(params.id)
    const user = requireLogin(req)
    await refuseWhileInSimulado(ctx, user.id, id)
    return { success: true, ...unwrap(await revealAnswer(ctx.db, user, id, ctx.clock())) }
  })

  // What a page may show on a GET: the key of a question this user already opened. It never
  // counts against the quota (revealing is the POST above).
  route(
    router,
    questionsApi.revealed,
  )(async ({ req, params }) => {
    const id = questionId(params.id)
    const user = requireLogin(req)
    await refuseWhileInSimulado(ctx, user.id, id)
    const outcome = await revealedAnswer(ctx.db, user, id, ctx.clock())
    if (outcome.kind === 'not-found') throw new HttpError(404, QUESTION_NOT_FOUND)
    if (outcome.kind === 'not-revealed') throw new HttpError(404, NOT_REVEALED_MESSAGE)
    return { success: true, ...outcome.value }
  })

  route(router, questionsApi.reportError, [limiter(ctx, { name: 'error-reports', windowMs: 15 * 60_000, limit: ERROR_REPORT_LIMIT })])(
    async ({ req, params, body }) => {
      const id = questionId(params.id)
      const stored = await reportError(ctx.db, id, body, req.user?.id ?? null, req.ip ?? null)
      if (!stored) throw new HttpError(404, QUESTION_NOT_FOUND)
      return { success: true, message: REPORT_THANKS }
    },
  )

  return router
}
