import { getInputProps, getSelectProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

import { CLASSIFICATION_CONFIDENCE_LABELS, CLASSIFICATION_CONFIDENCES } from '#server/features/classification/messages'
import { ErrorList, withoutKey } from '~/components/forms'

import { FilterSelect } from './queue-filter'

// What the two classification desks (/admin/classificacao for disciplines, /admin/classificacao/assuntos
// for topics) show the same way: the GET filters (the URL is the state) and the table of questions,
// a row each: its checkbox, where it is, the select of what the admin confirms, the confidence.

export const percent = (value: number) => `${(value * 100).toFixed(1).replace('.', ',')}%`

export function DeskFilters({
  exams,
  disciplines,
  filters,
  disciplineLabel,
}: {
  exams: { id: number; name: string; year: number; predicted: number }[]
  disciplines: { id: number; name: string }[]
  filters: { prova: string; disciplina: string; confianca: string }
  disciplineLabel: string
}) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" aria-label="Filtros">
      <FilterSelect
        name="prova"
        label="Prova"
        value={filters.prova}
        all="Todas"
        options={exams.map((exam) => [exam.id, `${exam.name} (${exam.year}) — ${exam.predicted}`])}
      />
      <FilterSelect
        name="disciplina"
        label={disciplineLabel}
        value={filters.disciplina}
        all="Todas"
        options={disciplines.map((d) => [d.id, d.name])}
      />
      <FilterSelect
        name="confianca"
        label="Confiança"
        value={filters.confianca}
        options={CLASSIFICATION_CONFIDENCES.map((value) => [value, CLASSIFICATION_CONFIDENCE_LABELS[value]])}
      />
      <button type="submit" className="btn-secondary">
        Filtrar
      </button>
    </Form>
  )
}

export function DeskTable({ caption, choice, children }: { caption: string; choice: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="p-2">
              <span className="sr-only">Selecionar</span>
            </th>
            <th scope="col" className="p-2">
              Questão
            </th>
            <th scope="col" className="p-2">
              {choice}
            </th>
            <th scope="col" className="p-2">
              Confiança
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/**
 * One question: its id and checkbox (`question`, `confirm`: Conform's fields), where it is, the
 * select of `options` (`choose`, Conform's field), and the prediction's confidence.
 */
export function DeskRow({
  row,
  title,
  question,
  confirm,
  choose,
  choice,
  options,
}: {
  row: { id: number; number: number; exam: { name: string }; excerpt: string; confidence: number; confident: boolean }
  title: string
  question: { name: string }
  confirm: Parameters<typeof getInputProps>[0]
  choose: Parameters<typeof getSelectProps>[0]
  choice: string
  options: { id: number; name: string }[]
}) {
  const where = `questão ${row.number} de ${row.exam.name}`
  const checkbox = withoutKey(getInputProps(confirm, { type: 'checkbox', value: 'on' }))
  const selectProps = { ...withoutKey(getSelectProps(choose)), name: choose.name }
  return (
    <tr className="border-b border-slate-100 align-top dark:border-slate-800" data-testid={`linha-${row.id}`}>
      <td className="p-2">
        <input type="hidden" name={question.name} value={row.id} />
        <input {...checkbox} aria-label={`Selecionar ${where}`} className="h-5 w-5" />
      </td>
      <td className="p-2">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{row.excerpt}</p>
      </td>
      <td className="p-2">
        <select {...selectProps} aria-label={`${choice} da ${where}`} className="input">
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        <ErrorList id={choose.errorId} errors={choose.errors} />
      </td>
      <td className="p-2 whitespace-nowrap">
        {percent(row.confidence)}
        <span className="block text-xs text-slate-600 dark:text-slate-400">{row.confident ? 'confiante' : 'a revisar'}</span>
      </td>
    </tr>
  )
}
