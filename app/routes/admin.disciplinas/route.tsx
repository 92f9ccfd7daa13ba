import type { SubmissionResult } from '@conform-to/react'
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

import { call } from '#server/client/call'
import { formatTreeText, TREE_TEXT_HELP } from '#server/domain/topics/tree-text'
import { adminApi } from '#server/features/admin/contract'
import { ApiError, listDisciplines } from '~/admin/admin-api.server'
import { forwardUpload } from '~/admin/admin-upload.server'
import type { UploadActionData } from '~/admin/upload'
import { FilePicker, UploadResultPanel } from '~/admin/upload'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field, withoutKey } from '~/components/forms'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useHydrated } from '~/utils/use-hydrated'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'

export const meta: MetaFunction = () => [{ title: 'Disciplinas — Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const client = await apiForRequest(request, context)
  const [disciplines, trees] = await Promise.all([
    withSession(request, () => listDisciplines(client)),
    withSession(request, () => call(client, adminApi.exportDisciplines)),
  ]).catch((error) => {
    if (error instanceof Response) throw error
    return [null, null] as const
  })
  // Each discipline's tree as the text its form edits (issue 65 §1): topics in their order, ranges after "|".
  const texts = new Map(
    (trees?.disciplinas ?? []).map((d) => [d.nome, formatTreeText(d.assuntos.map((t) => ({ name: t.nome, articles: t.artigos })))]),
  )
  return json({ disciplines: disciplines?.map((d) => ({ ...d, tree: texts.get(d.name) ?? '' })) ?? null })
}

/**
 * Three forms post here: the multipart upload (result rendered from the action data, see
 * admin.provas.tsx for why), the discipline/topic check and a discipline's topics (both redirect
 * with a toast on success).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const { outcome } = await forwardUpload(request, context, 'disciplines')
    return json({ kind: 'upload' as const, upload: outcome }, { status: outcome.ok ? (outcome.result.success ? 200 : 422) : 400 })
  }
  const formData = await request.formData()
  if (formData.get('intent') === 'assuntos') return saveTree(request, context, formData)
  const submission = await parseForm(formData, forms.DisciplineCheckSchema)
  if (submission.status !== 'success') return json({ kind: 'check' as const, result: submission.reply() }, { status: 400 })
  const client = await apiForRequest(request, context)
  let checked: { message: string }
  try {
    checked = await withSession(request, () =>
      call(client, adminApi.checkDisciplineTopic, { body: { discipline: submission.value.disciplina, topic: submission.value.assunto } }),
    )
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao validar disciplina e assunto')
    return json({ kind: 'check' as const, result: submission.reply({ formErrors: [message] }) }, { status })
  }
  return redirectWithToast(
    '/admin/disciplinas',
    { type: 'success', title: checked.message, description: `${submission.value.disciplina} › ${submission.value.assunto}` },
    { request },
  )
}

async function saveTree(request: Request, context: ActionFunctionArgs['context'], formData: FormData) {
  const submission = await parseForm(formData, forms.TopicTreeFormSchema)
  const disciplina = Number(formData.get('disciplina')) || 0
  if (submission.status !== 'success') return json({ kind: 'tree' as const, disciplina, result: submission.reply() }, { status: 400 })
  const client = await apiForRequest(request, context)
  try {
    const saved = await withSession(request, () =>
      call(client, adminApi.saveTopicTree, {
        params: { id: String(submission.value.disciplina) },
        body: { assuntos: submission.value.assuntos },
      }),
    )
    return redirectWithToast('/admin/disciplinas', { type: 'success', title: saved.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar os assuntos agora. Tente novamente.')
    // A tree that does not read: every bad line's message, as the API names them.
    const body = error instanceof ApiError ? (error.body as { validations?: { errors: { message: string }[] }[] } | undefined) : undefined
    const lines = body?.validations?.flatMap((v) => v.errors.map((e) => e.message)) ?? []
    return json(
      { kind: 'tree' as const, disciplina, result: submission.reply({ formErrors: lines.length ? lines : [message] }) },
      { status },
    )
  }
}

function TreeForm({
  discipline,
  lastResult,
}: {
  discipline: { id: number; name: string; tree: string }
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useZodForm(forms.TopicTreeFormSchema, {
    id: `assuntos-${discipline.id}`,
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: { intent: 'assuntos', disciplina: String(discipline.id), assuntos: discipline.tree },
  })
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('disciplina') === String(discipline.id)
  return (
    <Form method="POST" action="/admin/disciplinas" className="mt-3 flex flex-col gap-2" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="intent" value="assuntos" />
      <input type="hidden" name="disciplina" value={discipline.id} />
      <label htmlFor={fields.assuntos.id} className="label">
        {`Assuntos de ${discipline.name}`}
      </label>
      <p id={`${fields.assuntos.id}-ajuda`} className="text-xs text-slate-600 dark:text-slate-400">
        {`${TREE_TEXT_HELP}. Um assunto que sai da lista é apagado; as palavras que orientam a classificação automática dos que ficam não mudam.`}
      </p>
      <textarea
        {...withoutKey(getTextareaProps(fields.assuntos))}
        rows={Math.min(16, Math.max(4, discipline.tree.split('\n').length + 1))}
        className="input font-mono text-xs"
        aria-describedby={`${fields.assuntos.id}-ajuda ${form.errorId}`}
        spellCheck={false}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className="btn-secondary" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar assuntos'}
        </button>
      </div>
    </Form>
  )
}

function CheckForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST' && navigation.formEncType !== 'multipart/form-data'
  const [filled, setFilled] = useState(false)
  const [form, fields] = useZodForm(forms.DisciplineCheckSchema, { id: 'verificar-disciplina', lastResult, shouldValidate: 'onSubmit' })
  return (
    <Form
      method="POST"
      action="/admin/disciplinas"
      className="flex flex-col gap-4"
      {...getFormProps(form)}
      onInput={(event) => {
        const data = new FormData(event.currentTarget)
        setFilled(String(data.get('disciplina') ?? '').trim() !== '' && String(data.get('assunto') ?? '').trim() !== '')
      }}
    >
      <CsrfInput />
      <Field
        label="Disciplina"
        inputProps={{ ...withoutKey(getInputProps(fields.disciplina, { type: 'text' })), required: false }}
        errors={fields.disciplina.errors}
      />
      <Field
        label="Assunto"
        inputProps={{ ...withoutKey(getInputProps(fields.assunto, { type: 'text' })), required: false }}
        errors={fields.assunto.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        {/* Disabled until both are filled only once JS runs: without JS the server validates. */}
        <button type="submit" name="intent" value="check" className="btn-primary" disabled={(hydrated && !filled) || pending}>
          {pending ? 'Validando...' : 'Validar disciplina e assunto'}
        </button>
      </div>
    </Form>
  )
}

