import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ErrorReportStatus } from '#server/features/error-reports/contract'
import { errorReportsApi } from '#server/features/error-reports/contract'
import { ERROR_REPORT_STATUSES } from '#server/features/error-reports/messages'
import { legislationApi } from '#server/features/legislation/contract'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ErrorReportFormSchema, OutdatedConfirmFormSchema, OutdatedUndoFormSchema } from './schemas'

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
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'desatualizada' || intent === 'atualizada') return outdatedAction(request, context, formData, back)
  const submission = await parseForm(formData, ErrorReportFormSchema)
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

/** "Confirmar desatualizada" with its note (the report answered with it), or its undo (ADR 053). */
async function outdatedAction(request: Request, context: AppLoadContext, formData: FormData, back: string) {
  const confirm = formData.get('intent') === 'desatualizada'
  const submission = await parseForm(formData, confirm ? OutdatedConfirmFormSchema : OutdatedUndoFormSchema)
  const formId = `${confirm ? 'desatualizada' : 'atualizada'}-${String((submission.payload as Record<string, unknown>).relato ?? '')}`
  if (submission.status !== 'success') return json({ formId, result: submission.reply() }, { status: 400 })
  const value = submission.value
  try {
    const api = await apiForRequest(request, context)
    await withSession(request, () =>
      'nota' in value
        ? call(api, legislationApi.confirmOutdated, { params: { id: value.questao }, body: { note: value.nota, report_id: value.relato } })
        : call(api, legislationApi.undoOutdated, { params: { id: value.questao } }),
    )
    const title = confirm ? 'Questão marcada como desatualizada' : 'Marcação de desatualizada desfeita'
    return redirectWithToast(`${back}#erro-${value.relato}`, { type: 'success', title }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar agora. Tente novamente.')
    return json({ formId, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
