import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

import type { ExamDateJson } from '#server/features/legislation/contract'
import { forwardUpload } from '~/admin/admin-upload.server'
import type { UploadActionData } from '~/admin/upload'
import { FilePicker, UploadResultPanel } from '~/admin/upload'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { requireAdmin } from '~/utils/session.server'
import { useZodForm } from '~/utils/use-zod-form'

import { examDateAction, loadExamDates } from './datas.server'
import * as forms from './schemas.forms'

export const meta: MetaFunction = () => [{ title: 'Provas — Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return json({ exams: await loadExamDates(request, context) })
}

/**
 * The result is rendered from the action's data instead of redirect + flash: a per-file report
 * of 10 files can exceed a cookie's 4 KB, and re-sending after a refresh is harmless (without
 * force the API answers 'Prova já importada', with force the same content is written again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  // The exam-date forms post plain fields; the upload is multipart.
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return examDateAction(request, context)
  const { outcome } = await forwardUpload(request, context, 'exams')
  return json<UploadActionData>(outcome, { status: outcome.ok ? (outcome.result.success ? 200 : 422) : 400 })
}

export default function AdminExamsPage() {
  const { exams } = useLoaderData<typeof loader>()
  const raw = useActionData<typeof action>() as UploadActionData | { kind: 'date' } | undefined
  const data = raw && 'kind' in raw ? undefined : (raw as UploadActionData | undefined)
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formAction === '/admin/provas'
  const formRef = useRef<HTMLFormElement>(null)
  const [pickerKey, setPickerKey] = useState(0)
  // Selected files are cleared on success (without JS the new page starts empty anyway).
  useEffect(() => {
    if (data?.ok && data.result.success) {
      formRef.current?.reset()
      setPickerKey((k) => k + 1)
    }
  }, [data])

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">Provas</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Envie provas no formato TXT do Gabarita (veja <code>docs/import-formats.md</code>). Cada arquivo é uma prova, importada ou recusada
        por inteiro: um arquivo com erro não importa nada dele, e os outros seguem.
      </p>
      <Form ref={formRef} method="POST" action="/admin/provas" encType="multipart/form-data" className="card mt-6 flex flex-col gap-4">
        <CsrfInput />
        <FilePicker
          key={pickerKey}
          id="provas-arquivos"
          label="Arquivos de prova (.txt)"
          accept=".txt,text/plain"
          extension=".txt"
          max={10}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="force" className="h-5 w-5" />
          <span>
            Forçar (<code>force</code>): criar disciplinas e assuntos que faltarem e substituir provas já importadas
          </span>
        </label>
        <div>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? 'Enviando...' : 'Enviar provas'}
          </button>
        </div>
      </Form>
      <UploadResultPanel data={data} kind="exams" />
      <ExamDates exams={exams} />
    </div>
  )
}

/**
 * The day each exam was applied (ADR 053): a question is "Pode estar desatualizada" when its exam
 * was applied before a law came into force; without the day, the exam's year is compared.
 */
function ExamDates({ exams }: { exams: ExamDateJson[] }) {
  if (!exams.length) return null
  return (
    <section className="mt-8" aria-labelledby="datas-titulo">
      <h2 id="datas-titulo" className="text-lg font-semibold">
        Datas de aplicação
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        O dia em que cada prova foi aplicada decide se uma mudança da lei é posterior a ela (página Legislação). Sem a data, vale o ano.
      </p>
      <ul className="mt-3 space-y-2">
        {exams.map((exam) => (
          <li key={exam.id}>
            <ExamDateForm exam={exam} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ExamDateForm({ exam }: { exam: ExamDateJson }) {
  const actionData = useActionData<typeof action>() as { kind?: string; formId?: string; result?: never } | undefined
  const id = `data-prova-${exam.id}`
  const [form, fields] = useZodForm(forms.ExamDateFormSchema, {
    id,
    lastResult: actionData?.kind === 'date' && actionData.formId === id ? actionData.result : undefined,
    defaultValue: { data: exam.applied_on ?? '' },
  })
  const label = `${exam.name} (${exam.year}, ${exam.board})`
  return (
    <Form method="post" action="/admin/provas" className="card flex flex-wrap items-end gap-3 p-3" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="prova" value={exam.id} />
      <div>
        <label htmlFor={fields.data.id} className="label">
          {label}
        </label>
        <input {...getInputProps(fields.data, { type: 'date' })} className="input" aria-label={`Data de aplicação: ${label}`} />
      </div>
      <button type="submit" className="btn-secondary">
        Salvar data
      </button>
      <ErrorList id={fields.data.errorId} errors={fields.data.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
