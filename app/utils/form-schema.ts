import type { useForm } from '@conform-to/react'
import type { z } from 'zod'

/** The HTML constraints of a form's fields (required, minLength, pattern…), as Conform renders them. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]['constraint']>

/**
 * A form's zod schema as the page's components see it: its constraints, known at build time, and a
 * way to load the schema itself. zod is 28 KB gzip of any page that holds a schema; a page needs it
 * only once the student starts filling a form in (ADR 029), and the action parses with the schema
 * itself. Made by the `*.forms.ts` twin of each schemas module (`npm run forms`).
 */
export interface FormSchema<Schema extends z.ZodType> {
  constraint: FormConstraint
  load: () => Promise<Schema>
}

export function formSchema<Schema extends z.ZodType>(load: () => Promise<Schema>, constraint: FormConstraint): FormSchema<Schema> {
  return { load, constraint }
}
