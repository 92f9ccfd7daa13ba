import * as z from 'zod'

import { errorReportKind, errorReportMessage } from '#server/features/questions/schemas'

// One schema per form of the question bank, shared by the page (Conform) and the action.

/** The answer/reveal form of a card (radio `resposta`, `intent` buttons). */
export const AnswerFormSchema = z.object({
  intent: z.enum(['responder', 'revelar']),
  resposta: z.string().trim().max(2).optional(),
  redirectTo: z.string().optional(),
  /** When the card was shown: the API's signed token, passed back untouched (ADR 018). */
  t: z.string().max(100).optional().catch(undefined),
})

/** 'Reportar erro': the same message rules as POST /questions/{id}/error-reports. */
export const ReportFormSchema = z.object({
  tipo: errorReportKind.default('erro'),
  mensagem: errorReportMessage,
  redirectTo: z.string().optional(),
})
