import { isNormKey } from '../citations/extract'

// A topic's part of a code (issue 65 §1): "cc@arts. 1784-2027" is the Código Civil's articles 1.784
// to 2.027, keyed as the citations reader keys norms (ADR 088); "cf@art. 5" one article; a bare
// key ("lei:8666") the whole norm. A question citing an article inside a topic's range is about it.

/** An article as a number and its letter ("art. 475-J": 475, 10); 0 without one. */
type ArticleNumber = { n: number; letter: number }

export type ArticleRange = {
  norm: string
  /** Both null: the whole norm. */
  from: ArticleNumber | null
  to: ArticleNumber | null
}

const NUMBER = String.raw`(\d{1,2}\.\d{3}|\d{1,4})(?:-([a-z]))?`
const RANGE = new RegExp(
  String.raw`^([a-z][a-z0-9:-]*?)(?:\s*@\s*art(?:igos?|s)?\.?\s*${NUMBER}(?:\s*(?:-|–|\ba\b|\bate\b|\baté\b)\s*${NUMBER})?)?$`,
  'i',
)

export const RANGE_EXAMPLE = 'use, por exemplo, "cc@arts. 1784-2027", "cf@art. 5" ou "lei:8666"'

function articleNumber(digits: string, letter: string | undefined): ArticleNumber {
  return { n: Number(digits.replace('.', '')), letter: letter ? letter.toLowerCase().charCodeAt(0) - 96 : 0 }
}

function compare(a: ArticleNumber, b: ArticleNumber) {
  return a.n - b.n || a.letter - b.letter
}

function label(a: ArticleNumber) {
  return `${a.n}${a.letter ? `-${String.fromCharCode(64 + a.letter)}` : ''}`
}

/** A range as written in a tree, or why it cannot be read (in Portuguese, quoting it). */
export function parseArticleRange(text: string): { ok: true; range: ArticleRange } | { ok: false; message: string } {
  const trimmed = text.trim()
  const m = RANGE.exec(trimmed)
  if (!m) return { ok: false, message: `"${trimmed}" não é um intervalo de artigos (${RANGE_EXAMPLE})` }
  const norm = m[1].toLowerCase()
  if (!isNormKey(norm))
    return {
      ok: false,
      message: `"${trimmed}": norma desconhecida "${norm}" (use a chave da legislação citada: cc, cf, cpc2015, clt, lei:8666…)`,
    }
  if (!m[2]) return { ok: true, range: { norm, from: null, to: null } }
  const from = articleNumber(m[2], m[3])
  const to = m[4] ? articleNumber(m[4], m[5]) : from
  if (compare(from, to) > 0) return { ok: false, message: `"${trimmed}": o primeiro artigo vem depois do último` }
  return { ok: true, range: { norm, from, to } }
}

/** The one way a range is written back (the discipline JSON's export, the admin page). */
export function formatArticleRange(range: ArticleRange) {
  if (!range.from || !range.to) return range.norm
  if (compare(range.from, range.to) === 0) return `${range.norm}@art. ${label(range.from)}`
  return `${range.norm}@arts. ${label(range.from)}-${label(range.to)}`
}

/** Whether two ranges share an article (a whole norm shares all of its own). */
export function rangesOverlap(a: ArticleRange, b: ArticleRange) {
  if (a.norm !== b.norm) return false
  if (!a.from || !a.to || !b.from || !b.to) return true
  return compare(a.from, b.to) <= 0 && compare(b.from, a.to) <= 0
}

/** Whether a citation (a norm's key and "art. 1829", "art. 121-A" or null) falls in a range. */
export function rangeHolds(range: ArticleRange, citation: { key: string; article: string | null }) {
  if (range.norm !== citation.key) return false
  if (!range.from || !range.to) return true
  const m = /^art\. (\d+)(?:-([A-Z]))?$/.exec(citation.article ?? '')
  if (!m) return false
  const article = articleNumber(m[1], m[2])
  return compare(range.from, article) <= 0 && compare(article, range.to) <= 0
}
