import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

import { CLASSIFICATION_CONFIDENCE_LABELS, CLASSIFICATION_CONFIDENCES } from '#server/features/classification/messages'
import { ErrorList } from '~/components/forms'

// What the two classification desks (/admin/classificacao for disciplines, /admin/classificacao/assuntos
// for topics) show the same way: the GET filters (the URL is the state) and the table of questions,
// a row each: its checkbox, where it is, the select of what the admin confirms, the confidence.

/** Conform's props without `key` (React warns when a spread carries one). */
export function withoutKey<T extends { key?: unknown }>({ key: _key, ...props }: T) {
  return props
}

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
      <div>
        <label htmlFor="filtro-prova" className="label">
          Prova
        </label>
        <select id="filtro-prova" name="prova" defaultValue={filters.prova} className="input">
          <option value="">Todas</option>
          {exams.map((exam) => (
            <option key={exam.id} value={exam.id}>
              {`${exam.name} (${exam.year}) — ${exam.predicted}`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filtro-disciplina" className="label">
          {disciplineLabel}
        </label>
        <select id="filtro-disciplina" name="disciplina" defaultValue={filters.disciplina} className="input">
          <option value="">Todas</option>
          {disciplines.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filtro-confianca" className="label">
          Confiança
        </label>
        <select id="filtro-confianca" name="confianca" defaultValue={filters.confianca} className="input">
          {CLASSIFICATION_CONFIDENCES.map((value) => (
            <option key={value} value={value}>
              {CLASSIFICATION_CONFIDENCE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
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

type Field = { name: string; errorId: string; errors?: string[] }

/**
 * One question: its id and checkbox (`question`, `check`: Conform's fields), where it is, the select
 * of `options` (`choose`, its props from Conform), and the prediction's confidence.
 */
export function DeskRow({
  row,
  title,
  question,
  checkbox,
  select,
  choice,
  options,
}: {
  row: { id: number; number: number; exam: { name: string }; excerpt: string; confidence: number; confident: boolean }
  title: string
  question: Field
  checkbox: Record<string, unknown>
  select: Record<string, unknown> & Field
  choice: string
  options: { id: number; name: string }[]
}) {
  const where = `questão ${row.number} de ${row.exam.name}`
  const { errorId, errors, ...selectProps } = select
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
        <ErrorList id={errorId} errors={errors} />
      </td>
      <td className="p-2 whitespace-nowrap">
        {percent(row.confidence)}
        <span className="block text-xs text-slate-600 dark:text-slate-400">{row.confident ? 'confiante' : 'a revisar'}</span>
      </td>
    </tr>
  )
}
