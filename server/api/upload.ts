import busboy from 'busboy'
import type { Request } from 'express'

import type { UploadedFile } from '../domain/import/importer'
import { MAX_FILE_BYTES } from '../domain/import/text-file'
import { HttpError } from './http'

export const UPLOAD_INCOMPLETE = 'Upload incompleto'

/**
 * Reads the repeated `file` parts with busboy, enforcing the limits while streaming:
 * a part over 5 MB is cut off and reported (never imported truncated), and more files than
 * allowed refuse the whole upload before anything is imported.
 *
 * Every stream here has an 'error' listener: busboy emits one on the open file stream when
 * the body ends inside a part, and an unhandled stream error ends the whole process.
 */
export function readUpload(req: Request, options: { maxFiles: number; extension: string }): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) {
      reject(new HttpError(400, 'Envie os arquivos como multipart/form-data no campo file'))
      return
    }
    let bb: busboy.Busboy
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_FILE_BYTES, files: options.maxFiles, fields: 20, parts: options.maxFiles + 20 },
      })
    } catch {
      reject(new HttpError(400, 'Envie os arquivos como multipart/form-data no campo file'))
      return
    }
    let settled = false
    const fail = (error: HttpError) => {
      if (settled) return
      settled = true
      req.unpipe(bb)
      // Drain what is left of the body so the 400 can still be read by the client.
      req.resume()
      bb.destroy()
      reject(error)
    }
    const files: UploadedFile[] = []
    let tooMany = false
    bb.on('file', (_field, stream, info) => {
      stream.on('error', () => fail(new HttpError(400, UPLOAD_INCOMPLETE)))
      const filename = info.filename || 'arquivo'
      const entry: UploadedFile = { filename }
      files.push(entry)
      if (!filename.toLowerCase().endsWith(options.extension)) {
        entry.error = `Tipo de arquivo não suportado: ${filename}`
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => {
        entry.error = `Erro no arquivo ${filename}: arquivo maior que 5 MB`
      })
      stream.on('end', () => {
        if (!entry.error) entry.bytes = Buffer.concat(chunks)
      })
    })
    bb.on('filesLimit', () => {
      tooMany = true
    })
    bb.on('partsLimit', () => {
      tooMany = true
    })
    bb.on('error', (error: Error) => {
      const truncated = /^Unexpected end of/.test(error.message)
      fail(new HttpError(400, truncated ? UPLOAD_INCOMPLETE : 'Envio multipart inválido ou interrompido'))
    })
    // A client that drops the connection mid-body: busboy would wait forever for the rest.
    req.on('error', () => fail(new HttpError(400, UPLOAD_INCOMPLETE)))
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, UPLOAD_INCOMPLETE))
    })
    bb.on('close', () => {
      if (settled) return
      settled = true
      if (tooMany) {
        reject(new HttpError(400, `Envie no máximo ${options.maxFiles} arquivos ${options.extension} por vez`))
        return
      }
      if (files.length === 0) {
        reject(new HttpError(400, 'Selecione pelo menos um arquivo'))
        return
      }
      resolve(files)
    })
    req.pipe(bb)
  })
}
