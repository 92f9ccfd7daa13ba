import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import { legislationApi } from '#server/features/legislation/contract'
import { listDisciplines } from '~/admin/admin-api.server'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { ChangeFormSchema, DeleteChangeFormSchema } from './schemas'

export async function loadLegislation(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const api = await apiForRequest(request, context)
  const [changes, disciplines] = await withSession(request, () => Promise.all([call(api, legislationApi.adminList), listDisciplines(api)]))
  return json({ changes: changes.data, disciplines: disciplines.map((d) => ({ id: d.id, name: d.name })) })
}

export async function legislationAction(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const formData = await request.formData()
  if (formData.get('intent') === 'excluir') {
    const submission = await parseForm(formData, DeleteChangeFormSchema)
    const formId = `excluir-${String((submission.payload as Record<string, unknown>).mudanca ?? '')}`
    if (submission.status !== 'success') return json({ formId, result: submission.reply() }, { status: 400 })
    try {
      const api = await apiForRequest(request, context)
      await withSession(request, () => call(api, legislationApi.remove, { params: { id: submission.value.mudanca } }))
      return redirectWithToast('/admin/legislacao', { type: 'success', title: 'Mudança legislativa excluída' }, { request })
    } catch (error) {
      const { message, status } = formError(error, 'Não foi possível excluir agora. Tente novamente.')
      return json({ formId, result: submission.reply({ formErrors: [message] }) }, { status })
    }
  }
  const submission = await parseForm(formData, ChangeFormSchema)
  const payload = submission.payload as Record<string, unknown>
  const formId = payload.intent === 'salvar' ? `editar-${String(payload.mudanca ?? '')}` : 'nova-mudanca'
  if (submission.status !== 'success') return json({ formId, result: submission.reply() }, { status: 400 })
  const v = submission.value
  const scope = {
    kind: v.escopo === 'escopo' ? ('scope' as const) : ('discipline' as const),
    norms: v.normas,
    articles: v.artigos,
    terms: v.assuntos,
  }
  const body = { label: v.rotulo, name: v.nome, in_force: v.vigencia, discipline_ids: v.disciplinas, note: v.nota, scope }
  try {
    const api = await apiForRequest(request, context)
    const res = await withSession(request, () =>
      v.intent === 'salvar' && v.mudanca
        ? call(api, legislationApi.update, { params: { id: v.mudanca }, body })
        : call(api, legislationApi.create, { body }),
    )
    return redirectWithToast(
      `/admin/legislacao#mudanca-${res.change.id}`,
      { type: 'success', title: res.message, description: res.change.label },
      { request },
    )
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar agora. Tente novamente.')
    return json({ formId, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
