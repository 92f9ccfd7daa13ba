import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

import type { FormSchema } from './form-schema'

/**
 * The one way an action reads its form: Conform's submission (`status`, `value`, `reply()` with
 * the fields to show again), parsed with the schema the form renders. A route module passes the
 * schema's twin (`forms.X` from `schemas.forms.ts`): importing the schemas module itself, even for
 * its action alone, would keep zod in the page's first load (ADR 029). A `*.server.ts` module,
 * never in a browser bundle, may pass the schema itself.
 */
export async function parseForm<Schema extends z.ZodType>(source: Request | FormData, schema: Schema | FormSchema<Schema>) {
  const formData = source instanceof FormData ? source : await source.formData()
  return parseWithZod(formData, { schema: 'load' in schema ? await schema.load() : schema })
}
