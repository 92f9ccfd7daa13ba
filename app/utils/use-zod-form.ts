import type { DefaultValue, SubmissionResult } from '@conform-to/react'
import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

// A schema's constraints depend on the schema alone (the module-level constant each form
// shares with its action): walked once, not on every render of every form (a discussion
// renders a few forms per post).
const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>()
function constraintOf(schema: z.ZodType) {
  let constraint = constraints.get(schema)
  if (!constraint) {
    constraint = getZodConstraint(schema)
    constraints.set(schema, constraint)
  }
  return constraint
}

/**
 * Conform's useForm bound to the form's one zod schema (the same the action parses):
 * its constraints become HTML attributes, so the browser validates without JS, and
 * with JS the same schema validates on the client.
 */
// Conform types form values as Record<string, any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useZodForm<Schema extends z.ZodType<unknown, Record<string, any>>>(
  schema: Schema,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: DefaultValue<z.input<Schema>>
    shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput'
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: constraintOf(schema),
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
