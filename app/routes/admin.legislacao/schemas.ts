import * as z from 'zod'

import { EMPTY_SCOPE } from '#server/features/legislation/messages'
import { changeLabel, changeName, changeNote, isoDay, nonEmptyScope, scopeTextarea } from '#server/features/legislation/schemas'

// The forms of /admin/legislacao (ADR 053, 091): a change created or saved (`intent` criar or
// salvar) with its scope, one textarea a list, and a change deleted, with the API's rules and messages.

const id = z.coerce.number().int().min(1).max(999_999_999)

export const ChangeFormSchema = z
  .object({
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
    escopo: z.enum(['disciplina', 'escopo'], { error: 'Escolha o que a mudança atinge.' }),
    normas: scopeTextarea('norms'),
    artigos: scopeTextarea('articles'),
    assuntos: scopeTextarea('terms'),
  })
  .refine(
    (v) => nonEmptyScope({ kind: v.escopo === 'escopo' ? 'scope' : 'discipline', norms: v.normas, articles: v.artigos, terms: v.assuntos }),
    { error: EMPTY_SCOPE, path: ['normas'] },
  )

export const DeleteChangeFormSchema = z.object({ intent: z.literal('excluir'), mudanca: id })
