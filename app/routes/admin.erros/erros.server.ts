import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ErrorReportStatus } from '#server/features/error-reports/contract'
import { errorReportsApi } from '#server/features/error-reports/contract'
import { ERROR_REPORT_STATUSES } from '#server/features/error-reports/messages'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ErrorReportFormSchema } from './schemas'

export async function loadErrorReports(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const statusText = url.searchParams.get('situacao') ?? ''
  const status = (ERROR_REPORT_STATUSES as readonly string[]).includes(statusText) ? (statusText as ErrorReportStatus) : undefined
  const pageText = url.searchParams.get('pagina') ?? '1'
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1
  const api = await apiForRequest(request, context)
  const reports = await withSession(request, () => call(api, errorReportsApi.list, { query: { status, page } }))
  return json({ reports, status: status ?? '', self: `${url.pathname}${url.search}` })
}

export async function errorReportAction(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const back = safeRedirect(`${url.pathname}${url.search}`, '/admin/erros')
  const submission = await parseForm(request, ErrorReportFormSchema)
  const formId = `relato-${String((submission.payload as Record<string, unknown>).relato ?? '')}`
  if (submission.status !== 'success') return json({ formId, result: submission.reply() }, { status: 400 })
  const { relato, situacao, resposta } = submission.value
  try {
    const api = await apiForRequest(request, context)
    await withSession(request, () =>
      call(api, errorReportsApi.update, { params: { id: relato }, body: { status: situacao, answer: resposta } }),
    )
    return redirectWithToast(`${back}#erro-${relato}`, { type: 'success', title: 'Relato atualizado' }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar o relato agora. Tente novamente.')
    return json({ formId, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
