import * as z from 'zod'

import { DISCIPLINE_CHECK_REQUIRED } from './import-schemas'

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

/** A name that is not blank (the document's pattern `\S`, from the trim and the minimum). */
const named = z.string({ error: DISCIPLINE_CHECK_REQUIRED }).trim().min(1, { error: DISCIPLINE_CHECK_REQUIRED })
/** An old name: read only when the new one is absent, so the document asks it to be a name too. */
const oldName = (description: string) => z.string().optional().meta({ deprecated: true, description, pattern: '\\S' })

// Both fields are needed, under the new name or the old: the document says so with an allOf of
// two anyOf, and with minProperties 2 to a reader that does not follow them (a fuzzer sent `{}`,
// which the document used to allow with its defaults of '').
export const DisciplineSearchBody = z.preprocess(
  acceptOldNames,
  z
    .object({
      discipline: named.optional().meta({ description: 'O nome da disciplina (maiúsculas e acentos não importam).' }),
      topic: named.optional().meta({ description: 'O nome do assunto dentro dela.' }),
      disciplina: oldName('Nome antigo de discipline, aceito por esta versão.'),
      assunto: oldName('Nome antigo de topic, aceito por esta versão.'),
    })
    .refine((v) => v.discipline !== undefined && v.topic !== undefined, { error: DISCIPLINE_CHECK_REQUIRED })
    .transform((v) => ({ ...v, discipline: v.discipline!, topic: v.topic! }))
    .meta({
      minProperties: 2,
      allOf: [
        { anyOf: [{ required: ['discipline'] }, { required: ['disciplina'] }] },
        { anyOf: [{ required: ['topic'] }, { required: ['assunto'] }] },
      ],
    }),
)
