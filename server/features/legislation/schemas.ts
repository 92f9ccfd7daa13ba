import * as z from 'zod'

import type { ScopeList } from './messages'
import {
  EMPTY_SCOPE,
  LABEL_MAX,
  NAME_MAX,
  NOTE_MAX,
  OUTDATED_DECISIONS,
  OUTDATED_NOTE_MAX,
  SCOPE_KINDS,
  SCOPE_LINES_MAX,
  SCOPE_LIST_NAMES,
} from './messages'
import { readScopeList, scopeMessage } from './scope'

// The field rules of the legislative changes (their scope's lines: ./scope.ts), of "Confirmar
// desatualizada" and of staff's word on one badge, free of the database layer so the admin pages'
// forms share them with the API (ADR 053, 090, 091).

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

/** One list of a scope as the API takes it: an array of lines, read whole into the rule's entries or refused (ADR 091). */
const scopeList = (list: ScopeList) =>
  z
    .array(z.string({ error: `${SCOPE_LIST_NAMES[list]}: cada linha é um texto.` }), {
      error: `${SCOPE_LIST_NAMES[list]}: envie uma lista de linhas.`,
    })
    .max(SCOPE_LINES_MAX, { error: `${SCOPE_LIST_NAMES[list]}: no máximo ${SCOPE_LINES_MAX} linhas.` })
    .transform((lines, ctx) => {
      const read = readScopeList(list, lines)
      if ('values' in read) return read.values
      ctx.issues.push({ code: 'custom', message: scopeMessage(read.error, SCOPE_LIST_NAMES[list]), input: lines })
      return z.NEVER
    })

/**
 * One list of a scope as the admin page's form sends it: one textarea, a line an entry. Its
 * messages name the line ("Linha 3: …"), under the textarea that holds it.
 */
export const scopeTextarea = (list: ScopeList) =>
  z
    .string({ error: `${SCOPE_LIST_NAMES[list]}: texto inválido.` })
    .max(SCOPE_LINES_MAX * 130, { error: `${SCOPE_LIST_NAMES[list]}: lista longa demais (no máximo ${SCOPE_LINES_MAX} linhas).` })
    .default('')
    .transform((text, ctx) => {
      const read = readScopeList(list, text.split(/\r\n?|\n/))
      if ('values' in read) return read.values
      ctx.issues.push({ code: 'custom', message: scopeMessage(read.error), input: text })
      return z.NEVER
    })

/** A 'scope' change needs something to match: a change with an empty scope would badge nothing. */
export const nonEmptyScope = (s: { kind: string; norms: string[]; articles: string[]; terms: string[] }) =>
  s.kind !== 'scope' || s.norms.length + s.articles.length + s.terms.length > 0

export const ChangeScopeBody = z
  .object({
    kind: z.enum(SCOPE_KINDS, { error: 'Tipo de escopo inválido: use discipline (a disciplina inteira) ou scope.' }).meta({
      description: "'discipline': toda questão das disciplinas (um código substituído inteiro); 'scope': o que ela cita ou de que trata.",
    }),
    norms: scopeList('norms')
      .default([])
      .meta({ description: "As normas que a mudança substituiu: uma chave ('lei:8666', 'clt') ou um nome ('Lei 8.666/1993') por item." }),
    articles: scopeList('articles')
      .default([])
      .meta({ description: "Os artigos que ela mudou: 'clt@art. 58', 'CLT art. 58' ou 'art. 58 da CLT' por item." }),
    terms: scopeList('terms')
      .default([])
      .meta({ description: 'Assuntos (palavras inteiras do enunciado, nas disciplinas da mudança), um por item.' }),
  })
  .refine(nonEmptyScope, { error: EMPTY_SCOPE })
export type ChangeScopeBody = z.output<typeof ChangeScopeBody>

export const LegislativeChangeBody = z.object({
  label: changeLabel.meta({ description: 'O rótulo do selo, como CPC/2015.' }),
  name: changeName.meta({ description: 'O nome e o número oficiais, como Lei 13.105/2015 (Código de Processo Civil).' }),
  in_force: isoDay.meta({ description: 'A data em que entrou em vigor (AAAA-MM-DD).' }),
  discipline_ids: disciplineIds,
  note: changeNote.default('').meta({ description: 'Uma linha sobre a mudança (opcional).' }),
  scope: ChangeScopeBody.optional().meta({
    description: 'O que a mudança mudou (ADR 089); ausente, uma mudança nova vale para a disciplina inteira e uma existente mantém o seu.',
  }),
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

/** Staff's word on one badge: 'confirm' shows it whatever the rule says, 'remove' hides it (ADR 090). */
export const OutdatedDecisionBody = z.object({
  decision: z
    .enum(OUTDATED_DECISIONS, { error: 'Decisão inválida: use confirm (mostrar o selo) ou remove (tirar o selo).' })
    .meta({ description: "'confirm' mostra o selo desta mudança na questão; 'remove' o tira." }),
})
