import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { ADMIN_TOGGLES as TOGGLE_KEYS } from '#server/domain/toggles/names'
import { adminBillingApi } from '#server/features/plans/admin-contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CheckboxField, ErrorList } from '~/components/forms'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'

export const meta: MetaFunction = () => [{ title: 'Recursos — Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const api = await apiForRequest(request, context)
  const { items } = await withSession(request, () => call(api, adminBillingApi.getToggles))
  return json({ items })
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const submission = await parseForm(request, forms.TogglesFormSchema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  // All of them, always: an unchecked box is absent from the form, and absent means off here.
  const changes = Object.fromEntries(TOGGLE_KEYS.map((key) => [key, submission.value[key] === true]))
  const api = await apiForRequest(request, context)
  try {
    const result = await withSession(request, () => call(api, adminBillingApi.setToggles, { body: changes }))
    return redirectWithToast('/admin/recursos', { type: 'success', title: result.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao salvar os recursos')
    return json({ result: submission.reply({ formErrors: [message] }) }, { status })
  }
}

export default function AdminFeaturesPage() {
  const { items } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const [form, fields] = useZodForm(forms.TogglesFormSchema, {
    id: 'recursos',
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(items.map((item) => [item.key, item.enabled ? 'on' : ''])),
  })
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Recursos</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Liga ou desliga um recurso para todos os usuários. Um recurso só fica disponível quando o plano o inclui e ele está ligado aqui; a
          mudança vale a partir da próxima página que cada usuário abrir.
        </p>
      </div>
      <Form method="POST" className="card flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfInput />
        <fieldset className="flex flex-col gap-3" disabled={saving}>
          <legend className="mb-2 text-lg font-semibold">Recursos ligados</legend>
          {items.map((item) => {
            const field = fields[item.key]
            const { key: _key, ...props } = getInputProps(field, { type: 'checkbox' })
            return <CheckboxField key={item.key} label={item.label} inputProps={props} errors={field.errors} />
          })}
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar recursos'}
          </button>
        </div>
      </Form>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
