import type { DefaultValue, Submission, SubmissionResult } from '@conform-to/react'
import { parse, useForm } from '@conform-to/react'
import { useEffect } from 'react'
import type { z } from 'zod'

import type { FormSchema } from './form-schema'

type Validate = (formData: FormData) => Submission<unknown, string[], unknown>

// Per schema, the validator once zod has arrived (the schema constants are module-level, so a
// discussion's several reply forms share one); `false` while it is on its way.
const validators = new WeakMap<FormSchema<z.ZodType>, Validate | false>()

function loadValidator(schema: FormSchema<z.ZodType>) {
  if (validators.has(schema)) return
  validators.set(schema, false)
  Promise.all([schema.load(), import('@conform-to/zod/v4')])
    .then(([zodSchema, { parseWithZod }]) => validators.set(schema, (formData) => parseWithZod(formData, { schema: zodSchema })))
    // Offline or a stale deploy: the server validates; the next touch tries again.
    .catch(() => validators.delete(schema))
}

// Before zod arrives, a submit goes to the action, which answers with the same schema's
// messages (`error: null` is Conform's "let the server decide"); a blur or input check shows
// nothing yet (an error object, even empty, would stop a submit).
const unvalidated: Validate = (formData) => parse(formData, { resolve: (_, intent) => ({ error: intent ? {} : null }) })

/**
 * Conform's useForm bound to the form's one zod schema (the same the action parses): its
 * constraints become HTML attributes, so the browser validates without JS, and with JS the
 * same schema validates on the client, loaded as soon as the form is touched.
 */
// Conform types form values as Record<string, any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useZodForm<Schema extends z.ZodType<unknown, Record<string, any>>>(
  schema: FormSchema<Schema>,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: DefaultValue<z.input<Schema>>
    shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput'
  },
) {
  const result = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: schema.constraint,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) =>
      (validators.get(schema) || unvalidated)(formData) as Submission<z.input<Schema>, string[], z.output<Schema>>,
  })
  const formId = result[0].id
  useEffect(() => {
    const form = document.getElementById(formId)
    if (!form) return
    const load = () => loadValidator(schema)
    // A field focused before hydration (autofocus) or a form that came back with errors.
    if (form.contains(document.activeElement) || options.lastResult) load()
    const events = ['focusin', 'pointerover', 'touchstart'] as const
    for (const e of events) form.addEventListener(e, load, { passive: true })
    return () => {
      for (const e of events) form.removeEventListener(e, load)
    }
  }, [formId, schema, options.lastResult])
  return result
}
