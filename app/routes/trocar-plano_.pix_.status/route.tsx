import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

// What the Pix page polls with JS (the browser holds no API token): the charge's status, from
// GET /billing/checkouts/:id. The page reloads its own data once it is no longer pending.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const checkoutId = new URL(request.url).searchParams.get('checkout') ?? ''
  const api = await apiForRequest(request, context)
  try {
    const checkout = await withSession(request, () => call(api, billingApi.getCheckout, { params: { checkoutId } }))
    return json({ status: checkout.status }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return json({ status: 'not_found' as const }, { status: 404 })
    throw error
  }
}
