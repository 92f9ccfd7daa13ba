import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from '@remix-run/react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { IconSprite } from '~/components/icons'
import { NotebookFields } from '~/notebook/notebook-fields'
import { DownloadForOffline } from '~/offline/download-button'
import { CardShortcuts } from '~/question/card-shortcuts'
import { PER_PAGE } from '~/question/filters'
import { Announcer } from '~/question/keyboard'
import { Pagination } from '~/question/pagination'
import { QuestionCard } from '~/question/question-card'
import questionStyles from '~/question/questions.css'
import { formatDate } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import type { NotebookPageActionData } from './notebook.server'
import { loadNotebookPage, notebookPageAction } from './notebook.server'
import * as forms from './schemas.forms'

// /notebook/{notebookId}/questions (issue 11, spec section 2 'Notebook questions'): name,
// description, created date, the three figures and the progress bar, the questions as cards
// answerable right here, remove-from-notebook, rename/describe, and delete with a confirmation
// step (a link to ?excluir=1, so it works without JS).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.state === 'ok' ? `${data.notebook.name} — Cadernos — Gabarita` : 'Caderno — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadNotebookPage(request, context, params.notebookId)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return notebookPageAction(request, context, params.notebookId)
}

export default function NotebookPage() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  const loading =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname && navigation.location.search !== location.search

  if (data.state === 'missing') {
    return (
      <div className="container-page py-10 text-center">
        <h1 className="text-2xl font-bold">Caderno não encontrado</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">Ele pode ter sido excluído, ou o endereço está incompleto.</p>
        <Link to="/dashboard" className="btn-primary mt-6">
          Voltar ao painel
        </Link>
      </div>
    )
  }
  if (data.state === 'error') {
    return (
      <div className="container-page py-10 text-center">
        <h1 className="text-2xl font-bold">Caderno</h1>
        <p role="alert" className="field-error mt-4">
          {data.message}
        </p>
        <Link to={`${location.pathname}${location.search}`} className="btn-secondary mt-6">
          Tentar de novo
        </Link>
      </div>
    )
  }

  const { notebook } = data
  const currentUrl = `${location.pathname}${location.search}`
  const first = (data.page - 1) * PER_PAGE
  const lastPage = Math.max(1, Math.ceil(data.total / PER_PAGE))
  return (
    <>
      <IconSprite />
      <section className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="container-page py-6 sm:py-8">
          <p className="text-sm">
            <Link to="/dashboard" className="font-semibold text-brand-700 underline dark:text-brand-300">
              Painel
            </Link>
            {' / Cadernos'}
          </p>
          <h1 className="mt-2 flex items-center gap-3 text-2xl font-bold sm:text-3xl">
            <span aria-hidden className="inline-block h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: notebook.color }} />
            {notebook.name}
          </h1>
          {notebook.description ? (
            <p className="mt-2 max-w-prose whitespace-pre-wrap text-slate-700 dark:text-slate-300">{notebook.description}</p>
          ) : null}
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{`Criado em ${formatDate(notebook.createdAt)}`}</p>

          <dl className="mt-5 grid grid-cols-3 gap-3 text-center" aria-label="Números do caderno">
            <Figure label="Questões no caderno" value={String(notebook.questionsCount)} testId="total" />
            <Figure label="Questões respondidas" value={String(notebook.answeredCount)} testId="respondidas" />
            <Figure label="Organização" value={`${notebook.progressPercent}%`} testId="organizacao" />
          </dl>
          <div
            className="mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            role="progressbar"
            aria-label="Questões respondidas do caderno"
            aria-valuemin={0}
            aria-valuemax={notebook.questionsCount}
            aria-valuenow={notebook.answeredCount}
            aria-valuetext={`${notebook.answeredCount} de ${notebook.questionsCount} questões respondidas`}
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${notebook.progressPercent}%` }} />
          </div>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Organização é a parte das questões deste caderno que você já respondeu pelo menos uma vez.
          </p>

          <div className="mt-5 flex flex-wrap gap-2">
            <Link to={`/questoes?caderno=${notebook.id}`} className="btn-secondary">
              Estudar com os filtros de questões
            </Link>
            <Link to={`/revisao?caderno=${notebook.id}`} className="btn-secondary">
              Revisar este caderno
            </Link>
            <Link to={`/notebook/${notebook.id}/imprimir`} className="btn-secondary">
              Imprimir caderno
            </Link>
            <DownloadForOffline source={{ fonte: 'caderno', caderno: notebook.id }} />
            <Link to={`${location.pathname}?excluir=1#excluir-caderno`} className="btn-secondary" preventScrollReset>
              Excluir caderno
            </Link>
          </div>
          {data.confirmDelete ? <DeleteConfirmation name={notebook.name} cancel={location.pathname} /> : null}
          <EditNotebookForm key={notebook.updatedAt} name={notebook.name} description={notebook.description} />
        </div>
      </section>

      <div className="container-page py-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold" aria-live="polite">
            {loading ? 'Carregando caderno...' : data.total === 1 ? '1 questão neste caderno' : `${data.total} questões neste caderno`}
          </h2>
          {data.questions.length ? <CardShortcuts /> : null}
        </div>
        <Announcer />
        {data.questions.length === 0 ? (
          <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="text-slate-600 dark:text-slate-400">Nenhuma questão encontrada</p>
            <Link to="/questoes" className="btn-primary mt-4">
              Buscar questões
            </Link>
          </div>
        ) : (
          <ol className="qcl mt-4 space-y-4" aria-label="Questões do caderno">
            {data.questions.map((q, i) => (
              <li key={q.id} className="space-y-2">
                <QuestionCard
                  question={q}
                  sequence={first + i + 1}
                  discoverRoutes={i === 0}
                  loggedIn
                  currentUrl={currentUrl}
                  serverReveal={data.reveals[q.id]}
                  serverQuota={data.quotaFor === q.id ? data.quotaText : undefined}
                  toolSearch={`?caderno=${notebook.id}`}
                />
                <RemoveForm questionId={q.id} sequence={first + i + 1} action={currentUrl} />
              </li>
            ))}
          </ol>
        )}
        <Pagination page={data.page} totalPages={lastPage} hrefFor={(p) => `${location.pathname}${p > 1 ? `?pagina=${p}` : ''}`} />
      </div>
    </>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <dt className="text-xs text-slate-600 sm:text-sm dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold" data-testid={`caderno-${testId}`}>
        {value}
      </dd>
    </div>
  )
}

