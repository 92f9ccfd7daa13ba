import type { FileResult } from '../domain/import/importer'
import type { ImportFileJson } from '../features/analyses/contract'
import { disciplinesApi } from '../features/disciplines/contract'
import { call } from './call'
import type { ApiClient } from './core'
import { ApiError, newForm } from './core'

/**
 * The admin's multipart uploads (`adminApi.uploadDisciplines`, `adminApi.uploadExams` in
 * server/features/admin/contract.ts), shared by the admin pages and the `gabarita` CLI. `call()`
 * sends JSON only, so these send their files as a FormData through ApiClient.
 */

export type UploadValidation = { item: string; errors: { message: string }[] }
export type UploadFileResult = FileResult
export type UploadResult = {
  success: boolean
  message: string
  error?: string
  processed_questions: number
  files: UploadFileResult[]
  validations: UploadValidation[]
  errors: string[]
}
export type UploadFile = { name: string; content: Uint8Array | Blob }

async function formOf(files: UploadFile[]) {
  const form = await newForm()
  for (const file of files) {
    const blob = file.content instanceof Blob ? file.content : new Blob([new Uint8Array(file.content)])
    form.append('file', blob, file.name)
  }
  return form
}

/** A rejected file is an answer, not a failure: 422 bodies with per-file results are returned. */
async function upload(client: ApiClient, path: string, files: UploadFile[], force: boolean) {
  try {
    return await client.post<UploadResult>(path, {
      form: await formOf(files),
      query: { force: force ? 'true' : 'false' },
      timeoutMs: 120_000,
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && error.body && typeof error.body === 'object' && 'files' in error.body) {
      return error.body as UploadResult
    }
    throw error
  }
}

export function uploadExams(client: ApiClient, files: UploadFile[], options: { force?: boolean } = {}) {
  return upload(client, '/admin/questions/upload-exam-txt', files, options.force ?? false)
}

/** `analysesApi.importFiles`: exported exams whose COMENTARIO texts become analyses (issue 40). */
export async function importAnalyses(client: ApiClient, files: UploadFile[]) {
  return client.post<{ success: true; message: string; files: ImportFileJson[] }>('/analyses/import', {
    form: await formOf(files),
    timeoutMs: 120_000,
  })
}

export function uploadDisciplines(client: ApiClient, files: UploadFile[], options: { force?: boolean } = {}) {
  return upload(client, '/admin/disciplines/upload', files, options.force ?? false)
}

export type { DisciplineWithTopics } from '../domain/disciplines'
/** The disciplines with their topics, unwrapped from the one `{ success, data }` answer. */
export async function listDisciplines(client: ApiClient) {
  return (await call(client, disciplinesApi.list)).data
}
