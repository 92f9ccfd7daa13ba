import * as z from 'zod'

import type { ErrorReportStatus } from '../../db/schema'
import { ERROR_REPORT_ANSWER_MAX, ERROR_REPORT_STATUS_LABELS, ERROR_REPORT_STATUSES } from './messages'

// The error-report queue's field rules, free of the database layer so the admin page's form
// (app/routes/admin.erros/schemas.ts) shares them with the API; the values in messages.ts.

export { ERROR_REPORT_ANSWER_MAX, ERROR_REPORT_STATUS_LABELS, ERROR_REPORT_STATUSES }
export type { ErrorReportStatus }

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