function RemoveForm({ questionId, sequence, action }: { questionId: number; sequence: number; action: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('questao') === String(questionId)
  return (
    <Form method="post" action={action} preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="questao" value={questionId} />
      <button
        type="submit"
        name="intent"
        value="remover"
        className="btn-secondary"
        disabled={busy}
        aria-label={`Remover do caderno a questão ${sequence}`}
      >
        {busy ? 'Removendo...' : 'Remover do caderno'}
      </button>
    </Form>
  )
}

function DeleteConfirmation({ name, cancel }: { name: string; cancel: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'excluir'
  return (
    <Form
      method="post"
      id="excluir-caderno"
      className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
      role="group"
      aria-label="Confirmar exclusão do caderno"
    >
      <CsrfInput />
      <p className="font-semibold">{`Excluir o caderno “${name}”?`}</p>
      <p className="mt-1 text-sm">
        As questões continuam no banco de questões; só o caderno e a lista dele são apagados. Não é possível desfazer.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="excluir" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>
          {busy ? 'Excluindo...' : 'Confirmar exclusão'}
        </button>
        <Link to={cancel} className="btn-secondary" preventScrollReset>
          Cancelar
        </Link>
      </div>
    </Form>
  )
}

function EditNotebookForm({ name, description }: { name: string; description: string | null }) {
  const actionData = useActionData<typeof action>() as NotebookPageActionData | undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'editar'
  const lastResult = actionData?.formId === 'editar-caderno' ? actionData.result : undefined
  // The dashboard's 'Editar' opens the page with the form unfolded.
  const [params] = useSearchParams()
  const [form, fields] = useZodForm(forms.EditNotebookSchema, {
    id: 'editar-caderno',
    lastResult,
    defaultValue: { nome: name, descricao: description ?? '' },
  })
  return (
    <details
      className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      open={lastResult || params.get('editar') === '1' ? true : undefined}
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold">Editar nome e descrição</summary>
      <Form method="post" className="mt-2 space-y-3" {...getFormProps(form)}>
        <CsrfInput />
        <NotebookFields fields={fields} rows={3} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="editar" className="btn-primary" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar alterações'}
        </button>
      </Form>
    </details>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
