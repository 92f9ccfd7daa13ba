import { count, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { questions } from '../../db/schema'
import { referenceDataVersion } from '../../domain/reference-data'
import { explainedQuestions } from '../explanations/index'

// How much of the bank a professor has analysed (issue 40): the plan cards state it, so it is
// counted from the data, never written by hand. The landing page asks on every visit: kept per
// database while the reference data's version stands. An import moves it, and so does a publish on
// the analysis desk (with a NOTIFY, so every server counts again: ADR 019).

export type AnalysisCoverage = {
  /** Live questions with a professor's published analysis. */
  count: number
  /** Live questions in the bank. */
  total: number
  /** Rounded down: a card never says more than there is. */
  percent: number
}

const cache = new WeakMap<Db, { version: number; coverage: Promise<AnalysisCoverage> }>()

async function countCoverage(db: Db): Promise<AnalysisCoverage> {
  const [row] = await db
    .select({
      total: count(),
      count: sql<number>`count(*) filter (where ${questions.explanationSource} = 'professor' and btrim(coalesce(${questions.explanation}, '')) <> '')`,
    })
    .from(questions)
    .where(isNull(questions.removedAt))
  const total = Number(row?.total ?? 0)
  const analysed = Number(row?.count ?? 0)
  return { count: analysed, total, percent: total === 0 ? 0 : Math.floor((analysed * 100) / total) }
}

export function analysisCoverage(db: Db): Promise<AnalysisCoverage> {
  const version = referenceDataVersion()
  const hit = cache.get(db)
  if (hit && hit.version === version) return hit.coverage
  const coverage = countCoverage(db)
  cache.set(db, { version, coverage })
  coverage.catch(() => cache.delete(db))
  return coverage
}

const number = new Intl.NumberFormat('pt-BR')

/** 'Análise do professor em 1.204 questões (83%)'; null below the admin's threshold. */
export function analysisLine(label: string, coverage: AnalysisCoverage, minCount: number | null): string | null {
  if (coverage.count < (minCount ?? 0) || coverage.count === 0) return null
  return `${label} em ${number.format(coverage.count)} ${coverage.count === 1 ? 'questão' : 'questões'} (${coverage.percent}%)`
}

/**
 * 'Explicação de aluno em 12 questões (0%), em todos os planos': the students' explanations said
 * apart from the professor's analysis (issue 64), never added to it; null while there is none.
 * Counted on every call: a student writes one at any time.
 */
export async function explanationLine(db: Db): Promise<string | null> {
  const [coverage, explained] = await Promise.all([analysisCoverage(db), explainedQuestions(db)])
  if (explained === 0) return null
  const percent = coverage.total === 0 ? 0 : Math.floor((explained * 100) / coverage.total)
  return `Explicação de aluno em ${number.format(explained)} ${explained === 1 ? 'questão' : 'questões'} (${percent}%), em todos os planos`
}
