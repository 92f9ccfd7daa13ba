import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ApiClient } from '#server/client/core'
import { referenceDataVersion } from '#server/domain/reference-data'
import type { DisciplineJson } from '#server/features/disciplines/contract'
import { disciplinesApi } from '#server/features/disciplines/contract'
import { notebooksApi } from '#server/features/notebooks/contract'
import { quotaMessageFor } from '#server/features/plans/plan-messages'
import type { FilterOptions, SearchResponse } from '#server/features/questions/contract'
import { MAX_KEPT, questionsApi } from '#server/features/questions/contract'
import { answerAction } from '~/question/actions.server'
import { splitTexts, toCardView } from '~/question/card-view.server'
import { activeFilterCount, FALLBACK_BOARDS, FALLBACK_YEARS, PER_PAGE, readFilters, readPage } from '~/question/filters'
import type { ServerReveal } from '~/question/reveals.server'
import { revealsInUrl } from '~/question/reveals.server'
import { searchQueryOf, searchSeedOf } from '~/question/search.server'
import { weeklyQuota } from '~/question/weekly-quota'
import { ApiError } from '~/utils/api.server'
import { apiFor } from '~/utils/api.server'
import { apiNow, getSession, logoutExpired, policyOf, tokenOf } from '~/utils/session.server'

export type Discipline = DisciplineJson
/** [id, name, [[topicId, topicName, questions]...]]. */
export type DisciplineTuple = [number, string, [number, string, number][]]

// Reference data changes only on admin uploads: a short per-process cache keeps
// two API calls off every page render. An import on any server moves the reference
// version (ADR 019), which empties it at once; the TTL is only a backstop.
const REFERENCE_TTL_MS = 30_000
let optionsCache: { at: number; version: number; value: FilterOptions & { fallback: boolean } } | undefined
let disciplinesCache: { at: number; version: number; value: Discipline[] } | undefined

const fresh = (entry: { at: number; version: number } | undefined) =>
  entry !== undefined && entry.version === referenceDataVersion() && performance.now() - entry.at < REFERENCE_TTL_MS

async function filterOptions(api: ApiClient) {
  if (fresh(optionsCache)) return optionsCache!.value
  try {
    const version = referenceDataVersion()
    const value = { ...(await call(api, questionsApi.filterOptions)), fallback: false }
    optionsCache = { at: performance.now(), version, value }
    return value
  } catch {
    // Spec section 8: the fixed years and boards when the call fails (not cached).
    return {
      years: FALLBACK_YEARS,
      exam_boards: FALLBACK_BOARDS,
      exams: [],
      citations: [],
      difficulties: ['facil', 'medio', 'dificil'],
      fallback: true,
    }
  }
}

async function disciplines(api: ApiClient): Promise<Discipline[]> {
  if (fresh(disciplinesCache)) return disciplinesCache!.value
  try {
    const version = referenceDataVersion()
    const value = (await call(api, disciplinesApi.list)).data
    disciplinesCache = { at: performance.now(), version, value }
    return value
  } catch {
    return []
  }
}

/**
 * The questions answered on this list without JS: the answer's redirect names them (`revelada`,
 * app/question/actions.server.ts). A 'Não resolvidas' list keeps them until the student moves on
 * (another page or filter), so the verdict is seen rather than the question leaving the list.
 */
function answeredHere(url: URL) {
  return [...new Set(url.searchParams.getAll('revelada'))]
    .filter((v) => /^[1-9]\d{0,8}$/.test(v))
    .map(Number)
    .slice(0, MAX_KEPT)
}

/**
 * A card's answer with JavaScript, posted to the list's own route (`?responder={id}`, route.tsx).
 * Imported from here, not by the route itself: the browser build empties a server module into a
 * chunk of its own when two routes import it (one more script for the list, ADR 072's count).
 */
export function answerOnList(request: Request, context: AppLoadContext) {
  const id = new URL(request.url).searchParams.get('responder') ?? ''
  return answerAction(request, context, /^[1-9]\d{0,8}$/.test(id) ? Number(id) : NaN)
}

