import type { ErrorReportStatus } from '../../db/schema'

// The error-report queue's values, zod-free: the admin page renders them without zod in its first
// load (ADR 029).

export const ERROR_REPORT_STATUSES = ['novo', 'em_analise', 'corrigido', 'descartado'] as const satisfies readonly ErrorReportStatus[]

export const ERROR_REPORT_STATUS_LABELS: Record<ErrorReportStatus, string> = {
  novo: 'Novo',
  em_analise: 'Em análise',
  corrigido: 'Corrigido',
  descartado: 'Descartado',
}

export const ERROR_REPORT_ANSWER_MAX = 2000
