import * as z from 'zod'

import { analysisText, COMMENT_MAX } from '#server/features/analyses/schemas'

// The editor's forms (issue 40): publish (or preview) an analysis from the version the page
// showed, and unpublish it; the API's rules and messages.

const version = z.coerce.number().int().min(0).max(999_999_999)
const comment = z
  .string()
  .trim()
  .max(COMMENT_MAX, { error: `O comentário de cada alternativa pode ter no máximo ${COMMENT_MAX.toLocaleString('pt-BR')} caracteres.` })
  .optional()

export const AnalysisFormSchema = z.object({
  intent: z.enum(['publicar', 'previa']),
  texto: analysisText,
  versao: version,
  comentario_A: comment,
  comentario_B: comment,
  comentario_C: comment,
  comentario_D: comment,
  comentario_E: comment,
  promover: z
    .string()
    .regex(/^(topic|reply|explanation)-\d{1,9}$/)
    .optional(),
})

export const UnpublishFormSchema = z.object({ intent: z.literal('despublicar'), versao: version })
