import * as z from 'zod'

import {
  ERROR_REPORT_ANSWER_MAX,
  ERROR_REPORT_STATUS_LABELS,
  ERROR_REPORT_STATUSES,
  errorReportAnswer,
} from '#server/domain/questions/error-report-rules'

// The one form of /admin/erros (a report's status and the optional answer to the student),
// with the API's rules.

export { ERROR_REPORT_ANSWER_MAX, ERROR_REPORT_STATUS_LABELS, ERROR_REPORT_STATUSES }

export const ErrorReportFormSchema = z.object({
  relato: z.coerce.number().int().min(1).max(999_999_999),
  situacao: z.enum(ERROR_REPORT_STATUSES, { error: 'Escolha uma situação.' }),
  resposta: errorReportAnswer.default(''),
})
