import * as z from 'zod'

import { dailyLimit, desiredRetention } from '#server/features/review/schemas'

// The Configurações tab's Revisão form (issue 30), shared by the panel (Conform) and the action;
// the field rules are the API's own: the retention reads "90", "90%" or "0,9" alike.
export const ReviewSettingsFormSchema = z.object({
  intent: z.literal('revisao'),
  retencao: desiredRetention,
  limite: dailyLimit,
})
