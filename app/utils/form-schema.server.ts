import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

import type { FormSchema } from './form-schema'

/**
 * An action's parse of its form with the schema the form renders, through the schema's twin
 * (`forms.X` from `schemas.forms.ts`). A route module that imported a schemas module itself, even
 * for its action alone, would keep zod in the page's first load (ADR 029).
 */
export async function parseForm<Schema extends z.ZodType>(formData: FormData, schema: FormSchema<Schema>) {
  return parseWithZod(formData, { schema: await schema.load() })
}
