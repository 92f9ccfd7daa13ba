import { Form } from '@remix-run/react'

/**
 * The one-select GET filter over an admin queue (errors, forum, contact): the URL is the state,
 * so it works the same without JavaScript. `all` adds a first option with an empty value.
 */
export function QueueFilter(select: FilterSelectProps) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
      <FilterSelect {...select} />
      <button type="submit" className="btn-secondary">
        Filtrar
      </button>
    </Form>
  )
}

type FilterSelectProps = {
  name: string
  label: string
  value: string
  options: Array<[value: string | number, label: string]>
  all?: string
}

/** One labelled select of a GET filter form, `filtro-<name>` its id. */
export function FilterSelect({ name, label, value, options, all }: FilterSelectProps) {
  const id = `filtro-${name}`
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="input">
        {all ? <option value="">{all}</option> : null}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  )
}
