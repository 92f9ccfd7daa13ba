/**
 * Shared helpers of the import formats (docs/import-formats.md): bytes → lines, key folding,
 * video ids, limits. Pure: no I/O, used by the API, the importer and the CLI alike.
 */

export const MAX_FILE_BYTES = 5 * 1024 * 1024
export const MAX_EXAM_FILES = 10
export const MAX_DISCIPLINE_FILES = 5
export const MIN_QUESTIONS = 1
export const MAX_QUESTIONS = 500
export const MAX_DISCIPLINE_NAME = 120
export const MAX_TOPIC_NAME = 200
export const MAX_EXAM_NAME = 200

/** One located problem: `message` already reads `linha N: ...` (or a JSON path). */
export type FileError = { line?: number; message: string }
/** Errors grouped per item: `QUESTAO n`, `cabeçalho`, `arquivo` or a JSON item such as `disciplinas[3]`. */
export type ItemErrors = { item: string; errors: FileError[] }

export function located(line: number, message: string): FileError {
  return { line, message: `linha ${line}: ${message}` }
}

export type DecodedText = { ok: true; text: string } | { ok: false; error: FileError }

/**
 * Bytes → text, refusing what is not UTF-8 instead of guessing (real files often come in
 * Windows-1252). A leading BOM is dropped. The first bad line is named.
 */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  if (bytes.byteLength > MAX_FILE_BYTES) return { ok: false, error: { message: 'arquivo maior que 5 MB' } }
  if (bytes.byteLength === 0) return { ok: false, error: located(1, 'arquivo vazio') }
  const nul = bytes.indexOf(0)
  if (nul >= 0) {
    return {
      ok: false,
      error: located(lineAt(bytes, nul), 'o arquivo parece binário (contém bytes nulos); envie um arquivo de texto UTF-8'),
    }
  }
  try {
    let text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    return { ok: true, text }
  } catch {
    return {
      ok: false,
      error: located(
        firstInvalidLine(bytes),
        'o arquivo não está em UTF-8 válido (talvez esteja em Windows-1252/Latin-1); salve-o como UTF-8 e envie de novo',
      ),
    }
  }
}

function lineAt(bytes: Uint8Array, offset: number) {
  let line = 1
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++
  return line
}

function firstInvalidLine(bytes: Uint8Array) {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let start = 0
  let line = 1
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x0a, start)
    if (end < 0) end = bytes.length
    try {
      decoder.decode(bytes.subarray(start, end))
    } catch {
      return line
    }
    start = end + 1
    line++
  }
  return 1
}

/** Splits on LF, CRLF or a lone CR. */
export function splitLines(text: string) {
  return text.split(/\r\n|\r|\n/)
}

/** Upper case without accents: `Questão` → `QUESTAO`. */
export function foldKey(value: string) {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .trim()
}

/**
 * The video id of a YouTube watch page, short link, shorts or embed URL; null when none.
 * The question page uses the same rule ('Erro ao carregar vídeo.' otherwise).
 */
export function videoId(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  const host = parsed.hostname.toLowerCase().replace(/^(www|m|music)\./, '')
  const id = /^[A-Za-z0-9_-]{11}$/
  if (host === 'youtu.be') {
    const candidate = parsed.pathname.slice(1).split('/')[0]
    return id.test(candidate) ? candidate : null
  }
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') {
      const candidate = parsed.searchParams.get('v') ?? ''
      return id.test(candidate) ? candidate : null
    }
    const match = /^\/(?:shorts|embed|live|v)\/([^/?#]+)/.exec(parsed.pathname)
    return match && id.test(match[1]) ? match[1] : null
  }
  return null
}

/** Total number of error messages across items. */
export function countErrors(items: ItemErrors[]) {
  return items.reduce((sum, item) => sum + item.errors.length, 0)
}

export function validationSummary(errorCount: number) {
  return `Validação falhou - ${errorCount} erro(s) encontrado(s)`
}
