import { getFormProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import type { AdminErrorReportJson } from '#server/features/error-reports/contract'
import { ERROR_REPORT_ANSWER_MAX, ERROR_REPORT_STATUS_LABELS, ERROR_REPORT_STATUSES } from '#server/features/error-reports/messages'
import { OUTDATED_NOTE_MAX } from '#server/features/legislation/messages'
import { AdminPager } from '~/admin/pager'
import { QueueFilter } from '~/admin/queue-filter'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { formatDateTime } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import { errorReportAction, loadErrorReports } from './erros.server'
import * as forms from './schemas.forms'

// /admin/erros (issue 13): the errors students report from the question cards. Each report:
// the question, the message, who sent it (or anônimo), the date, a status and an optional
// answer the student reads on their dashboard. Filters are a GET form.

export const meta: MetaFunction = () => [{ title: 'Erros reportados — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadErrorReports(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return errorReportAction(request, context)
}

export default function AdminErrorReportsPage() {
  const { reports, status, self } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold">Erros reportados</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Relatos enviados pelo botão “Reportar erro” das questões. O aluno vê a situação e a sua resposta no painel dele.
      </p>
      <QueueFilter
        name="situacao"
        label="Situação"
        value={status}
        all="Todas"
        options={ERROR_REPORT_STATUSES.map((value) => [value, ERROR_REPORT_STATUS_LABELS[value]])}
      />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{reports.total === 1 ? '1 relato' : `${reports.total} relatos`}</p>
      {reports.data.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:text-slate-400 dark:border-slate-700">
          Nenhum relato aqui.
        </p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Relatos de erro">
          {reports.data.map((report) => (
            <li key={report.id}>
              <ReportItem report={report} action={self} />
            </li>
          ))}
        </ol>
      )}
      <AdminPager page={reports.page} total={reports.total} perPage={reports.per_page} />
    </div>
  )
}

function ReportItem({ report, action }: { report: AdminErrorReportJson; action: string }) {
  const actionData = useActionData<typeof errorReportAction>()
  const id = `relato-${report.id}`
  const lastResult = actionData && 'formId' in actionData && actionData.formId === id ? actionData.result : undefined
  const [form, fields] = useZodForm(forms.ErrorReportFormSchema, {
    id,
    lastResult,
    defaultValue: { relato: String(report.id), situacao: report.status, resposta: report.answer ?? '' },
  })
  const question = report.question
  return (
    <article id={`erro-${report.id}`} className="card p-4" aria-label={`Relato ${report.id}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold dark:bg-slate-800" data-testid="situacao">
          {report.status_label}
        </span>
        {report.kind === 'desatualizada' ? (
          <span className="rounded-full bg-orange-100 px-2 py-0.5 font-semibold text-orange-900" data-testid="tipo">
            {report.kind_label}
          </span>
        ) : null}
        <Link to={`/questoes?${new URLSearchParams({ q: question.short_id })}#questao-${question.id}`} className="underline">
          {`Questão ${question.number} (#${question.short_id}) · ${question.discipline}`}
        </Link>
      </div>
      <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{report.message}</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {`${report.reporter ? `${report.reporter.name} (${report.reporter.email})` : 'anônimo'} · ${formatDateTime(report.created_at)}`}
        {report.answered_at
          ? ` · atualizado ${formatDateTime(report.answered_at)}${report.answered_by ? ` por ${report.answered_by.name}` : ''}`
          : ''}
      </p>
      <Form method="post" action={action} className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr]" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="relato" value={report.id} />
        <div>
          <label htmlFor={fields.situacao.id} className="label">
            Situação
          </label>
          <select {...getSelectProps(fields.situacao)} className="input">
            {ERROR_REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ERROR_REPORT_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
          <ErrorList id={fields.situacao.errorId} errors={fields.situacao.errors} />
        </div>
        <div>
          <label htmlFor={fields.resposta.id} className="label">
            Resposta ao aluno (opcional)
          </label>
          <textarea {...getTextareaProps(fields.resposta)} maxLength={ERROR_REPORT_ANSWER_MAX} rows={2} className="input min-h-20" />
          <ErrorList id={fields.resposta.errorId} errors={fields.resposta.errors} />
        </div>
        <div className="sm:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn-primary">
            Salvar
          </button>
        </div>
      </Form>
      {report.kind === 'desatualizada' ? (
        <p className="mt-3 text-sm">
          <Link
            to={`/admin/legislacao/selos?${new URLSearchParams({ questao: String(question.id) })}`}
            className="font-semibold text-brand-700 underline dark:text-brand-300"
          >
            Selos desta questão: confirmar ou tirar por mudança
          </Link>
        </p>
      ) : null}
      <OutdatedPanel report={report} action={action} />
    </article>
  )
}

/**
 * "Confirmar desatualizada" (ADR 053): the note students read on the question, which also answers
 * this report (Corrigido); once confirmed, the note and a way to undo it. Open at once on a report
 * of the kind "Desatualizada", folded (a native <details>) on the others.
 */
function OutdatedPanel({ report, action }: { report: AdminErrorReportJson; action: string }) {
  const actionData = useActionData<typeof errorReportAction>()
  const confirmId = `desatualizada-${report.id}`
  const undoId = `atualizada-${report.id}`
  const pick = (id: string) => (actionData && 'formId' in actionData && actionData.formId === id ? actionData.result : undefined)
  const [confirm, fields] = useZodForm(forms.OutdatedConfirmFormSchema, { id: confirmId, lastResult: pick(confirmId) })
  const [undo] = useZodForm(forms.OutdatedUndoFormSchema, { id: undoId, lastResult: pick(undoId) })
  const note = report.question.outdated_note
  if (note !== null)
    return (
      <Form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-3 text-sm" {...getFormProps(undo)}>
        <CsrfInput />
        <input type="hidden" name="relato" value={report.id} />
        <input type="hidden" name="questao" value={report.question.id} />
        <input type="hidden" name="intent" value="atualizada" />
        <p className="rounded border-l-4 border-orange-600 bg-orange-50 px-3 py-1 text-orange-900" data-testid="nota-desatualizada">
          <strong>Desatualizada:</strong> {note}
        </p>
        <button type="submit" className="btn-secondary">
          Desfazer desatualizada
        </button>
        <ErrorList id={undo.errorId} errors={undo.errors} />
      </Form>
    )
  return (
    <details className="mt-3" open={report.kind === 'desatualizada' || Boolean(confirm.errors?.length || fields.nota.errors?.length)}>
      <summary className="cursor-pointer text-sm font-semibold">Confirmar desatualizada</summary>
      <Form method="post" action={action} className="mt-2 space-y-2" {...getFormProps(confirm)}>
        <CsrfInput />
        <input type="hidden" name="relato" value={report.id} />
        <input type="hidden" name="questao" value={report.question.id} />
        <input type="hidden" name="intent" value="desatualizada" />
        <label htmlFor={fields.nota.id} className="label">
          Nota para os alunos (o que mudou na lei)
        </label>
        <textarea {...getTextareaProps(fields.nota)} maxLength={OUTDATED_NOTE_MAX} rows={2} className="input min-h-16" />
        <ErrorList id={fields.nota.errorId} errors={fields.nota.errors} />
        <ErrorList id={confirm.errorId} errors={confirm.errors} />
        <button type="submit" className="btn-primary">
          Confirmar desatualizada
        </button>
      </Form>
    </details>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
