import * as z from 'zod'

import { nameField, phoneField } from '../auth/account-schemas'
import { BAD_BODY } from './messages'
import { GENDERS, MASCOTS, normalizeBirthDate, STUDY_TIMES } from './profile-messages'

// The body of PUT /profile, apart from the domain so the contract (and a page) can import it.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Texto muito longo (máximo ${max} caracteres)`)
    .nullish()
    .transform((v) => (v ? v : null))

/** A select left on its empty option sends '': the same as clearing the field. */
const blankAsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema)
/** What the document says of such a field: one of `values`, '' or null (both clear it). */
const orBlank = (values: readonly string[]) => ({ anyOf: [{ type: 'string', enum: [...values, ''] }, { type: 'null' }] })

/** PUT /profile: every field optional; a field not sent is left as it is. */
export const UpdateProfileSchema = z.object(
  {
    name: nameField.optional(),
    phone: phoneField,
    mascot: z.enum(MASCOTS, { error: 'Mascote inválido' }).nullish(),
    birth_date: z
      .string()
      .trim()
      .nullish()
      .transform((v, issue) => {
        if (!v) return null
        const date = normalizeBirthDate(v)
        if (!date) {
          issue.addIssue({ code: 'custom', message: 'Data de nascimento inválida (use dd/mm/aaaa)' })
          return z.NEVER
        }
        return date
      })
      .meta({
        description: 'dd/mm/aaaa ou aaaa-mm-dd, uma data que existe; vazio apaga.',
        pattern: '^\\s*(?:(?:0[1-9]|[12]\\d|3[01])/(?:0[1-9]|1[0-2])/\\d{4}|\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]))?\\s*$',
      }),
    gender: blankAsNull(z.enum(GENDERS, { error: 'Gênero inválido' }).nullish()).meta(orBlank(GENDERS)),
    education_level: optionalText(100),
    target_exam: optionalText(100),
    study_goal: optionalText(500),
    preferred_study_time: blankAsNull(z.enum(STUDY_TIMES, { error: 'Horário de estudo inválido' }).nullish()).meta(orBlank(STUDY_TIMES)),
    notifications_enabled: z.boolean({ error: 'notifications_enabled deve ser verdadeiro ou falso' }).optional(),
    /** Leave the weekly ranking (the dashboard's Configurações tab). */
    ranking_opt_out: z.boolean({ error: 'ranking_opt_out deve ser verdadeiro ou falso' }).optional(),
    university: optionalText(200),
    course: optionalText(200),
    year: z
      .number({ error: 'O ano/período deve ser um número inteiro' })
      .int('O ano/período deve ser um número inteiro')
      .min(0, 'O ano/período deve ser um número inteiro positivo')
      .max(100000, 'O ano/período é grande demais')
      .nullish(),
    bio: optionalText(2000),
  },
  { error: BAD_BODY },
)

export type ProfileUpdate = z.output<typeof UpdateProfileSchema>
