import { extractCitations, normKey } from '../../domain/citations/extract'
import type { ScopeList } from './messages'
import { SCOPE_LINE_MAX, SCOPE_LINES_MAX } from './messages'

// A change's scope as an admin types it (issue 63 §2, ADR 091): one norm, article or subject a line,
// each read into what the rule matches (question_citations' keys, 'clt@art. 58', a phrase). Zod-free
// and database-free: the admin page's form and the API read the lines with it alike.

/** A line refused: its number (from 1), its text and why. */
export type ScopeProblem = { line: number; text: string; problem: string }

const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/
/** A subject: letters, digits, spaces, hyphens and apostrophes (the rule reads it as whole words, in a regular expression). */
const TERM = /^[\p{L}\p{N}](?:[\p{L}\p{N} '’ºª-]*[\p{L}\p{N}ºª])?$/u
const KEY_ARTICLE = /^([a-z0-9:-]+)\s*@\s*art(?:igo)?s?\.?\s*(\d{1,2}\.\d{3}|\d{1,4})\s*[º°o]?(?:\s*-\s*([a-z]))?$/i

const quote = (text: string) => `'${text.length > 60 ? `${text.slice(0, 59)}…` : text}'`

const NORM_HELP = 'escreva a chave (clt, cp, eoab, lei:8666, ec:45) ou o nome (CLT, Lei 8.666/1993).'
const ARTICLE_HELP = 'escreva clt@art. 58, “CLT art. 58” ou “art. 58 da CLT”.'

/** One norm line: a key ('lei:8666') or a name the citations reader knows ('Lei 8.666/1993'). */
function readNorm(text: string): string[] | string {
  if (/^[a-z0-9:-]+$/i.test(text) && (text.includes(':') || normKey(text))) {
    return normKey(text) ? [normKey(text)!] : `${quote(text)} não é uma norma conhecida: ${NORM_HELP}`
  }
  const found = extractCitations(text)
  if (found.some((c) => c.article)) return `${quote(text)} é um artigo: ponha-o na lista de artigos.`
  const keys = [...new Set(found.map((c) => c.key))]
  if (keys.length === 1) return keys
  return keys.length
    ? `${quote(text)} nomeia mais de uma norma: uma por linha.`
    : `${quote(text)} não é uma norma reconhecível: ${NORM_HELP}`
}

/** One article line: 'clt@art. 58', or as a question writes it ('CLT art. 58', 'arts. 282 e 283 do CPP'). */
function readArticle(text: string): string[] | string {
  const typed = KEY_ARTICLE.exec(text)
  if (typed) {
    const key = normKey(typed[1]!)
    if (!key) return `${quote(text)}: ${quote(typed[1]!)} não é uma norma conhecida: ${NORM_HELP}`
    return [`${key}@art. ${Number(typed[2]!.replace('.', ''))}${typed[3] ? `-${typed[3].toUpperCase()}` : ''}`]
  }
  const found = extractCitations(text)
  if (!found.length || found.some((c) => !c.article)) return `${quote(text)} não é um artigo reconhecível: ${ARTICLE_HELP}`
  return found.map((c) => `${c.key}@${c.article}`)
}

/** One subject line: a phrase of whole words, spaces collapsed. */
function readTerm(text: string): string[] | string {
  const term = text.replace(/\s+/g, ' ')
  if (term.length < 3 || term.length > 80 || !TERM.test(term))
    return `${quote(text)} não serve de assunto: de 3 a 80 caracteres, só letras, números, espaços e hífens.`
  return [term]
}

const READERS: Record<ScopeList, (text: string) => string[] | string> = { norms: readNorm, articles: readArticle, terms: readTerm }

/** The same entry twice: keys as they are, subjects without accents or case. */
const sameAs = (list: ScopeList, value: string) =>
  list === 'terms'
    ? value
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    : value

/**
 * Reads one list, line by line (`lines[i]` is line i + 1; blank lines are skipped but counted).
 * Every entry or the first problem: a list is saved whole or not at all.
 */
export function readScopeList(list: ScopeList, lines: readonly string[]): { values: string[] } | { error: ScopeProblem } {
  if (lines.filter((l) => l.trim()).length > SCOPE_LINES_MAX)
    return { error: { line: SCOPE_LINES_MAX + 1, text: '', problem: `passa do máximo de ${SCOPE_LINES_MAX} linhas por lista.` } }
  const values: string[] = []
  const seen = new Map<string, number>()
  for (const [i, raw] of lines.entries()) {
    const text = raw.trim()
    if (!text) continue
    const line = i + 1
    const fail = (problem: string) => ({ error: { line, text, problem } })
    if (CONTROL.test(text)) return fail('tem caracteres de controle.')
    if (text.length > SCOPE_LINE_MAX) return fail(`passa de ${SCOPE_LINE_MAX} caracteres.`)
    const read = READERS[list](text)
    if (typeof read === 'string') return fail(read)
    for (const value of read) {
      const before = seen.get(sameAs(list, value))
      if (before !== undefined) return fail(`${quote(text)} repete a linha ${before} (${value}).`)
      seen.set(sameAs(list, value), line)
      values.push(value)
    }
  }
  return { values }
}

/** "Linha 3: 'art. xx do CLT' não é um artigo reconhecível…"; `where` names the list for the API ("Artigos, linha 3: …"). */
export function scopeMessage({ line, problem }: ScopeProblem, where?: string) {
  return `${where ? `${where}, linha` : 'Linha'} ${line}: ${problem}`
}
