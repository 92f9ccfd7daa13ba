import * as z from 'zod'

// The moderation buttons of /admin/explicacoes: one small form per explanation, the action told by `intent`.
export const ExplanationModerationFormSchema = z.object({
  intent: z.enum(['ocultar', 'restaurar', 'aprovar', 'dispensar']),
  item: z.coerce.number().int().min(1).max(999_999_999),
})
