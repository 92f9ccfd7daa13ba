import * as z from 'zod'

import { DISCIPLINE_CHECK_REQUIRED } from '../../domain/import/schemas'

// The body of POST /admin/disciplines/search. Its fields were Portuguese (disciplina, assunto)
// until this release: the old names are still read, for one release, when the new ones are
// absent (ADR 038 point 8), so a CLI or a script of the previous release keeps working.

const RENAMED = { disciplina: 'discipline', assunto: 'topic' } as const

/** Copies each old field to its new name when the new one is absent. */
function acceptOldNames(value: unknown) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  const body = { ...(value as Record<string, unknown>) }
  for (const [old, name] of Object.entries(RENAMED)) if (body[name] === undefined && body[old] !== undefined) body[name] = body[old]
  return body
}

const trimmed = z
  .string()
  .default('')
  .transform((s) => s.trim())

export const DisciplineSearchBody = z.preprocess(
  acceptOldNames,
  z
    .object({
      discipline: trimmed.meta({ description: 'O nome da disciplina (maiúsculas e acentos não importam).' }),
      topic: trimmed.meta({ description: 'O nome do assunto dentro dela.' }),
      disciplina: z.string().optional().meta({ deprecated: true, description: 'Nome antigo de discipline, aceito por esta versão.' }),
      assunto: z.string().optional().meta({ deprecated: true, description: 'Nome antigo de topic, aceito por esta versão.' }),
    })
    .refine((v) => v.discipline !== '' && v.topic !== '', { error: DISCIPLINE_CHECK_REQUIRED }),
)
