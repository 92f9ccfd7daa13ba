import type { AppLoadContext, SerializeFrom } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ApiClient } from '#server/client/core'
import { questionName, shortExamName } from '#server/domain/questions/exam-name'
import { meApi } from '#server/features/me/contract'
import { quotaMessageFor } from '#server/features/plans/plan-messages'
import type { QuestionCard } from '#server/features/questions/contract'
import { questionsApi } from '#server/features/questions/contract'
import { MAX_PAGE } from '#server/features/questions/messages'
import type { ReviewOutcomeJson } from '#server/features/review/contract'
import { reviewApi } from '#server/features/review/contract'
import { QUEUE_LIMIT_MAX } from '#server/features/review/messages'
import type { CardView, RevealState } from '~/question/answer-parts'
import { toCardView } from '~/question/card-view.server'
import type { FilterState } from '~/question/filters'
import { filtersToSearch, readFilters } from '~/question/filters'
import type { Run } from '~/question/resolver'
import { nextRun, progressText, readRun, resolverHref, summaryText, withDone } from '~/question/resolver'
import { revealStateOf } from '~/question/reveals.server'
import { revealsInUrl } from '~/question/reveals.server'
import { searchQueryOf, searchSeedOf } from '~/question/search.server'
import { LAST_OF_WEEK_MESSAGE, weeklyQuota, weeklyQuotaText } from '~/question/weekly-quota'
import { ApiError, apiErrorCode, apiFor, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { calendarDayOf } from '~/utils/format'
import { fromScript, loadInPlace, pageReply } from '~/utils/in-place.server'
import { apiForRequest, apiNow, getSession, logoutExpired, policyOf, requireLoginToAct, tokenOf } from '~/utils/session.server'
import type { Toast } from '~/utils/toast.server'
import { redirectWithToast, toToast } from '~/utils/toast.server'

import { ResolverAnswerSchema, ResolverRateSchema } from './schemas'

/** The question an answer's redirect pins (`revelada=<id>`): shown whatever the search now holds at `pos`. */
function pinnedId(params: URLSearchParams) {
  const id = params.getAll('revelada').find((v) => /^\d{1,9}$/.test(v))
  return id ? Number(id) : null
}

/** One question as the student sees it (their last attempt on it), or null when it is gone; a 401 still logs out. */
function cardOrNull(api: ApiClient, id: number) {
  return call(api, questionsApi.get, { params: { id: String(id) } }).then(
    (r) => r.data,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) throw error
      return null
    },
  )
}

type Summary = { text: string; right: number; wrong: { id: number; code: string; disc: string }[] }

/**
 * The run's tally from the student's own attempts: each question the run answered counts by its
 * last attempt, and only when that attempt came after the run started (`desde`). A URL naming
 * other questions changes nothing: they have no attempt of this run.
 */
async function summaryOf(api: ApiClient, run: Run): Promise<Summary> {
  const since = Date.parse(run.desde!)
  const cards = await Promise.all(run.feitas.map((id) => cardOrNull(api, id)))
  const mine = cards.filter((c) => c?.my_last_attempt && Date.parse(c.my_last_attempt.at) >= since)
  const right = mine.filter((c) => c!.my_last_attempt!.correct).length
  const wrong = mine.filter((c) => !c!.my_last_attempt!.correct).map((c) => ({ id: c!.id, code: c!.short_id, disc: c!.discipline_name }))
  return { text: summaryText(right, wrong.length), right, wrong }
}

/**
 * Whether a student with no questions left this week may still answer this one (issue 39: the
 * limit is said before the question is read): answered this week, or opened otherwise (the
 * key already seen, which GET …/reveal answers without counting). An answer from an earlier week
 * also opens the key, though answering again counts: that rare case is said after Responder.
 */
async function openThisWeek(api: ApiClient, card: QuestionCard, week: string) {
  const answered = calendarDayOf(card.my_last_attempt?.at)
  if (answered && answered >= week) return true
  return call(api, questionsApi.revealed, { params: { id: card.id } }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) throw error
      return false
    },
  )
}