export async function loadQuestionsPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url)
  const filters = readFilters(url.searchParams)
  const page = readPage(url.searchParams)
  const session = await getSession(request)
  const token = tokenOf(session)
  const hasFilters = activeFilterCount(filters) > 0

  // Running a search needs login (spec section 6): back here after signing in.
  if (hasFilters && !token) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`)
  }

  const headers = new Headers()
  const seed = await searchSeedOf(session, headers)

  const api = apiFor(context, token)
  // The 'Caderno' filter's options: the signed-in student's notebooks as [id, name].
  const notebookOptions: Promise<[number, string][]> = token
    ? call(api, notebooksApi.list).then(
        (r) => r.notebooks.map((n) => [n.id, n.name] as [number, string]),
        () => [],
      )
    : Promise.resolve([])
  // The signed-in student's policy (it comes with /auth/me): the house ad slot (issue 10) and
  // the week's quota line (issue 27). A failed read shows neither.
  const policy = token ? policyOf(request, context).catch(() => null) : Promise.resolve(null)

  try {
    const [result, options, disciplineList, reveals] = await Promise.all([
      call(api, questionsApi.search, { query: searchQueryOf(filters, page, PER_PAGE, seed, answeredHere(url)) }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) throw error
        // A search that fails shows an empty list (spec section 7), with the reason.
        return {
          success: true,
          data: [],
          total: 0,
          total_exact: true,
          page,
          per_page: PER_PAGE,
          quota_locked: [],
          failed: error instanceof ApiError ? error.message : 'Erro ao buscar questões',
        } as SearchResponse & { failed?: string }
      }),
      filterOptions(api),
      disciplines(api),
      token ? revealsInUrl(api, url.searchParams) : new Map<number, ServerReveal>(),
    ])
    const studentPolicy = await policy
    const now = await apiNow(request, context).catch(() => null)
    let cards = result.data.map((q) => toCardView(q, now))
    if (context.documentRequest) {
      // The texts go once, in the HTML (the page budget of issue 5), not again in the data.
      const split = splitTexts(cards)
      cards = split.cards
      context.cardTexts = split.texts
    }
    return json(
      {
        filters,
        page,
        loggedIn: Boolean(token),
        notebooks: await notebookOptions,
        result: { ...(result as SearchResponse & { failed?: string }), data: cards, success: undefined },
        options: {
          years: options.years,
          exam_boards: options.exam_boards,
          // The 'Prova' filter as [id, label]: compact, like the disciplines; the year unless the name says it.
          exams: options.exams.map((e) => [e.id, e.name.includes(String(e.year)) ? e.name : `${e.name} (${e.year})`] as [number, string]),
          // 'Legislação citada' as [key, label]: the most cited first.
          citations: (options.citations ?? []).map((c) => [c.key, `${c.label} (${c.questions})`] as [string, string]),
        },
        // [id, name, [[topicId, topicName, questions]...]]: compact, all topics so JS can follow the ticks.
        disciplines: disciplineList
          .filter((d) => d.in_filters)
          .map((d) => [d.id, d.name, d.topics.map((t) => [t.id, t.name, t.questions] as [number, string, number])] as DisciplineTuple),
        reveals: Object.fromEntries([...reveals].map(([id, reveal]) => [id, { reveal }])) as Record<
          string,
          { reveal?: ServerReveal; quota?: string }
        >,
        quotaFor: Number(url.searchParams.get('limite')) || null,
        // The week's limit and its renewal day, as modo resolução says it: on the card a refused
        // answer came back to (?limite=) and in place of 'Responder' on the cards the quota closes.
        quotaText:
          studentPolicy && (url.searchParams.has('limite') || result.quota_locked.length > 0)
            ? quotaMessageFor(studentPolicy.limits.questionsPerWeek, studentPolicy.usage.weekStart)
            : '',
        houseAd: studentPolicy?.features.ads ?? false,
        weeklyQuota: studentPolicy
          ? weeklyQuota(studentPolicy.limits.questionsPerWeek, studentPolicy.usage.questionsThisWeek, studentPolicy.usage.weekStart)
          : null,
      },
      { headers },
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return logoutExpired(request)
    throw error
  }
}
