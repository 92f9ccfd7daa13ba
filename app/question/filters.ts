// The /questoes URL is the whole state of the page (shareable, bookmarkable):
// q, disciplina, assunto, dificuldade, ano, banca, prova (repeatable), caderno (one of the
// student's notebooks), lei (a cited norm's key, repeatable), situacao (the student's last result),
// analise=com, anuladas=excluir, atualizadas=1 (leave out the questions outdated or possibly so,
// ADR 053) and pagina.
// revelada / escolha carry answers revealed without JS across the redirect.

import { formatNumber } from '~/utils/format'

export type FilterState = {
  q: string
  disciplina: number[]
  assunto: number[]
  dificuldade: string[]
  ano: number[]
  banca: string[]
  /** Exam ids. */
  prova: number[]
  /** Cited norms' keys (cf, lei:8666): the 'Legislação citada' filter. */
  lei: string[]
  /** One of the signed-in student's notebooks (the API refuses anyone else's). */
  caderno: number | null
  /** The signed-in student's own last result on the question (issue 27). */
  situacao: Situacao | null
  /** analise=com: only questions with the teacher's analysis. */
  comAnalise: boolean
  /** anuladas=excluir. */
  semAnuladas: boolean
  /** atualizadas=1: "Excluir desatualizadas" (confirmed and possibly outdated). */
  semDesatualizadas: boolean
}

/** The status filter's URL values and labels (the API's values: questoes.server.ts). */
export const SITUACOES = { 'nao-resolvidas': 'Não resolvidas', errei: 'Que errei', acertei: 'Que acertei', revisar: 'Para revisar' }
export type Situacao = keyof typeof SITUACOES

export const DIFFICULTY_LABELS: Record<string, string> = { facil: 'Fácil', medio: 'Médio', dificil: 'Difícil' }
export const FALLBACK_YEARS = [2024, 2023, 2022, 2021, 2020]
export const FALLBACK_BOARDS = ['OAB', 'FGV', 'CESPE', 'VUNESP', 'FCC']
/** Questions per page of a card list: the bank's and a notebook's. */
export const PER_PAGE = 20

/** The repeatable keys, in URL order: counted one per value. */
const LISTS = ['disciplina', 'assunto', 'dificuldade', 'ano', 'banca', 'prova', 'lei'] as const

const ids = (values: string[]) => [
  ...new Set(
    values
      .filter((v) => /^\d{1,9}$/.test(v))
      .map(Number)
      .filter((n) => n > 0),
  ),
]

export function readFilters(params: URLSearchParams): FilterState {
  const situacao = params.get('situacao')
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
    prova: ids(params.getAll('prova')),
    lei: [...new Set(params.getAll('lei').filter((k) => /^[a-z0-9:]{1,40}$/.test(k)))].slice(0, 20),
    caderno: ids(params.getAll('caderno'))[0] ?? null,
    situacao: situacao && situacao in SITUACOES ? (situacao as Situacao) : null,
    comAnalise: params.get('analise') === 'com',
    semAnuladas: params.get('anuladas') === 'excluir',
    semDesatualizadas: params.get('atualizadas') === '1',
  }
}

export function activeFilterCount(f: FilterState) {
  return LISTS.reduce(
    (n, key) => n + f[key].length,
    [f.q, f.caderno, f.situacao, f.comAnalise, f.semAnuladas, f.semDesatualizadas].filter(Boolean).length,
  )
}

export function readPage(params: URLSearchParams) {
  const page = Number(params.get('pagina') ?? '1')
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** The search part of a URL for these filters and page (no reveal state). */
export function filtersToSearch(f: FilterState, page = 1) {
  const params = new URLSearchParams()
  if (f.q) params.set('q', f.q)
  for (const key of LISTS) for (const value of f[key]) params.append(key, String(value))
  if (f.caderno) params.set('caderno', String(f.caderno))
  if (f.situacao) params.set('situacao', f.situacao)
  if (f.comAnalise) params.set('analise', 'com')
  if (f.semAnuladas) params.set('anuladas', 'excluir')
  if (f.semDesatualizadas) params.set('atualizadas', '1')
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