export type ResolverReveal = RevealState & { locked: string | null }

/**
 * 'Para revisar' (issue 30): the review queue rather than the search, the most overdue first and
 * within the daily limit. An answered question leaves the queue as it leaves a status filter, so
 * the run's `saiu` keeps the count.
 */
async function reviewPage(api: ApiClient, filters: FilterState, pos: number) {
  const queue = await call(api, reviewApi.queue, {
    query: { discipline: filters.disciplina[0], notebook: filters.caderno ?? undefined, limit: Math.min(pos, QUEUE_LIMIT_MAX) },
  })
  return { data: queue.data.slice(pos - 1, pos).map((item) => item.question), total: queue.remaining_today, total_exact: true }
}

export type ReviewNote = {
  rating: 'again' | 'hard' | 'good' | 'easy'
  days: number
  /** The interval each rating would have given this answer, in days: again, hard, good, easy. */
  preview: [number, number, number, number]
  attempt: number | null
}

/**
 * What the answer did to the question's review card, carried by the redirect (the student's own
 * display only): `volta=<question>-<days>-<rating>-<again>.<hard>.<good>.<easy>[-<attempt>]`.
 */
function reviewInUrl(params: URLSearchParams, id: number): ReviewNote | null {
  const m = /^(\d{1,9})-(\d{1,5})-(again|hard|good|easy)-(\d{1,5})\.(\d{1,5})\.(\d{1,5})\.(\d{1,5})(?:-(\d{1,12}))?$/.exec(
    params.get('volta') ?? '',
  )
  if (!m || Number(m[1]) !== id) return null
  return {
    days: Number(m[2]),
    rating: m[3] as ReviewNote['rating'],
    preview: [Number(m[4]), Number(m[5]), Number(m[6]), Number(m[7])],
    attempt: m[8] ? Number(m[8]) : null,
  }
}

function reviewParam(id: number, review: ReviewOutcomeJson) {
  const { again, hard, good, easy } = review.preview
  return `${id}-${review.interval_days}-${review.rating}-${again}.${hard}.${good}.${easy}${review.attempt_id ? `-${review.attempt_id}` : ''}`
}

