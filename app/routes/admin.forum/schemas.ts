import * as z from 'zod'

// The moderation buttons of /admin/forum: one small form per post, the action told by `intent`.
export const ModerationFormSchema = z.object({
  intent: z.enum(['destacar', 'remover-destaque', 'ocultar', 'restaurar', 'dispensar']),
  tipo: z.enum(['topic', 'reply']),
  item: z.coerce.number().int().min(1).max(999_999_999),
})
