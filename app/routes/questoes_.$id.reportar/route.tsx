import { getFormProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { ERROR_REPORT_KIND_LABELS, ERROR_REPORT_KINDS } from '#server/features/error-reports/messages'
import { questionsApi } from '#server/features/questions/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, TextareaField } from '~/components/forms'
import { cardPageBack, reportAction } from '~/question/actions.server'
import * as forms from '~/question/schemas.forms'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, withSession } from '~/utils/session.server'
import { useZodForm } from '~/utils/use-zod-form'

// 'Reportar erro' as a route dialog: a small page with one form (no login needed),
// which sends the student back to the card they came from.

export const meta: MetaFunction = () => [{ title: 'Reportar erro — Gabarita' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.id)
  if (!Number.isInteger(id) || id < 1) throw new Response('Questão não encontrada', { status: 404 })
  const url = new URL(request.url)
  const back = cardPageBack(url.searchParams.get('voltar')) ?? '/questoes'
  const kind = url.searchParams.get('tipo') === 'desatualizada' ? 'desatualizada' : 'erro'
  try {
    const api = await apiForRequest(request, context)
    const { data } = await withSession(request, () => call(api, questionsApi.get, { params: { id } }))
    return json({ id, number: data.question_number, shortId: data.short_id, discipline: data.discipline_name, back, kind })
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response('Questão não encontrada', { status: 404 })
    throw error
  }
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return reportAction(request, context, Number(params.id))
}

export default function ReportErrorPage() {
  const data = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useZodForm(forms.ReportFormSchema, {
    id: 'reportar-form',
    lastResult: actionData?.result,
    defaultValue: { tipo: data.kind },
  })
  const cancel = `${data.back}#questao-${data.id}`
  return (
    <div className="container-page max-w-2xl py-10">
      <div className="card" role="dialog" aria-labelledby="reportar-titulo" aria-modal="false">
        <h1 id="reportar-titulo" className="text-2xl font-bold">
          Reportar erro
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{`Questão #${data.shortId} · ${data.discipline}`}</p>
        <Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="redirectTo" value={data.back} />
          <fieldset>
            <legend className="label">Tipo</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {ERROR_REPORT_KINDS.map((kind) => (
                <label key={kind} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={fields.tipo.name}
                    value={kind}
                    defaultChecked={(fields.tipo.initialValue ?? data.kind) === kind}
                  />
                  {ERROR_REPORT_KIND_LABELS[kind]}
                </label>
              ))}
            </div>
            <ErrorList id={fields.tipo.errorId} errors={fields.tipo.errors} />
          </fieldset>
          <TextareaField
            label="Descreva o erro encontrado"
            textareaProps={{ ...getTextareaProps(fields.mensagem), rows: 5, autoFocus: true }}
            errors={fields.mensagem.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
              Enviar relato
            </button>
            <Link to={cancel} className="btn-secondary">
              Cancelar
            </Link>
          </div>
        </Form>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