export default function AdminDisciplinesPage() {
  const { disciplines } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const navigation = useNavigation()
  const uploading = navigation.state !== 'idle' && navigation.formEncType === 'multipart/form-data'
  const upload = data?.kind === 'upload' ? (data.upload as UploadActionData) : undefined
  const formRef = useRef<HTMLFormElement>(null)
  const [pickerKey, setPickerKey] = useState(0)
  useEffect(() => {
    if (upload?.ok && upload.result.success) {
      formRef.current?.reset()
      setPickerKey((k) => k + 1)
    }
  }, [upload])

  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold">Disciplinas</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Envie arquivos JSON com disciplinas e assuntos. A importação só acrescenta: nada é apagado.
        </p>
      </div>
      <section aria-labelledby="upload-title" className="card">
        <h2 id="upload-title" className="text-lg font-semibold">
          Enviar disciplinas
        </h2>
        <Form ref={formRef} method="POST" action="/admin/disciplinas" encType="multipart/form-data" className="mt-4 flex flex-col gap-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="upload" />
          <FilePicker
            key={pickerKey}
            id="disciplinas-arquivos"
            label="Arquivos de disciplinas (.json)"
            accept=".json,application/json"
            extension=".json"
            max={5}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={uploading}>
              {uploading ? 'Enviando...' : 'Enviar disciplinas'}
            </button>
          </div>
        </Form>
        <UploadResultPanel data={upload} kind="disciplines" />
      </section>

      <section aria-labelledby="check-title" className="card">
        <h2 id="check-title" className="text-lg font-semibold">
          Verificar disciplina e assunto
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-600 dark:text-slate-300">
          Confere se o par já está cadastrado (maiúsculas e acentos são ignorados).
        </p>
        <CheckForm lastResult={data?.kind === 'check' ? (data.result as SubmissionResult<string[]>) : undefined} />
      </section>

      <section aria-labelledby="list-title" className="card">
        <h2 id="list-title" className="text-lg font-semibold">
          Disciplinas cadastradas
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Abra uma disciplina para ver e editar seus assuntos.{' '}
          <a href="/admin/disciplinas/exportar" className="font-semibold text-brand-700 underline dark:text-brand-300" download>
            Exportar disciplinas (JSON)
          </a>
        </p>
        {disciplines === null ? (
          <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
            Não foi possível carregar as disciplinas.
          </p>
        ) : disciplines.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">Nenhuma disciplina cadastrada.</p>
        ) : (
          <ul className="mt-3 grid gap-2">
            {disciplines.map((d) => {
              const failed = data?.kind === 'tree' && data.disciplina === d.id ? (data.result as SubmissionResult<string[]>) : undefined
              return (
                <li key={d.id}>
                  <details open={failed ? true : undefined}>
                    <summary className="flex min-h-11 cursor-pointer items-center font-medium">
                      {d.name} <span className="ml-2 text-sm text-slate-500 dark:text-slate-400">({d.topics.length} assuntos)</span>
                    </summary>
                    <ul className="ml-4 list-disc text-sm" data-testid={`assuntos-${d.id}`}>
                      {d.topics.map((t) => (
                        <li key={t.id}>{`${t.name} (${t.questions === 1 ? '1 questão' : `${t.questions} questões`})`}</li>
                      ))}
                    </ul>
                    <TreeForm discipline={d} lastResult={failed} />
                  </details>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
