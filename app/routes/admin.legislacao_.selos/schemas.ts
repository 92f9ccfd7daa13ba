import * as z from 'zod'

// The one form of /admin/legislacao/selos (ADR 090): staff's word on one question's badge by one
// change, `intent` confirmar (show it), tirar (hide it) or desfazer (the rule decides again).

const id = z.coerce.number().int().min(1).max(999_999_999)

export const BadgeFormSchema = z.object({
  intent: z.enum(['confirmar', 'tirar', 'desfazer'], { error: 'Ação inválida.' }),
  questao: id,
  mudanca: id,
})
