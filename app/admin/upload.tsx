import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { useState } from 'react'

import type { UploadResult } from '#server/client/admin'
import { classificationLine } from '#server/features/admin/import-messages'
import { useHydrated } from '~/utils/use-hydrated'

export type UploadActionData = { ok: true; result: UploadResult } | { ok: false; error: string }

function sizeMb(bytes: number) {
  return `${(bytes / (1024 * 1024)).toFixed(2).replace('.', ',')} MB`
}

/**
 * The file picker. Without JS it is a plain multipart input; with JS the chosen files are
 * listed with their size in MB, and wrong types / too many files are flagged before sending
 * (the server checks again either way).
 */
export function FilePicker({
  id,
  label,
  accept,
  extension,
  max,
  onChange,
}: {
  id: string
  label: string
  accept: string
  extension: string
  max: number
  onChange?: (count: number) => void
}) {
  const hydrated = useHydrated()
  const [files, setFiles] = useState<{ name: string; size: number }[]>([])
  const problems = [
    ...files.filter((f) => !f.name.toLowerCase().endsWith(extension)).map((f) => `Tipo de arquivo não suportado: ${f.name}`),
    ...files.filter((f) => f.size > 5 * 1024 * 1024).map((f) => `Erro no arquivo ${f.name}: arquivo maior que 5 MB`),
    ...(files.length > max ? [`Selecione no máximo ${max} arquivos`] : []),
  ]
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name="file"
        type="file"
        multiple
        accept={accept}
        aria-describedby={`${id}-hint`}
        className="block w-full min-h-11 rounded-lg border border-dashed border-slate-400 bg-white p-3 text-sm dark:border-slate-600 dark:bg-slate-900"
        onChange={(event) => {
          const list = Array.from(event.currentTarget.files ?? []).map((f) => ({ name: f.name, size: f.size }))
          setFiles(list)
          onChange?.(list.length)
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        Até {max} arquivos {extension}, de no máximo 5 MB cada.
      </p>
      {hydrated && files.length ? (
        <ul className="mt-2 text-sm" aria-label="Arquivos selecionados" data-testid="arquivos-selecionados">
          {files.map((f) => (
            <li key={f.name} className="flex justify-between gap-4 border-b border-slate-100 py-1 dark:border-slate-800">
              <span className="truncate">{f.name}</span>
              <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">{sizeMb(f.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.length ? (
        <ul className="field-error" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** What the files of each upload page are, for the summary line ('1 importada, 2 recusadas'). */
const FILE_WORDS = {
  exams: {
    imported: ['importada', 'importadas'],
    refused: ['recusada', 'recusadas'],
    importedTitle: ['Prova importada', 'Provas importadas'],
  },
  disciplines: {
    imported: ['importado', 'importados'],
    refused: ['recusado', 'recusados'],
    importedTitle: ['Arquivo importado', 'Arquivos importados'],
  },
} as const

const counted = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`

/**
 * The result per file: each file imports or is refused on its own (its own transaction), so a
 * mixed upload shows the imported files in a green panel and the refused ones, with their
 * located errors, in a red one, under a summary line; a refusal must not look like the whole
 * upload failed (issue 28).
 */
export function UploadResultPanel({ data, kind }: { data: UploadActionData | undefined; kind: 'exams' | 'disciplines' }) {
  if (!data) return null
  if (!data.ok) {
    return (
      <div
        role="alert"
        className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p className="flex items-center gap-2 font-semibold">
          <AlertTriangle className="h-5 w-5" aria-hidden /> Erro ao fazer upload
        </p>
        <p className="mt-1">{data.error}</p>
      </div>
    )
  }
  const { result } = data
  const words = FILE_WORDS[kind]
  const imported = result.files.filter((f) => f.success)
  const refused = result.files.filter((f) => !f.success)
  const summary = [
    imported.length ? counted(imported.length, words.imported) : null,
    refused.length ? counted(refused.length, words.refused) : null,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <section aria-labelledby="resultado-upload" role={refused.length ? 'alert' : 'status'} className="mt-6 flex flex-col gap-4">
      <h2 id="resultado-upload" className="text-lg font-semibold" data-testid="resumo-upload">
        {summary}
      </h2>
      {imported.length ? (
        <section
          aria-labelledby="upload-importados"
          className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          <h3 id="upload-importados" className="flex items-center gap-2 font-semibold">
            <CheckCircle2 className="h-5 w-5" aria-hidden />
            {refused.length ? (imported.length === 1 ? words.importedTitle[0] : words.importedTitle[1]) : result.message}
          </h3>
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {imported.map((file) => (
              <li key={file.filename}>
                <span className="font-medium">
                  {file.filename}: {uploadDetail(file)}
                </span>
                {classificationLine(file) ? <p data-testid="classificacao-importada">{classificationLine(file)}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {refused.length ? (
        <section
          aria-labelledby="upload-recusados"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <h3 id="upload-recusados" className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-5 w-5" aria-hidden />
            {result.message}
          </h3>
          <ul className="mt-3 flex flex-col gap-3 text-sm">
            {refused.map((file) => (
              <li key={file.filename}>
                <p className="font-medium">
                  {file.filename}: {file.message}
                </p>
                <ul className="ml-4 list-disc">
                  {file.validations.map((v) => (
                    <li key={v.item}>
                      <span className="font-medium">{v.item}</span>: {v.errors[0]?.message}
                      {v.errors.length > 1 ? ` (+${v.errors.length - 1})` : ''}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  )
}

function uploadDetail(file: UploadResult['files'][number]) {
  if (file.exam) {
    const questions = file.processed_questions === 1 ? '1 questão' : `${file.processed_questions} questões`
    return `${questions} (novas ${file.created ?? 0}, atualizadas ${file.updated ?? 0}, removidas ${file.removed ?? 0}) em ${file.processing_time_ms} ms`
  }
  return `${file.created_disciplines ?? 0} disciplina(s) e ${file.created_topics ?? 0} assunto(s) novos`
}
