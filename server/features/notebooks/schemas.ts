import * as z from 'zod'

import { atLeastOneOf } from '../../api/contract'
import { NOTEBOOK_DESCRIPTION_MAX, NOTEBOOK_NAME_MAX } from './limits'

// Field rules of the notebooks (Fichário), shared by the API (server/features/notebooks/contract.ts) and the
// page forms (app/routes/questoes.$id.cadernos/, app/routes/notebook.$notebookId.questions/).

/** How many notebooks one PUT /questions/{id}/notebooks may name (more than any plan holds but Pro). */
export const MEMBERSHIP_MAX = 500

/** The 10 preset colours (spec section 9); a notebook created without one gets one at random. */
export const NOTEBOOK_COLORS = [
  '#2563eb', // azul
  '#16a34a', // verde
  '#dc2626', // vermelho
  '#d97706', // âmbar
  '#7c3aed', // violeta
  '#db2777', // rosa
  '#0891b2', // ciano
  '#ea580c', // laranja
  '#4f46e5', // anil
  '#65a30d', // lima
] as const
export type NotebookColor = (typeof NOTEBOOK_COLORS)[number]

export const NOTEBOOK_COLOR_NAMES: Record<NotebookColor, string> = {
  '#2563eb': 'Azul',
  '#16a34a': 'Verde',
  '#dc2626': 'Vermelho',
  '#d97706': 'Âmbar',
  '#7c3aed': 'Violeta',
  '#db2777': 'Rosa',
  '#0891b2': 'Ciano',
  '#ea580c': 'Laranja',
  '#4f46e5': 'Anil',
  '#65a30d': 'Lima',
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f]/

/** Required, trimmed, one line, at most 80 characters (spec section 5). */
export const notebookName = z
  .string({ error: 'Informe o nome do caderno.' })
  .trim()
  .min(1, { error: 'Informe o nome do caderno.' })
  .max(NOTEBOOK_NAME_MAX, { error: `O nome do caderno pode ter no máximo ${NOTEBOOK_NAME_MAX} caracteres.` })
  .refine((v) => !CONTROL_ONE_LINE.test(v), { error: 'O nome contém caracteres inválidos.' })
  // The document's words for it: one line without control characters, something besides spaces.
  .meta({ pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$' })

/** Optional, trimmed, at most 500 characters; empty means none. */
export const notebookDescription = z
  .string({ error: 'Descrição inválida.' })
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .max(NOTEBOOK_DESCRIPTION_MAX, { error: `A descrição pode ter no máximo ${NOTEBOOK_DESCRIPTION_MAX} caracteres.` })
  .refine((v) => !CONTROL.test(v), { error: 'A descrição contém caracteres inválidos.' })
  .meta({ pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$' })

export const notebookColor = z
  .string({ error: 'Cor inválida: escolha uma das 10 cores disponíveis.' })
  .trim()
  .toLowerCase()
  .refine((v): v is NotebookColor => (NOTEBOOK_COLORS as readonly string[]).includes(v), {
    error: 'Cor inválida: escolha uma das 10 cores disponíveis.',
  })
  .meta({ enum: [...NOTEBOOK_COLORS] })

export const NotebookBody = z.object({
  name: notebookName,
  description: notebookDescription.nullish(),
  color: notebookColor.nullish(),
})

export const NotebookUpdateBody = z
  .object({
    name: notebookName.optional(),
    description: notebookDescription.nullish(),
    color: notebookColor.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.color !== undefined, {
    error: 'Nada a alterar: envie name, description ou color.',
  })
  // The document's way of saying the refine: at least one of the three.
  .meta(atLeastOneOf(['name', 'description', 'color']))

const notebookId = z
  .number({ error: 'notebook_ids deve ser uma lista de identificadores numéricos de cadernos.' })
  .int({ error: 'notebook_ids deve ser uma lista de identificadores numéricos de cadernos.' })
  .min(1, { error: 'notebook_ids deve ser uma lista de identificadores numéricos de cadernos.' })
  .max(2_147_483_647, { error: 'notebook_ids deve ser uma lista de identificadores numéricos de cadernos.' })

/** The complete set of the caller's notebooks this question belongs to ([] removes it from all). */
export const MembershipBody = z.object({
  notebook_ids: z
    .array(notebookId, { error: 'Envie notebook_ids: a lista completa dos cadernos desta questão.' })
    .max(MEMBERSHIP_MAX, { error: `notebook_ids pode ter no máximo ${MEMBERSHIP_MAX} cadernos.` }),
})
