import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { RouteDialog } from '~/components/route-dialog'
import { CreateNotebookForm } from '~/notebook/notebook-fields'
import { toolLinkSelector } from '~/question/card-actions'

import type { NotebookDialogActionData } from './cadernos.server'
import { loadNotebookDialog, notebookDialogAction } from './cadernos.server'

// Fichário (issue 11): put the question in any of the student's notebooks, or create one,
// nested in the /questoes layout (a dialog with JS, a section of the page without). The
// ticks are the question's current membership; 'Salvar' sends the complete set.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Cadernos — ${data.question.label} — Gabarita` : 'Cadernos — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadNotebookDialog(request, context, params.id)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return notebookDialogAction(request, context, params.id)
}

const questionsLabel = (n: number) => (n === 1 ? '1 questão' : `${n} questões`)

export default function NotebookDialogRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as NotebookDialogActionData | undefined
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'salvar'
  const allowance = data.allowance
  const selectionErrors = actionData?.formId === 'selecao-cadernos' ? actionData.result.error?.[''] : undefined
  return (
    <RouteDialog
      titleId="cadernos-titulo"
      title={`Cadernos — ${data.question.label}`}
      back={data.back}
      focusOnClose={toolLinkSelector(data.question.id, 'cadernos')}
    >
      {allowance ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="cadernos-limite">
          {allowance.limit === null
            ? `Você tem ${allowance.count} ${allowance.count === 1 ? 'caderno' : 'cadernos'} (plano ${data.planName}: ilimitados).`
            : `Você usa ${allowance.count} de ${allowance.limit} cadernos do plano ${data.planName}.`}
        </p>
      ) : null}
      {data.failed ? (
        <p role="alert" className="field-error mt-4">
          {data.failed}
        </p>
      ) : null}

      {data.notebooks.length ? (
        <Form method="post" action={data.self} preventScrollReset className="mt-4" id="selecao-cadernos">
          <CsrfInput />
          <fieldset>
            <legend className="font-semibold">Em quais cadernos esta questão fica?</legend>
            <ul className="mt-2 space-y-2">
              {data.notebooks.map((nb) => (
                <li
                  key={nb.id}
                  id={`caderno-${nb.id}`}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
                >
                  <label className="flex min-h-11 flex-1 items-center gap-3">
                    <input
                      type="checkbox"
                      name="caderno"
                      value={nb.id}
                      defaultChecked={data.selected.includes(nb.id)}
                      className="h-5 w-5 rounded border-slate-300"
                    />
                    <span aria-hidden className="inline-block h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: nb.color }} />
                    <span className="font-medium">{nb.name}</span>
                    <span className="text-sm text-slate-500 dark:text-slate-400">{`(${questionsLabel(nb.questionsCount)})`}</span>
                  </label>
                  <Link to={`/notebook/${nb.id}/questions`} className="text-sm font-semibold text-brand-700 underline dark:text-brand-300">
                    {`Abrir ${nb.name}`}
                  </Link>
                </li>
              ))}
            </ul>
          </fieldset>
          <ErrorList errors={selectionErrors} />
          <button type="submit" name="intent" value="salvar" className="btn-primary mt-3" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </button>
        </Form>
      ) : !data.failed ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Você ainda não tem cadernos. Crie o primeiro abaixo.
        </p>
      ) : null}

      {allowance && !allowance.can_create ? (
        <div
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="cadernos-bloqueado"
        >
          <p>{allowance.message}</p>
          {allowance.code !== 'NOTEBOOKS_DISABLED' ? (
            <Link to={allowance.plans_url} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
              Ver planos
            </Link>
          ) : null}
        </div>
      ) : (
        <NewNotebookForm action={data.self} actionData={actionData} startOpen={data.notebooks.length === 0} key={data.notebooks.length} />
      )}
    </RouteDialog>
  )
}

function NewNotebookForm({ action, actionData, startOpen }: { action: string; actionData?: NotebookDialogActionData; startOpen: boolean }) {
  const mine = actionData?.formId === 'novo-caderno' ? actionData : undefined
  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700" open={mine || startOpen ? true : undefined}>
      <summary className="min-h-11 cursor-pointer content-center font-semibold">Criar novo caderno</summary>
      <CreateNotebookForm
        id="novo-caderno"
        action={action}
        lastResult={mine?.result}
        plansUrl={mine?.plansUrl}
        submitLabel="Criar e adicionar a questão"
        className="mt-2 space-y-3"
      />
    </details>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