export async function loadResolver(request: Request, context: AppLoadContext) {
  const url = new URL(request.url)
  const session = await getSession(request)
  const token = tokenOf(session)
  // Answering needs a login (spec section 6), and so does a filtered search: back here after it.
  if (!token) throw redirect(`/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`)
  const filters = readFilters(url.searchParams)
  const run = readRun(url.searchParams)
  // A run starts when it has no start time: its summary counts the attempts from here on, by the
  // clock that stamps them (the API's).
  if (!run.desde) {
    const now = await apiNow(request, context).catch(() => logoutExpired(request))
    throw redirect(resolverHref(filters, { ...run, desde: now!.toISOString() }))
  }

  const headers = new Headers()
  const seed = await searchSeedOf(session, headers)
  const api = apiFor(context, token)
  const policy = policyOf(request, context).catch(() => null)
  const pinned = pinnedId(url.searchParams)
  const listHref = `/questoes${filtersToSearch(filters)}`

  try {
    const [search, shown, reveals] = await Promise.all([
      (filters.situacao === 'revisar'
        ? reviewPage(api, filters, run.pos)
        : call(api, questionsApi.search, { query: searchQueryOf(filters, Math.min(run.pos, MAX_PAGE), 1, seed) })
      ).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) throw error
        return { failed: error instanceof ApiError ? error.message : 'Erro ao buscar questões' }
      }),
      pinned ? cardOrNull(api, pinned) : null,
      pinned ? revealsInUrl(api, url.searchParams, pinned) : null,
    ])
    const studentPolicy = await policy
    const quotaLeft = studentPolicy
      ? weeklyQuota(studentPolicy.limits.questionsPerWeek, studentPolicy.usage.questionsThisWeek, studentPolicy.usage.weekStart)
      : null
    // What a limited plan has left this week, on every state of the page.
    const base = { listHref, restartHref: resolverHref(filters), weeklyText: quotaLeft ? weeklyQuotaText(quotaLeft) : null }
    if ('failed' in search) return json({ ...base, mode: 'failed' as const, failed: search.failed }, { headers })

    const atPos = search.data[0]
    const card = shown ?? atPos
    if (!card) {
      // Nothing to solve; a 'Não resolvidas' run that answered them all still ends on its summary.
      if (search.total === 0 && run.pos === 1 && !run.feitas.length) return json({ ...base, mode: 'empty' as const }, { headers })
      const summary = await summaryOf(api, run)
      return json(
        {
          ...base,
          mode: 'summary' as const,
          summary,
          prevHref: search.total > 0 ? resolverHref(filters, { ...run, pos: Math.min(run.pos - 1, search.total) }) : null,
        },
        { headers },
      )
    }
    // The answered question left the search (its filter no longer matches it): the next one is now at `pos`.
    const left = Boolean(shown) && atPos?.id !== shown!.id
    const revealed = reveals?.get(card.id)
    const reveal: ResolverReveal | null = revealed
      ? { ...revealStateOf(revealed, revealed.chosen), locked: revealed.explanation_message ?? null }
      : null
    const question: CardView = toCardView(card, await apiNow(request, context).catch(() => null))
    const review = revealed ? reviewInUrl(url.searchParams, card.id) : null
    const limitReached =
      !reveal &&
      studentPolicy !== null &&
      (Number(url.searchParams.get('limite')) === card.id ||
        (quotaLeft?.remaining === 0 && !(await openThisWeek(api, card, studentPolicy.usage.weekStart))))
    const self = resolverHref(filters, run)
    const nextHref = resolverHref(filters, nextRun(run, left))
    // Where the student is, for the dashboard's 'Continuar estudando' on any device (ADR 046):
    // this run, its filters and start, at this question, or at the next once this one is answered
    // (issue 39). Failing to keep it must not cost the page. A prefetch is no visit (ADR 093):
    // the answer before it already saved this address as the next one.
    if (!prefetched(request)) await call(api, meApi.saveLastStudy, { body: { path: reveal ? nextHref : self } }).catch(() => undefined)
    return json(
      {
        ...base,
        mode: 'question' as const,
        question,
        heading: questionName(shortExamName(card.exam_name, card.exam_board, card.exam_year), card.question_number),
        reveal,
        review,
        progress: progressText(run, search.total + (left ? 1 : 0), search.total_exact),
        self,
        nextHref,
        prevHref: run.pos > 1 ? resolverHref(filters, { ...run, pos: run.pos - 1 }) : null,
        quota: limitReached ? quotaMessageFor(studentPolicy.limits.questionsPerWeek, studentPolicy.usage.weekStart) : null,
      },
      { headers },
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return logoutExpired(request)
    throw error
  }
}

/**
 * The page fetched ahead while the student reads a verdict (ADR 093): the header the browser's
 * prefetches carry (`Sec-Purpose`), or the one the page's own sets (`Purpose`, as `Sec-` headers
 * are the browser's to set).
 */
export const prefetched = (request: Request) => /prefetch/.test(`${request.headers.get('sec-purpose')} ${request.headers.get('purpose')}`)

/**
 * The answered question as the redirect's GET would render it, in the answer's own response
 * (ADR 093): the page, its address and the flash that would have come with it. The loader runs
 * after the answer, so the plan's usage ("Restam N") is read after it. Anything but a page (a
 * redirect to the login, an error) goes the redirect's way.
 */
async function answeredInPlace(request: Request, context: AppLoadContext, to: string, toasts: Toast[]) {
  const [href, hash = ''] = to.split('#')
  const page = await loadInPlace(request, context, href!, loadResolver)
  if (!(page instanceof Response) || page.status !== 200) return null
  return pageReply<SerializeFrom<typeof loadResolver> & { toasts: Toast[] }>(page, href!, hash ? `#${hash}` : '', { toasts })
}

