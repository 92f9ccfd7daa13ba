import * as z from 'zod'

import { MASCOTS } from '#server/features/profile/profile-messages'

// The mascot picker's form (one submit button per mascot), shared by the dialog and its action.
export const MascotFormSchema = z.object({
  mascot: z.enum(MASCOTS, { error: 'Escolha um dos mascotes' }),
})
