import * as z from 'zod'

import { ERROR_REPORT_STATUSES } from '#server/features/error-reports/messages'
import { errorReportAnswer } from '#server/features/error-reports/schemas'
import { outdatedNote } from '#server/features/legislation/schemas'

// The one form of /admin/erros (a report's status and the optional answer to the student),
// with the API's rules.

export const ErrorReportFormSchema = z.object({
  relato: z.coerce.number().int().min(1).max(999_999_999),
  situacao: z.enum(ERROR_REPORT_STATUSES, { error: 'Escolha uma situação.' }),
  resposta: errorReportAnswer.default(''),
})

/** "Confirmar desatualizada" (ADR 053): the note students read; the report is answered with it. */
export const OutdatedConfirmFormSchema = z.object({
  intent: z.literal('desatualizada'),
  relato: z.coerce.number().int().min(1).max(999_999_999),
  questao: z.coerce.number().int().min(1).max(999_999_999),
  nota: outdatedNote,
})

/** "Desfazer desatualizada": the question is no longer marked. */
export const OutdatedUndoFormSchema = z.object({
  intent: z.literal('atualizada'),
  relato: z.coerce.number().int().min(1).max(999_999_999),
  questao: z.coerce.number().int().min(1).max(999_999_999),
})
