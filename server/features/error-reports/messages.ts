import type { ErrorReportKind, ErrorReportStatus } from '../../db/schema'

// The error-report queue's values and messages, zod-free: the admin page renders them without zod
// in its first load (ADR 029).

export const ERROR_REPORT_STATUSES = ['novo', 'em_analise', 'corrigido', 'descartado'] as const satisfies readonly ErrorReportStatus[]

export const ERROR_REPORT_STATUS_LABELS: Record<ErrorReportStatus, string> = {
  novo: 'Novo',
  em_analise: 'Em análise',
  corrigido: 'Corrigido',
  descartado: 'Descartado',
}

/** What a student reports (the report form's "Tipo"): an error, or that the law changed since the exam (ADR 053). */
export const ERROR_REPORT_KINDS = ['erro', 'desatualizada'] as const satisfies readonly ErrorReportKind[]
export const ERROR_REPORT_KIND_LABELS: Record<ErrorReportKind, string> = {
  erro: 'Erro na questão',
  desatualizada: 'Desatualizada (a lei mudou)',
}

export const ERROR_REPORT_ANSWER_MAX = 2000

export const ERROR_REPORT_NOT_FOUND = 'Relato de erro não encontrado.'
export const ERROR_REPORTS_LOGIN = 'Faça login para ver os erros que você reportou.'
export const ERROR_REPORT_UPDATED = 'Relato atualizado.'
