import { Form, Link } from '@remix-run/react'
import { useState } from 'react'

import { openLoginDialog } from '~/components/login-dialog-open'
import type { FilterState } from '~/question/filters'
import { activeFilterCount, DIFFICULTY_LABELS, readFilters, SITUACOES, truncate } from '~/question/filters'
import { useOpenOnWide } from '~/utils/use-open-on-wide'

/** [id, name, [[topicId, topicName, questions]...]] as the loader sends it. */
type DisciplineTuple = [number, string, [number, string, number][]]
type Discipline = { id: number; name: string; topics: { id: number; name: string; questions: number }[] }
type Option = { value: string; label: string }

/**
 * 'Buscar Questões': a GET form, so the URL is the whole search state. Multi-selects
 * are checkbox lists in <details> panels (work without JS); with JS the topic list
 * follows the disciplines ticked so far.
 * On phones the fields fold into a <details> (closed: the results come first); from
 * 768 px up the panel is open.
 */
export function FilterForm({
  filters,
  disciplines: disciplineTuples,
  years,
  boards,
  exams = [],
  citations = [],
  loggedIn,
  notebooks = [],
}: {
  filters: FilterState
  disciplines: DisciplineTuple[]
  years: number[]
  boards: string[]
  /** The exams with questions as [id, label]: the 'Prova' filter. */
  exams?: [number, string][]
  /** The cited norms as [key, label]: the 'Legislação citada' filter. */
  citations?: [string, string][]
  loggedIn: boolean
  /** The signed-in student's notebooks as [id, name]: the 'Caderno' filter (none for visitors). */
  notebooks?: [number, string][]
}) {
  const panel = useOpenOnWide()
  const disciplines: Discipline[] = disciplineTuples.map(([id, name, topics]) => ({
    id,
    name,
    topics: topics.map(([tid, tname, questions]) => ({ id: tid, name: tname, questions })),
  }))
  const [chosenDisciplines, setChosenDisciplines] = useState<number[]>(filters.disciplina)
  // The chosen disciplines' topics with their questions (issue 65 §3); one without any is left out unless ticked.
  const topics = disciplines
    .filter((d) => chosenDisciplines.includes(d.id))
    .flatMap((d) =>
      d.topics
        .filter((t) => t.questions > 0 || filters.assunto.includes(t.id))
        .map((t) => ({
          value: String(t.id),
          label: `${chosenDisciplines.length > 1 ? `${t.name} — ${d.name}` : t.name} (${t.questions})`,
        })),
    )
  const count = activeFilterCount(filters)
  const badges = selectedBadges(filters, disciplines, notebooks, exams, citations)

  function askLoginFirst(event: React.FormEvent<HTMLFormElement>) {
    const params = new URLSearchParams()
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim()) params.append(key, value)
    }
    // No filter is the open random list: no login needed.
    if (activeFilterCount(readFilters(params)) === 0) return
    if (openLoginDialog(`/questoes?${params}`)) event.preventDefault()
  }

  return (
    <section aria-labelledby="filtros-titulo" className="card p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <h2 id="filtros-titulo" className="text-xl font-bold">
          Buscar Questões
        </h2>
        {count > 0 ? (
          <span
            className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold text-white"
            aria-label={`${count} filtros ativos`}
            data-testid="filtros-ativos"
          >
            {count}
          </span>
        ) : null}
      </div>
      <details ref={panel} className="filters md-open group/filters">
        <summary className="btn-secondary mt-3 w-full list-none justify-between [&::-webkit-details-marker]:hidden">
          <span className="inline-flex items-center gap-2">
            <span className="ic ic-filters" aria-hidden />
            <span className="group-open/filters:hidden">Mostrar filtros</span>
            <span className="hidden group-open/filters:inline">Ocultar filtros</span>
            {count > 0 ? <span className="font-normal">{`(${count} ${count === 1 ? 'ativo' : 'ativos'})`}</span> : null}
          </span>
          <span aria-hidden className="transition-transform group-open/filters:rotate-180">
            ▾
          </span>
        </summary>
        <Form
          method="get"
          action="/questoes"
          className="mt-4 space-y-4"
          data-login-modal={loggedIn ? undefined : ''}
          onSubmit={loggedIn ? undefined : askLoginFirst}
        >
          <div>
            <label htmlFor="busca" className="label">
              Buscar no enunciado
            </label>
            <input
              id="busca"
              name="q"
              type="search"
              defaultValue={filters.q}
              maxLength={200}
              placeholder="Ex.: função social do contrato"
              className="input"
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <CheckboxPanel
              legend="Disciplinas"
              name="disciplina"
              options={disciplines.map((d) => ({ value: String(d.id), label: d.name }))}
              selected={filters.disciplina.map(String)}
              empty="Nenhuma disciplina cadastrada."
              onToggle={(value, checked) =>
                setChosenDisciplines((current) => (checked ? [...current, Number(value)] : current.filter((id) => id !== Number(value))))
              }
            />
            <CheckboxPanel
              legend="Assuntos"
              name="assunto"
              options={topics}
              selected={filters.assunto.map(String)}
              empty="Selecione uma disciplina para ver os assuntos."
            />
            <CheckboxPanel
              legend="Dificuldade"
              name="dificuldade"
              options={Object.entries(DIFFICULTY_LABELS).map(([value, label]) => ({ value, label }))}
              selected={filters.dificuldade}
            />
            <CheckboxPanel
              legend="Ano"
              name="ano"
              options={years.map((y) => ({ value: String(y), label: String(y) }))}
              selected={filters.ano.map(String)}
            />
            <CheckboxPanel legend="Banca" name="banca" options={boards.map((b) => ({ value: b, label: b }))} selected={filters.banca} />
            <CheckboxPanel
              legend="Prova"
              name="prova"
              options={exams.map(([id, label]) => ({ value: String(id), label }))}
              selected={filters.prova.map(String)}
              empty="Nenhuma prova cadastrada."
            />
            <CheckboxPanel
              legend="Legislação citada"
              name="lei"
              options={citations.map(([key, label]) => ({ value: key, label }))}
              selected={filters.lei}
              empty="Nenhuma questão cita legislação reconhecida."
            />
            {/* The student's own results: visitors have none (and a search asks them to log in). */}
            {loggedIn ? (
              <Choice
                label="Situação"
                name="situacao"
                value={filters.situacao}
                all="Todas as questões"
                options={Object.entries(SITUACOES)}
              />
            ) : null}
            {notebooks.length ? (
              <Choice label="Caderno" name="caderno" value={filters.caderno} all="Todos os cadernos" options={notebooks} />
            ) : null}
          </div>
          <div className="flex flex-wrap gap-x-6">
            <Flag name="analise" value="com" checked={filters.comAnalise} label="Com análise do professor ou comentário da prova" />
            <Flag name="anuladas" value="excluir" checked={filters.semAnuladas} label="Excluir anuladas" />
            <Flag name="atualizadas" value="1" checked={filters.semDesatualizadas} label="Excluir desatualizadas (e as que podem estar)" />
          </div>
          {badges.length ? (
            <ul aria-label="Filtros selecionados" className="flex flex-wrap gap-2">
              {badges.map((b) => (
                <li
                  key={b.key}
                  title={b.label}
                  className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200"
                >
                  {truncate(b.label)}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary">
              <span className="ic ic-search" aria-hidden /> Buscar Questões
            </button>
            <Link to="/questoes" className="btn-secondary">
              Limpar Filtros
            </Link>
          </div>
        </Form>
      </details>
    </section>
  )
}

/** A one-choice filter: its first option, `all`, sends nothing. */
function Choice({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string
  name: string
  value: string | number | null
  all: string
  options: [string | number, string][]
}) {
  return (
    <div>
      <label htmlFor={`filtro-${name}`} className="label">
        {label}
      </label>
      <select id={`filtro-${name}`} name={name} defaultValue={value ?? ''} className="input">
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

function Flag({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4" />
      {label}
    </label>
  )
}

function CheckboxPanel({
  legend,
  name,
  options,
  selected,
  empty = 'Nenhuma opção disponível.',
  onToggle,
}: {
  legend: string
  name: string
  options: Option[]
  selected: string[]
  empty?: string
  onToggle?: (value: string, checked: boolean) => void
}) {
  const count = selected.length
  return (
    // Closed after a search even with ticks (the summary shows how many): the first question
    // is then a few Tab stops from the search button, not the whole list of disciplines away.
    // Styled by .qf in questions.css: the utility classes of five filters were 2.5 KB of every page.
    <details className="qf">
      <summary>
        <span>
          {legend}
          {count ? <span className="ml-1 text-brand-700 dark:text-brand-300">({count})</span> : null}
        </span>
        <span aria-hidden>▾</span>
      </summary>
      <fieldset>
        <legend className="sr-only">{legend}</legend>
        {options.length ? (
          options.map((o) => (
            <label key={o.value}>
              <input
                type="checkbox"
                name={name}
                value={o.value}
                defaultChecked={selected.includes(o.value)}
                onChange={onToggle ? (e) => onToggle(o.value, e.currentTarget.checked) : undefined}
              />
              {o.label}
            </label>
          ))
        ) : (
          <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p>
        )}
      </fieldset>
    </details>
  )
}

function selectedBadges(
  f: FilterState,
  disciplines: Discipline[],
  notebooks: [number, string][],
  exams: [number, string][],
  citations: [string, string][],
) {
  const disciplineName = new Map(disciplines.map((d) => [d.id, d.name]))
  const examName = new Map(exams)
  const citationName = new Map(citations)
  const topicName = new Map(disciplines.flatMap((d) => d.topics.map((t) => [t.id, t.name] as const)))
  return [
    ...(f.q ? [{ key: 'q', label: `“${f.q}”` }] : []),
    ...f.disciplina.map((id) => ({ key: `d${id}`, label: disciplineName.get(id) ?? `Disciplina ${id}` })),
    ...f.assunto.map((id) => ({ key: `t${id}`, label: topicName.get(id) ?? `Assunto ${id}` })),
    ...f.dificuldade.map((d) => ({ key: `f${d}`, label: DIFFICULTY_LABELS[d] ?? d })),
    ...f.ano.map((y) => ({ key: `a${y}`, label: String(y) })),
    ...f.banca.map((b) => ({ key: `b${b}`, label: b })),
    ...f.prova.map((id) => ({ key: `p${id}`, label: examName.get(id) ?? `Prova ${id}` })),
    ...f.lei.map((key) => ({ key: `l${key}`, label: citationName.get(key)?.replace(/ \(\d+\)$/, '') ?? key })),
    ...(f.caderno ? [{ key: 'caderno', label: `Caderno: ${notebooks.find(([id]) => id === f.caderno)?.[1] ?? f.caderno}` }] : []),
    ...(f.situacao ? [{ key: 'situacao', label: SITUACOES[f.situacao] }] : []),
    ...(f.comAnalise ? [{ key: 'analise', label: 'Com explicação' }] : []),
    ...(f.semAnuladas ? [{ key: 'anuladas', label: 'Sem anuladas' }] : []),
    ...(f.semDesatualizadas ? [{ key: 'atualizadas', label: 'Sem desatualizadas' }] : []),
  ]
}
