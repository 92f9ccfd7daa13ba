// The /questoes URL is the whole state of the page (shareable, bookmarkable):
// q, disciplina, assunto, dificuldade, ano, banca (repeatable), caderno (one of the
// student's notebooks) and pagina.
// revelada / escolha carry answers revealed without JS across the redirect.

import { formatNumber } from '~/utils/format'

export type FilterState = {
  q: string
  disciplina: number[]
  assunto: number[]
  dificuldade: string[]
  ano: number[]
  banca: string[]
  /** One of the signed-in student's notebooks (the API refuses anyone else's). */
  caderno: number | null
}

export const DIFFICULTY_LABELS: Record<string, string> = { facil: 'Fácil', medio: 'Médio', dificil: 'Difícil' }
export const FALLBACK_YEARS = [2024, 2023, 2022, 2021, 2020]
export const FALLBACK_BOARDS = ['OAB', 'FGV', 'CESPE', 'VUNESP', 'FCC']
/** Questions per page of a card list: the bank's and a notebook's. */
export const PER_PAGE = 20

const ids = (values: string[]) => [
  ...new Set(
    values
      .filter((v) => /^\d{1,9}$/.test(v))
      .map(Number)
      .filter((n) => n > 0),
  ),
]

export function readFilters(params: URLSearchParams): FilterState {
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    disciplina: ids(params.getAll('disciplina')),
    assunto: ids(params.getAll('assunto')),
    dificuldade: [...new Set(params.getAll('dificuldade').filter((d) => d in DIFFICULTY_LABELS))],
    ano: ids(params.getAll('ano')).filter((y) => y >= 1900 && y <= 2100),
    banca: [
      ...new Set(
        params
          .getAll('banca')
          .map((b) => b.trim())
          .filter((b) => b && b.length <= 120),
      ),
    ],
    caderno: ids(params.getAll('caderno'))[0] ?? null,
  }
}

export function activeFilterCount(f: FilterState) {
  return (f.q ? 1 : 0) + f.disciplina.length + f.assunto.length + f.dificuldade.length + f.ano.length + f.banca.length + (f.caderno ? 1 : 0)
}

export function readPage(params: URLSearchParams) {
  const page = Number(params.get('pagina') ?? '1')
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** The search part of a URL for these filters and page (no reveal state). */
export function filtersToSearch(f: FilterState, page = 1) {
  const params = new URLSearchParams()
  if (f.q) params.set('q', f.q)
  for (const id of f.disciplina) params.append('disciplina', String(id))
  for (const id of f.assunto) params.append('assunto', String(id))
  for (const d of f.dificuldade) params.append('dificuldade', d)
  for (const y of f.ano) params.append('ano', String(y))
  for (const b of f.banca) params.append('banca', b)
  if (f.caderno) params.set('caderno', String(f.caderno))
  if (page > 1) params.set('pagina', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export function truncate(text: string, max = 20) {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** 'Encontradas 12 questões com os filtros selecionados'; one question in the singular, and no
 * mention of filters when none is set (issue 27). */
export function resultsHeading(total: number, exact: boolean, filtered: boolean) {
  const count = `${exact ? '' : 'mais de '}${formatNumber(total)}`
  const found = total === 1 && exact ? 'Encontrada 1 questão' : `Encontradas ${count} questões`
  return filtered ? `${found} com os filtros selecionados` : found
}
