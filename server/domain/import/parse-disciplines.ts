import { nameKey } from '../text'
import type { ArticleRange } from '../topics/articles'
import { formatArticleRange, parseArticleRange, rangesOverlap } from '../topics/articles'
import type { FileError, ItemErrors } from './text-file'
import { decodeUtf8, MAX_DISCIPLINE_NAME, MAX_TOPIC_NAME } from './text-file'

/** The discipline JSON format (docs/import-formats.md §1): bytes → a list or errors per JSON path. */

/** Article ranges and seed words a topic may carry (issue 65 §1); more is a mistake, not a tree. */
export const MAX_TOPIC_RANGES = 30
export const MAX_TOPIC_KEYWORDS = 200
export const MAX_KEYWORD = 100

/**
 * A topic: a bare string in the original format, or `{ "nome", "artigos", "palavras" }` (issue 65).
 * `articles`/`keywords` undefined: the file did not say, and the bank's stay as they are.
 */
export type ParsedTopic = { name: string; articles?: string[]; keywords?: string[]; path: string }
export type ParsedDiscipline = { name: string; topics: ParsedTopic[] }
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

    const topics: ParsedTopic[] = []
    if (assuntos !== undefined && assuntos !== null) {
      if (!Array.isArray(assuntos)) errors.push({ message: `${path}.assuntos: deve ser uma lista de textos` })
      else
        assuntos.forEach((topic, t) => {
          const parsed = parseTopic(topic, `${path}.assuntos[${t}]`, errors)
          if (parsed) topics.push(parsed)
        })
    }
    if (errors.length) {
      items.push({ item: path, errors })
      return
    }
    // The same discipline or topic twice in one file is merged, the first spelling kept (the
    // contract: import-formats §1); a topic named again with articles or words of its own is a
    // second definition in the tree (issue 65), said with both places.
    const key = nameKey(name)
    const existing = merged.get(key) ?? { name, topics: [] }
    for (const topic of topics) {
      const first = existing.topics.find((other) => nameKey(other.name) === nameKey(topic.name))
      if (!first) existing.topics.push(topic)
      else if (topic.articles?.length || topic.keywords?.length)
        errors.push({ message: `${topic.path}.nome: assunto repetido "${topic.name}" (já em ${first.path})` })
    }
    errors.push(
      ...overlaps(
        existing.topics,
        topics.filter((topic) => existing.topics.includes(topic)),
      ),
    )
    if (errors.length) items.push({ item: path, errors })
    merged.set(key, existing)
  })
  if (items.length) return { ok: false, errors: items }
  return { ok: true, disciplines: [...merged.values()] }
}

/** One `assuntos` entry: a name, or an object with its name, article ranges and seed words. */
function parseTopic(value: unknown, path: string, errors: FileError[]): ParsedTopic | null {
  const before = errors.length
  const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  const nome = object ? object.nome : value
  const namePath = object ? `${path}.nome` : path
  let name = ''
  if (typeof nome !== 'string') {
    if (object && (nome === undefined || nome === null)) errors.push({ message: `${namePath}: obrigatório` })
    else errors.push({ message: `${namePath}: deve ser um texto ou um objeto com "nome"` })
  } else if (!nome.trim()) errors.push({ message: `${namePath}: obrigatório` })
  else if (nome.trim().length > MAX_TOPIC_NAME) errors.push({ message: `${namePath}: no máximo ${MAX_TOPIC_NAME} caracteres` })
  else name = nome.trim().replace(/\s+/g, ' ')
  const topic: ParsedTopic = { name, path }
  if (object) {
    const unknown = Object.keys(object).filter((k) => !['nome', 'artigos', 'palavras'].includes(k))
    if (unknown.length) errors.push({ message: `${path}: campo desconhecido "${unknown[0]}" (use "nome", "artigos" e "palavras")` })
    const articles = textList(object.artigos, `${path}.artigos`, MAX_TOPIC_RANGES, 60, errors)
    if (articles) {
      topic.articles = []
      articles.forEach((text, i) => {
        const parsed = parseArticleRange(text)
        if (parsed.ok) topic.articles!.push(formatArticleRange(parsed.range))
        else errors.push({ message: `${path}.artigos[${i}]: ${parsed.message}` })
      })
    }
    const keywords = textList(object.palavras, `${path}.palavras`, MAX_TOPIC_KEYWORDS, MAX_KEYWORD, errors)
    if (keywords) topic.keywords = [...new Set(keywords.map((k) => k.replace(/\s+/g, ' ')))]
  }
  return errors.length > before ? null : topic
}

/** A list of non-blank texts (undefined when absent), or null with its errors. */
function textList(value: unknown, path: string, max: number, maxLength: number, errors: FileError[]): string[] | undefined | null {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value)) {
    errors.push({ message: `${path}: deve ser uma lista de textos` })
    return null
  }
  if (value.length > max) {
    errors.push({ message: `${path}: no máximo ${max} itens` })
    return null
  }
  const out: string[] = []
  value.forEach((item, i) => {
    if (typeof item !== 'string' || !item.trim()) errors.push({ message: `${path}[${i}]: deve ser um texto não vazio` })
    else if (item.trim().length > maxLength) errors.push({ message: `${path}[${i}]: no máximo ${maxLength} caracteres` })
    else out.push(item.trim())
  })
  return out.length === value.length ? out : null
}

/** The ranges of `added` that overlap another topic's in the same discipline, each said once with both places. */
export function overlaps(
  all: { name: string; articles?: string[]; path: string }[],
  added: { name: string; articles?: string[]; path: string }[],
) {
  const errors: FileError[] = []
  const ranges = (t: { articles?: string[] }) =>
    (t.articles ?? []).map((text) => ({ text, range: (parseArticleRange(text) as { ok: true; range: ArticleRange }).range }))
  for (const topic of added)
    for (const mine of ranges(topic))
      for (const other of all) {
        // A pair both added is said once, at the later of the two.
        if (other === topic || (added.includes(other) && all.indexOf(other) > all.indexOf(topic))) continue
        const clash = ranges(other).find((theirs) => rangesOverlap(mine.range, theirs.range))
        if (clash) {
          errors.push({
            message: `${topic.path}.artigos: "${mine.text}" sobrepõe "${clash.text}" do assunto "${other.name}" (${other.path})`,
          })
          break
        }
      }
  return errors
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
