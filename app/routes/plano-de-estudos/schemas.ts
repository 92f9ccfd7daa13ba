import * as z from 'zod'

import { studyPlanFields } from '#server/features/review/schemas'

// The study plan's one form (issue 30), shared by the page (Conform) and the action; the field
// rules and messages are the API's own (PUT /study-plan).
export const StudyPlanFormSchema = z.object({
  data: studyPlanFields.exam_date,
  horas: studyPlanFields.hours_per_week,
})
