import * as z from 'zod'

import { LABEL_MAX, NAME_MAX, NOTE_MAX, OUTDATED_NOTE_MAX } from './messages'

// The field rules of the legislative changes and of "Confirmar desatualizada", free of the database
// layer so the admin pages' forms share them with the API (ADR 053).

export { LABEL_MAX, NAME_MAX, NOTE_MAX, OUTDATED_NOTE_MAX }

/** One line with something in it: no control characters, at least one visible one (the document's pattern). */
const ONE_LINE = /^[^\u0000-\u001f\u007f]*[^\s\u0000-\u001f\u007f][^\u0000-\u001f\u007f]*$/u

const oneLine = (what: string, max: number, required: boolean) => {
  const text = z
    .string({ error: `Informe ${what.toLowerCase()}.` })
    .trim()
    .max(max, { error: `${what} pode ter no máximo ${max} caracteres.` })
  if (!required) return text.regex(/^[^\u0000-\u001f\u007f]*$/u, { error: `${what} deve ter uma linha só, sem caracteres de controle.` })
  return text
    .refine((v) => v.length > 0, { error: `Informe ${what.toLowerCase()}.` })
    .regex(ONE_LINE, { error: `${what} deve ter uma linha só, sem caracteres de controle.` })
}

/** A real calendar day, YYYY-MM-DD, from 1900 to 2100; `what` names it in the messages ('Data de vigência'). */
export const calendarDay = (what: string) =>
  z
    .string({ error: `Informe a ${what.toLowerCase()} (AAAA-MM-DD).` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${what} inválida: use AAAA-MM-DD, como 2016-03-18.` })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`)
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && v <= '2100-12-31'
      },
      { error: `${what} inválida: use uma data que exista, entre 1900 e 2100.` },
    )

export const isoDay = calendarDay('Data de vigência')
export const examDay = calendarDay('Data de aplicação')

export const disciplineIds = z
  .array(
    z
      .number({ error: 'Disciplina inválida.' })
      .int({ error: 'Disciplina inválida.' })
      .min(1, { error: 'Disciplina inválida.' })
      .max(999_999_999, { error: 'Disciplina inválida.' }),
    {
      error: 'Escolha as disciplinas afetadas.',
    },
  )
  .min(1, { error: 'Escolha pelo menos uma disciplina afetada.' })
  .max(50, { error: 'No máximo 50 disciplinas.' })
  .transform((ids) => [...new Set(ids)])

export const changeLabel = oneLine('O rótulo', LABEL_MAX, true)
export const changeName = oneLine('O nome oficial', NAME_MAX, true)
export const changeNote = oneLine('A nota', NOTE_MAX, false)

export const LegislativeChangeBody = z.object({
  label: changeLabel.meta({ description: 'O rótulo do selo, como CPC/2015.' }),
  name: changeName.meta({ description: 'O nome e o número oficiais, como Lei 13.105/2015 (Código de Processo Civil).' }),
  in_force: isoDay.meta({ description: 'A data em que entrou em vigor (AAAA-MM-DD).' }),
  discipline_ids: disciplineIds,
  note: changeNote.default('').meta({ description: 'Uma linha sobre a mudança (opcional).' }),
})
export type LegislativeChangeBody = z.output<typeof LegislativeChangeBody>

/** The note students read on a question confirmed outdated. */
export const outdatedNote = z
  .string({ error: 'Escreva a nota que os alunos verão.' })
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .max(OUTDATED_NOTE_MAX, { error: `A nota pode ter no máximo ${OUTDATED_NOTE_MAX} caracteres.` })
  .refine((v) => v.length > 0, { error: 'Escreva a nota que os alunos verão.' })
  // Text with something visible in it; tabs and line breaks are fine (the document's pattern).
  .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*[^\s\u0000-\u001f\u007f][^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/u, {
    error: 'Escreva a nota que os alunos verão (sem caracteres de controle).',
  })

/** The day an exam was applied; null forgets it (the exam's year is used). */
export const ExamDateBody = z.object({
  applied_on: examDay.nullable().meta({ description: 'O dia em que a prova foi aplicada (AAAA-MM-DD); null apaga.' }),
})

export const ConfirmOutdatedBody = z.object({
  note: outdatedNote,
  report_id: z
    .number({ error: 'Relato inválido.' })
    .int({ error: 'Relato inválido.' })
    .min(1, { error: 'Relato inválido.' })
    .max(999_999_999, { error: 'Relato inválido.' })
    .optional()
    .meta({ description: 'O relato que pediu a confirmação: fica Corrigido, respondido com a nota.' }),
})
