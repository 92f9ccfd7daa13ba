import * as z from 'zod'

import { examDay } from '#server/features/legislation/schemas'

// The exam-date form of /admin/provas (ADR 053): the day an exam was applied; empty forgets it.

export const ExamDateFormSchema = z.object({
  prova: z.coerce.number().int().min(1).max(999_999_999),
  data: examDay.optional(),
})
