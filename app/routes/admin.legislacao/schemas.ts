import * as z from 'zod'

import { changeLabel, changeName, changeNote, isoDay } from '#server/features/legislation/schemas'

// The forms of /admin/legislacao (ADR 053): a change created or saved (`intent` criar or salvar),
// and a change deleted, with the API's rules and messages.

const id = z.coerce.number().int().min(1).max(999_999_999)

export const ChangeFormSchema = z.object({
  intent: z.enum(['criar', 'salvar']),
  mudanca: id.optional(),
  rotulo: changeLabel,
  nome: changeName,
  vigencia: isoDay,
  disciplinas: z
    .array(z.coerce.number().int().min(1).max(999_999_999), { error: 'Escolha pelo menos uma disciplina afetada.' })
    .min(1, { error: 'Escolha pelo menos uma disciplina afetada.' })
    .max(50),
  nota: changeNote.default(''),
})

export const DeleteChangeFormSchema = z.object({ intent: z.literal('excluir'), mudanca: id })
