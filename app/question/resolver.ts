// Modo resolução (issue 27): one question at a time over any /questoes search, at
// /questoes/resolver. Its URL is its state: the list's filters (filters.ts), the position `pos`
// in the search, `desde` (when the run started: the summary counts only attempts since then),
// `feitas` (the questions answered in this run, in order, dot-separated) and `saiu` (how many
// answered questions left the search, e.g. under 'Não resolvidas': the next one slid into their
// position, and the progress still counts them). The answer's result rides on the /questoes keys
// revelada / escolha / limite.

import { MAX_PAGE } from '#server/features/questions/messages'
import { formatNumber } from '~/utils/format'

import type { FilterState } from './filters'
import { filtersToSearch } from './filters'

export const RESOLVER_PATH = '/questoes/resolver'

/** The answered questions a run keeps (and checks at its end): enough for a long sitting, a short URL. */
export const RUN_MAX_DONE = 200

export type Run = {
  /** 1-based position in the search; past the total, the summary. */
  pos: number
  desde: string | null
  feitas: number[]
  saiu: number
}

const int = (text: string | null, min: number, max: number, fallback: number) => {
  const n = Number(text ?? '')
  return text && /^\d{1,6}$/.test(text) && n >= min && n <= max ? n : fallback
}

export function readRun(params: URLSearchParams): Run {
  const desde = params.get('desde')
  const at = desde ? Date.parse(desde) : NaN
  const feitas = (params.get('feitas') ?? '')
    .split('.')
    .filter((v) => /^\d{1,9}$/.test(v) && Number(v) > 0)
    .map(Number)
  return {
    // One past the search API's last page is the summary at the longest.
    pos: int(params.get('pos'), 1, MAX_PAGE + 1, 1),
    desde: Number.isFinite(at) ? new Date(at).toISOString() : null,
    feitas: [...new Set(feitas)].slice(-RUN_MAX_DONE),
    saiu: int(params.get('saiu'), 0, MAX_PAGE, 0),
  }
}

/** The resolver's URL for these filters and run state (no answer shown). */
export function resolverHref(filters: FilterState, run: Partial<Run> = {}) {
  const params = new URLSearchParams(filtersToSearch(filters))
  params.set('pos', String(run.pos ?? 1))
  if (run.desde) params.set('desde', run.desde)
  if (run.feitas?.length) params.set('feitas', run.feitas.join('.'))
  if (run.saiu) params.set('saiu', String(run.saiu))
  return `${RESOLVER_PATH}?${params}`
}

/** The run's answered questions with `id` last (answered again, it moves to the end). */
export function withDone(feitas: number[], id: number) {
  return [...feitas.filter((f) => f !== id), id].slice(-RUN_MAX_DONE)
}

/**
 * Where 'Próxima' goes: the next position, or the same one when the question just answered left
 * the search (its filter no longer matches it) and the next question slid into its place.
 */
export function nextRun(run: Run, left: boolean): Run {
  return left ? { ...run, saiu: run.saiu + 1 } : { ...run, pos: run.pos + 1 }
}

/** '7 de 20': the question's number in the run, out of the run's size ('mais de' when the count stopped at its cap). */
export function progressText(run: Run, total: number, exact: boolean) {
  return `${formatNumber(run.pos + run.saiu)} de ${exact ? '' : 'mais de '}${formatNumber(total + run.saiu)}`
}

const questions = (n: number) => (n === 1 ? '1 questão' : `${formatNumber(n)} questões`)

/** The summary's sentence: 'Você acertou 2 e errou 1 das 3 questões que respondeu.' */
export function summaryText(right: number, wrong: number) {
  const answered = right + wrong
  if (answered === 0) return 'Você não respondeu nenhuma questão nesta sessão.'
  return `Você acertou ${formatNumber(right)} e errou ${formatNumber(wrong)} ${answered === 1 ? 'da' : 'das'} ${questions(answered)} que respondeu.`
}
