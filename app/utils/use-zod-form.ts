import type { DefaultValue, SubmissionResult } from '@conform-to/react'
import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

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
    constraint: getZodConstraint(schema),
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