/** 'Responder': records the attempt and comes back to the same position with its result (JS or not). */
export async function resolverAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url)
  const filters = readFilters(url.searchParams)
  const run = readRun(url.searchParams)
  const back = resolverHref(filters, run)
  await requireLoginToAct(request, back, 'Faça login para registrar suas tentativas.')
  const formData = await request.formData()
  if (formData.get('intent') === 'nota') return rate(request, context, url, formData)
  const submission = await parseForm(formData, ResolverAnswerSchema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const { questao: id, resposta, t, espera, cid } = submission.value

  try {
    const api = await apiForRequest(request, context)
    const result = await call(api, questionsApi.answer, {
      params: { id: String(id) },
      body: { answer: resposta, shown_token: t, ...(espera ? { shown_after: espera } : {}), ...(cid ? { client_id: cid } : {}) },
    })
    const target = new URL(resolverHref(filters, result.annulled ? run : { ...run, feitas: withDone(run.feitas, id) }), url)
    target.searchParams.set('revelada', String(id))
    target.searchParams.set('escolha', `${id}-${result.answer}`)
    if (result.review) target.searchParams.set('volta', reviewParam(id, result.review))
    // To the right alternative, the verdict in the answer bar beside it (issue 39).
    const to = `${target.pathname}${target.search}${result.annulled ? '#resultado' : '#correta'}`
    // With JS, the verdict in this response: no redirect, no reload of every loader (issue 66).
    const toasts = result.last_of_week ? [toToast({ title: LAST_OF_WEEK_MESSAGE })] : []
    const inPlace = fromScript(request) ? await answeredInPlace(request, context, to, toasts) : null
    if (inPlace) return inPlace
    // The week's last question of a limited plan: said in the flash beside the verdict (issue 61).
    return result.last_of_week ? redirectWithToast(to, { type: 'info', title: LAST_OF_WEEK_MESSAGE }, { request }) : redirect(to)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return logoutExpired(request, back)
    // The week's limit reached meanwhile (another tab): the page says it in place of the question.
    if (error.status === 403) return redirect(`${back}&limite=${id}`)
    // A re-upload changed the question after this page was fetched (ADR 097): nothing was
    // recorded; the page loads the version there is now and says why.
    if (apiErrorCode(error) === 'QUESTION_CHANGED') {
      const toast = { type: 'warning' as const, title: error.message }
      const inPlace = fromScript(request) ? await answeredInPlace(request, context, back, [toToast(toast)]) : null
      return inPlace ?? redirectWithToast(back, toast, { request })
    }
    const { message, status } = formError(error, 'Não foi possível registrar a tentativa.')
    return json({ result: submission.reply({ formErrors: [message] }) }, { status })
  }
}

/** Difícil, Bom or Fácil after a right answer (issue 39): rates it, then on to the next question. */
async function rate(request: Request, context: AppLoadContext, url: URL, formData: FormData) {
  const submission = await parseForm(formData, ResolverRateSchema)
  const here = `${url.pathname}${url.search}`
  if (submission.status !== 'success') return redirect(here)
  const { questao, tentativa, nota, proxima } = submission.value
  try {
    const api = await apiForRequest(request, context)
    await call(api, reviewApi.rate, { params: { id: questao, attemptId: tentativa }, body: { rating: nota } })
    // With JS the rating goes in the background while the page already shows the next question.
    if (fromScript(request)) return json({ rated: questao })
    return redirect(proxima ?? here)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return logoutExpired(request, here)
    const { message, status } = formError(error, 'Não foi possível salvar a nota.')
    if (fromScript(request)) return json({ ratingFailed: `Nota da questão anterior não salva: ${message}` }, { status })
    return redirectWithToast(`${here}#resultado`, { type: 'error', title: message }, { request })
  }
}
