import * as z from 'zod'

import type { ErrorReportStatus } from '../../db/schema'

// The error-report queue's values and field rules, free of the database layer so the admin
// page's form (app/routes/admin.erros/schemas.ts) shares them with the API.

export const ERROR_REPORT_STATUSES = ['novo', 'em_analise', 'corrigido', 'descartado'] as const satisfies readonly ErrorReportStatus[]
export type { ErrorReportStatus }

export const ERROR_REPORT_STATUS_LABELS: Record<ErrorReportStatus, string> = {
  novo: 'Novo',
  em_analise: 'Em análise',
  corrigido: 'Corrigido',
  descartado: 'Descartado',
}

export const ERROR_REPORT_ANSWER_MAX = 2000

export const errorReportStatus = z.enum(ERROR_REPORT_STATUSES, {
  error: `Situação inválida: use ${ERROR_REPORT_STATUSES.join(', ')}.`,
})
/** The admin's optional answer: trimmed, '' clears it. */
export const errorReportAnswer = z
  .string({ error: 'Resposta inválida.' })
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .max(ERROR_REPORT_ANSWER_MAX, { error: `A resposta pode ter no máximo ${ERROR_REPORT_ANSWER_MAX} caracteres.` })

export const ErrorReportUpdateBody = z.object({ status: errorReportStatus, answer: errorReportAnswer.optional() })
