import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

import { forwardUpload } from '~/admin/admin-upload.server'
import type { UploadActionData } from '~/admin/upload'
import { FilePicker, UploadResultPanel } from '~/admin/upload'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { requireAdmin } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Provas — Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return json({})
}

/**
 * The result is rendered from the action's data instead of redirect + flash: a per-file report
 * of 10 files can exceed a cookie's 4 KB, and re-sending after a refresh is harmless (without
 * force the API answers 'Prova já importada', with force the same content is written again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const { outcome } = await forwardUpload(request, context, 'exams')
  return json<UploadActionData>(outcome, { status: outcome.ok ? (outcome.result.success ? 200 : 422) : 400 })
}

export default function AdminExamsPage() {
  const data = useActionData<typeof action>() as UploadActionData | undefined
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
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
