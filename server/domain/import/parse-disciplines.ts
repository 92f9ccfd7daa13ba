import { nameKey } from '../text'
import type { FileError, ItemErrors } from './text-file'
import { decodeUtf8, MAX_DISCIPLINE_NAME, MAX_TOPIC_NAME } from './text-file'

/** The discipline JSON format (docs/import-formats.md §1): bytes → a list or errors per JSON path. */

export type ParsedDiscipline = { name: string; topics: string[] }
export type DisciplinesParseResult = { ok: true; disciplines: ParsedDiscipline[] } | { ok: false; errors: ItemErrors[] }

export function parseDisciplinesFile(bytes: Uint8Array): DisciplinesParseResult {
  const decoded = decodeUtf8(bytes)
  if (!decoded.ok) return { ok: false, errors: [{ item: 'arquivo', errors: [decoded.error] }] }
  return parseDisciplinesText(decoded.text)
}

export function parseDisciplinesText(text: string): DisciplinesParseResult {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { ok: false, errors: [{ item: 'arquivo', errors: [jsonSyntaxError(text, error as Error)] }] }
  }
  let list: unknown
  let base = 'disciplinas'
  if (Array.isArray(data)) {
    list = data
    base = ''
  } else if (data && typeof data === 'object' && 'disciplinas' in data) {
    list = (data as { disciplinas: unknown }).disciplinas
  } else {
    return fail('arquivo', 'disciplinas: obrigatório (o arquivo deve ser {"disciplinas": [...]} ou uma lista de disciplinas)')
  }
  if (!Array.isArray(list)) return fail('disciplinas', 'disciplinas: deve ser uma lista')
  if (list.length === 0) return fail('disciplinas', 'disciplinas: a lista está vazia')

  const items: ItemErrors[] = []
  const merged = new Map<string, ParsedDiscipline>()
  list.forEach((entry, index) => {
    const path = `${base}[${index}]`
    const errors: FileError[] = []
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      errors.push({ message: `${path}: deve ser um objeto com "nome" e "assuntos"` })
      items.push({ item: path, errors })
      return
    }
    const { nome, assuntos } = entry as { nome?: unknown; assuntos?: unknown }
    let name = ''
    if (nome === undefined || nome === null || (typeof nome === 'string' && !nome.trim())) {
      errors.push({ message: `${path}.nome: obrigatório` })
    } else if (typeof nome !== 'string') errors.push({ message: `${path}.nome: deve ser um texto` })
    else if (nome.trim().length > MAX_DISCIPLINE_NAME) {
      errors.push({ message: `${path}.nome: no máximo ${MAX_DISCIPLINE_NAME} caracteres` })
    } else name = nome.trim().replace(/\s+/g, ' ')

    const topics: string[] = []
    if (assuntos !== undefined && assuntos !== null) {
      if (!Array.isArray(assuntos)) errors.push({ message: `${path}.assuntos: deve ser uma lista de textos` })
      else
        assuntos.forEach((topic, t) => {
          const topicPath = `${path}.assuntos[${t}]`
          if (typeof topic !== 'string') errors.push({ message: `${topicPath}: deve ser um texto` })
          else if (!topic.trim()) errors.push({ message: `${topicPath}: obrigatório` })
          else if (topic.trim().length > MAX_TOPIC_NAME) {
            errors.push({ message: `${topicPath}: no máximo ${MAX_TOPIC_NAME} caracteres` })
          } else topics.push(topic.trim().replace(/\s+/g, ' '))
        })
    }
    if (errors.length) {
      items.push({ item: path, errors })
      return
    }
    // The same discipline twice in one file: its topics are merged, the first spelling kept.
    const key = nameKey(name)
    const existing = merged.get(key) ?? { name, topics: [] }
    for (const topic of topics) {
      if (!existing.topics.some((t) => nameKey(t) === nameKey(topic))) existing.topics.push(topic)
    }
    merged.set(key, existing)
  })
  if (items.length) return { ok: false, errors: items }
  return { ok: true, disciplines: [...merged.values()] }
}

function fail(item: string, message: string): DisciplinesParseResult {
  return { ok: false, errors: [{ item, errors: [{ message }] }] }
}

/**
 * Where the JSON breaks, in Portuguese: V8's own text ('Unexpected token } in JSON at position 12')
 * reached admins in English (issue 27); only its position is kept.
 */
function jsonSyntaxError(text: string, error: Error): FileError {
  if (!text.trim()) return { line: 1, message: 'linha 1: arquivo vazio' }
  const position = /position (\d+)/.exec(error.message)
  const lineMatch = /line (\d+) column (\d+)/.exec(error.message)
  let line = 1
  let column = 1
  if (position) {
    const offset = Math.min(Number(position[1]), text.length)
    const before = text.slice(0, offset).split('\n')
    line = before.length
    column = before[before.length - 1].length + 1
  } else if (lineMatch) {
    line = Number(lineMatch[1])
    column = Number(lineMatch[2])
  } else if (/end of JSON input|Unterminated/.test(error.message)) {
    const lines = text.split('\n')
    line = lines.length
    column = lines[lines.length - 1].length + 1
    return { line, message: `linha ${line}: o JSON termina antes da hora (falta fechar uma chave, colchete ou aspas)` }
  }
  return {
    line,
    message: `linha ${line}: JSON inválido na coluna ${column} (confira vírgulas, aspas, chaves e colchetes perto deste ponto)`,
  }
}
