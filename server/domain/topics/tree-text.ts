import { MAX_TOPIC_NAME } from '../import/text-file'
import { nameKey } from '../text'
import type { ArticleRange } from './articles'
import { formatArticleRange, parseArticleRange, rangesOverlap } from './articles'

// A discipline's topic tree as the admin edits it on /admin/disciplinas (issue 65 §1): one topic a
// line, its article ranges after a bar, separated by semicolons ("Sucessões | cc@arts. 1784-2027").
// Blank lines and lines starting with # are left out. Every mistake names its line.

export const MAX_TREE_TOPICS = 100
export const MAX_TREE_TEXT = 50_000

export type TreeLine = { line: number; name: string; articles: string[] }
export type TreeText = { ok: true; topics: TreeLine[] } | { ok: false; errors: { line: number; message: string }[] }

export const TREE_TEXT_HELP = 'Um assunto por linha; os artigos depois de "|", separados por ";" (ex.: Sucessões | cc@arts. 1784-2027)'

/** The tree as text, topics in the order given. */
export function formatTreeText(topics: { name: string; articles: string[] }[]) {
  return topics.map((t) => (t.articles.length ? `${t.name} | ${t.articles.join('; ')}` : t.name)).join('\n')
}

/** The text read back, or every line's mistake (a line's number is 1-based, as an editor shows it). */
export function parseTreeText(text: string): TreeText {
  if (text.includes('\u0000'))
    return {
      ok: false,
      errors: [{ line: text.slice(0, text.indexOf('\u0000')).split('\n').length, message: 'caractere nulo (NUL) no texto' }],
    }
  const errors: { line: number; message: string }[] = []
  const topics: (TreeLine & { ranges: ArticleRange[] })[] = []
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1
    const trimmed = raw.trim()
    if (!trimmed || trimmed.startsWith('#')) return
    const bar = trimmed.indexOf('|')
    const name = (bar < 0 ? trimmed : trimmed.slice(0, bar)).trim().replace(/\s+/g, ' ')
    const rangeTexts =
      bar < 0
        ? []
        : trimmed
            .slice(bar + 1)
            .split(';')
            .map((r) => r.trim())
            .filter(Boolean)
    const before = errors.length
    if (!name) errors.push({ line, message: `linha ${line}: falta o nome do assunto antes de "|"` })
    else if (name.length > MAX_TOPIC_NAME) errors.push({ line, message: `linha ${line}: nome com mais de ${MAX_TOPIC_NAME} caracteres` })
    const first = topics.find((t) => nameKey(t.name) === nameKey(name))
    if (name && first) errors.push({ line, message: `linha ${line}: assunto repetido "${name}" (já na linha ${first.line})` })
    const ranges: ArticleRange[] = []
    for (const rangeText of rangeTexts) {
      const parsed = parseArticleRange(rangeText)
      if (!parsed.ok) {
        errors.push({ line, message: `linha ${line}: ${parsed.message}` })
        continue
      }
      const clash =
        topics.find((t) => t.ranges.some((r) => rangesOverlap(r, parsed.range))) ??
        (ranges.some((r) => rangesOverlap(r, parsed.range)) ? { line, name } : null)
      if (clash)
        errors.push({ line, message: `linha ${line}: "${rangeText}" sobrepõe artigos do assunto "${clash.name}" (linha ${clash.line})` })
      ranges.push(parsed.range)
    }
    if (errors.length === before) topics.push({ line, name, articles: ranges.map(formatArticleRange), ranges })
  })
  if (topics.length > MAX_TREE_TOPICS)
    errors.push({ line: topics[MAX_TREE_TOPICS].line, message: `no máximo ${MAX_TREE_TOPICS} assuntos por disciplina` })
  if (errors.length) return { ok: false, errors }
  return { ok: true, topics: topics.map(({ line, name, articles }) => ({ line, name, articles })) }
}
