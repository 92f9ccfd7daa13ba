import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { contactAdminApi } from '#server/features/contact-admin/contract'
import type { ContactStatus } from '#server/features/contact-admin/messages'
import { CONTACT_STATUSES } from '#server/features/contact-admin/messages'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

export async function loadContactMessages(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const statusText = url.searchParams.get('situacao') ?? ''
  const status = (CONTACT_STATUSES as readonly string[]).includes(statusText) ? (statusText as ContactStatus) : undefined
  const pageText = url.searchParams.get('pagina') ?? '1'
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1
  const api = await apiForRequest(request, context)
  const messages = await withSession(request, () => call(api, contactAdminApi.list, { query: { status, page } }))
  return json({ messages, status: status ?? '' })
}
