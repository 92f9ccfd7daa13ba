import type { AppLoadContext } from '@remix-run/node'

import { ApiClient, ApiError } from '#server/client/core'

import { webConfig } from './env.server'

/** An API client acting for this visitor (token from the cookie session, if any). */
export function apiFor(context: AppLoadContext, token?: string | null) {
  return new ApiClient({
    baseUrl: webConfig().apiUrl,
    token: token ?? null,
    requestId: context.requestId,
    forwardedFor: context.clientIp,
    inProcess: context.api,
  })
}

// Reads that several loaders of one page make at once (who is signed in: the root and the
// page's requireUser; the plan's policy: the chat link and the house ad) get one API call per
// page load, through the map the server puts in each GET's load context.
export function oncePerRequest<T>(context: AppLoadContext, key: string, read: () => Promise<T>): Promise<T> {
  const memo = context.perRequest
  if (!memo) return read()
  let answer = memo.get(key) as Promise<T> | undefined
  if (!answer) {
    answer = read()
    memo.set(key, answer)
  }
  return answer
}

export { ApiError }

/**
 * The one way a page turns a failed API call into what its form shows: a 4xx carries a
 * message written for people, no connection says so, a 5xx gets `fallback`. Anything that is
 * not an ApiError is a bug and is thrown on. A 401 on a signed-in call never gets here:
 * `withSession` turns it into 'Sessão expirada' first.
 */
export function formError(error: unknown, fallback: string) {
  if (!(error instanceof ApiError)) throw error
  const known = error.status >= 400 && error.status < 500
  return { message: known || error.status === 0 ? error.message : fallback, status: known ? error.status : 503 }
}

/**
 * A question held by the simulado the student is sitting (409 IN_OPEN_SIMULATION) is the page's
 * own answer, not a failure to load: the route's error boundary says to deliver the simulado
 * first and links back to it. Anything else goes on unchanged.
 */
export function heldBySimulationAs409(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return
  const body = error.body as { code?: string; simulation_id?: number } | undefined
  if (body?.code !== 'IN_OPEN_SIMULATION') return
  throw new Response(JSON.stringify({ error: error.message, simulation_id: body.simulation_id }), {
    status: 409,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}

/** The API's error code (`QUOTA_EXCEEDED`, `QUESTION_CHANGED`…), when it gave one. */
export const apiErrorCode = (error: unknown) =>
  error instanceof ApiError ? (error.body as { code?: string } | undefined)?.code : undefined
