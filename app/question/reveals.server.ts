import { call } from '#server/client/call'
import type { ApiClient } from '#server/client/core'
import type { RevealResponse } from '#server/features/questions/contract'
import { questionsApi } from '#server/features/questions/contract'
import { ApiError } from '~/utils/api.server'

import type { RevealState } from './answer-parts'

export type ServerReveal = RevealResponse & { chosen: string | null }

/** `escolha=<id>-<letter>` pairs: the alternative a no-JS student picked. */
function chosenLetters(params: URLSearchParams) {
  const map = new Map<number, string>()
  for (const value of params.getAll('escolha')) {
    const m = /^(\d{1,9})-([A-Za-z])$/.exec(value)
    if (m) map.set(Number(m[1]), m[2].toUpperCase())
  }
  return map
}

/**
 * The answers a no-JS redirect names in the URL (`revelada=<id>`, at most 5), with the letter
 * the student chose. A read: only what this student already revealed or answered, never
 * counted (revealing and answering are POSTs, so no link can spend a Gratuito student's
 * quota). A card the API will not show is left out; a 401 still logs the visitor out.
 * `only`: one card's page (`/questoes/{id}`) reads its own reveal and no other the URL names.
 */
export async function revealsInUrl(api: ApiClient, params: URLSearchParams, only?: number): Promise<Map<number, ServerReveal>> {
  const ids = [
    ...new Set(
      params
        .getAll('revelada')
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number)
        .filter((id) => only === undefined || id === only),
    ),
  ].slice(0, 5)
  const chosen = chosenLetters(params)
  const found = await Promise.all(
    ids.map(async (id) => {
      try {
        return [id, { ...(await call(api, questionsApi.revealed, { params: { id } })), chosen: chosen.get(id) ?? null }] as const
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error
        return null
      }
    }),
  )
  return new Map(found.filter((entry) => entry !== null))
}

/** What the pages keep of an API reveal to show it: the key, the explanation with its origin, the law, the community. */
export function revealStateOf(r: Omit<RevealState, 'chosen' | 'correct'>, chosen: string | null, correct?: boolean | null): RevealState {
  return {
    correct_answer: r.correct_answer,
    explanation: r.explanation,
    annulled: r.annulled,
    citations: r.citations,
    explanation_source: r.explanation_source ?? null,
    explanation_author: r.explanation_author ?? null,
    explanation_credit: r.explanation_credit ?? null,
    explanation_exam: r.explanation_exam ?? null,
    alternative_comments: r.alternative_comments ?? null,
    community_answer: r.community_answer ?? null,
    student_explanation: r.student_explanation ?? null,
    student_explanations: r.student_explanations ?? 0,
    explanation_prompt: r.explanation_prompt ?? false,
    chosen,
    ...(correct === undefined ? {} : { correct }),
  }
}
