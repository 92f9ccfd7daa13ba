import type { AppLoadContext } from '@remix-run/node'
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node'

import type { UploadFile, UploadResult } from '#server/client/admin'
import { uploadDisciplines, uploadExams } from '#server/client/admin'
import { MAX_FILE_BYTES } from '#server/domain/import/text-file'
import { formError } from '~/utils/api.server'
import { apiForRequest, withSession } from '~/utils/session.server'

export type UploadOutcome = { ok: true; result: UploadResult } | { ok: false; error: string }

/**
 * Reads the page's multipart form (parts capped at 5 MB while streaming) and forwards the files
 * to the API with the typed client; the API's per-file answer comes back as is.
 */
export async function forwardUpload(
  request: Request,
  context: AppLoadContext,
  kind: 'exams' | 'disciplines',
): Promise<{ outcome: UploadOutcome; fields: FormData | null }> {
  let form: FormData
  let current = ''
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_FILE_BYTES })
  try {
    form = await unstable_parseMultipartFormData(request, (part) => {
      current = part.filename ?? part.name
      return memory(part)
    })
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return { outcome: { ok: false, error: `Erro no arquivo ${current}: arquivo maior que 5 MB` }, fields: null }
    }
    return { outcome: { ok: false, error: 'Erro ao fazer upload dos arquivos' }, fields: null }
  }
  const files = form
    .getAll('file')
    .filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && (f as File).name !== '')
  if (files.length === 0) return { outcome: { ok: false, error: 'Selecione pelo menos um arquivo' }, fields: form }
  const max = kind === 'exams' ? 10 : 5
  if (files.length > max) {
    return { outcome: { ok: false, error: `Envie no máximo ${max} arquivos ${kind === 'exams' ? '.txt' : '.json'} por vez` }, fields: form }
  }
  const payload: UploadFile[] = await Promise.all(
    files.map(async (f) => ({ name: f.name, content: new Uint8Array(await f.arrayBuffer()) })),
  )
  const force = form.get('force') === 'on' || form.get('force') === 'true'
  const client = await apiForRequest(request, context)
  try {
    const result = await withSession(request, () =>
      kind === 'exams' ? uploadExams(client, payload, { force }) : uploadDisciplines(client, payload, { force }),
    )
    return { outcome: { ok: true, result }, fields: form }
  } catch (error) {
    return { outcome: { ok: false, error: formError(error, 'Erro ao fazer upload').message }, fields: form }
  }
}
