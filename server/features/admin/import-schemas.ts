import * as z from 'zod'

export const DISCIPLINE_CHECK_REQUIRED = 'Por favor, preencha tanto a disciplina quanto o assunto.'
export const DISCIPLINE_CHECK_OK = 'Disciplina e assunto validados com sucesso!'

/** The discipline/topic check: used by the admin page (Conform + action) and the API. */
export const DisciplineCheckSchema = z
  .object({
    disciplina: z
      .string()
      .default('')
      .transform((s) => s.trim()),
    assunto: z
      .string()
      .default('')
      .transform((s) => s.trim()),
  })
  .refine((v) => v.disciplina !== '' && v.assunto !== '', { error: DISCIPLINE_CHECK_REQUIRED })
