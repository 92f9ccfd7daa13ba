import * as z from 'zod'

// The Configurações tab's preferences form, shared by the panel (Conform) and the action.
// An unchecked box is absent from the form data: that means off (never "on by default").
export const PreferencesFormSchema = z.object({
  notificationsEnabled: z.boolean().optional(),
  rankingOptOut: z.boolean().optional(),
})
