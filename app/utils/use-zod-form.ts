import type { DefaultValue, Submission, SubmissionResult } from '@conform-to/react'
import { parse, useForm } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import type { z } from 'zod'

import type { FormSchema } from './form-schema'

type Validate = (formData: FormData) => Submission<unknown, string[], unknown>

// Per schema, the validator once zod has arrived (the schema constants are module-level, so a
// discussion's several reply forms share one), and the load on its way.
const validators = new WeakMap<FormSchema<z.ZodType>, Validate>()
const loads = new WeakMap<FormSchema<z.ZodType>, Promise<void>>()

function loadValidator(schema: FormSchema<z.ZodType>) {
  let load = loads.get(schema)
  if (!load) {
    load = Promise.all([schema.load(), import('@conform-to/zod/v4')])
      .then(([zodSchema, { parseWithZod }]) => {
        validators.set(schema, (formData) => parseWithZod(formData, { schema: zodSchema }))
      })
      // Offline or a stale deploy: the server validates; the next touch tries again.
      .catch(() => {
        loads.delete(schema)
      })
    loads.set(schema, load)
  }
  return load
}

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
  // The fields whose blur or input check came before zod: checked again once it is here.
  const waiting = useRef(new Set<string>())
  const result = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: schema.constraint,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }): Submission<z.input<Schema>, string[], z.output<Schema>> => {
      const validate = validators.get(schema)
      if (validate) return validate(formData) as Submission<z.input<Schema>, string[], z.output<Schema>>
      // A submit goes to the action, which answers with the same schema's messages (`error: null`
      // is Conform's "let the server decide"); a check shows nothing yet (an error object, even
      // empty, would stop a submit).
      return parse(formData, {
        resolve: (_, intent) => {
          if (intent?.type === 'validate') waiting.current.add(intent.payload.name ?? '')
          return { error: intent ? {} : null }
        },
      }) as Submission<z.input<Schema>, string[], z.output<Schema>>
    },
  })
  const form = result[0]
  const latest = useRef(form)
  useEffect(() => {
    latest.current = form
  })
  const formId = form.id
  useEffect(() => {
    const element = document.getElementById(formId)
    if (!element) return
    const load = () => {
      if (validators.has(schema) && !waiting.current.size) return
      loadValidator(schema).then(() => {
        if (!validators.has(schema)) return
        for (const name of waiting.current) latest.current.validate(name ? { name } : undefined)
        waiting.current.clear()
      })
    }
    // A field focused before hydration (autofocus) or a form that came back with errors.
    if (element.contains(document.activeElement) || options.lastResult) load()
    const events = ['focusin', 'pointerover', 'touchstart'] as const
    for (const e of events) element.addEventListener(e, load, { passive: true })
    return () => {
      for (const e of events) element.removeEventListener(e, load)
    }
  }, [formId, schema, options.lastResult])
  return result
}
