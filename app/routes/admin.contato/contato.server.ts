import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import type { ContactStatus } from '#server/client/contact-admin'
import { listContactMessages } from '#server/client/contact-admin'
import { CONTACT_STATUSES } from '#server/domain/contact/reply-values'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

export async function loadContactMessages(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const statusText = url.searchParams.get('situacao') ?? ''
  const status = (CONTACT_STATUSES as readonly string[]).includes(statusText) ? (statusText as ContactStatus) : undefined
  const pageText = url.searchParams.get('pagina') ?? '1'
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1
  const api = await apiForRequest(request, context)
  const messages = await withSession(request, () => listContactMessages(api, { status, page }))
  return json({ messages, status: status ?? '' })
}
