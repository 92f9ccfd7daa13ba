import * as z from 'zod'

import { ERROR_REPORT_STATUSES } from '#server/features/error-reports/messages'
import { errorReportAnswer } from '#server/features/error-reports/schemas'

// The one form of /admin/erros (a report's status and the optional answer to the student),
// with the API's rules.

export const ErrorReportFormSchema = z.object({
  relato: z.coerce.number().int().min(1).max(999_999_999),
  situacao: z.enum(ERROR_REPORT_STATUSES, { error: 'Escolha uma situação.' }),
  resposta: errorReportAnswer.default(''),
})
