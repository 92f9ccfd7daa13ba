import type { AppLoadContext } from '@remix-run/node'
import { ApiClient } from '#server/client/core'
import { webConfig } from './env.server'

/** An API client acting for this visitor (token from the cookie session, if any). */
export function apiFor(context: AppLoadContext, token?: string | null) {
  return new ApiClient({
    baseUrl: webConfig().apiUrl,
    token: token ?? null,
    requestId: context.requestId,
    forwardedFor: context.clientIp,
  })
}

export { ApiError } from '#server/client/core'
