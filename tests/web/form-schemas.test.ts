import { readFileSync } from 'node:fs'
import path from 'node:path'

import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { formTwins } from '../../scripts/form-schemas'

// The pages render a form's constraints from its generated twin and load zod only when the form is
// touched (ADR 029): a twin that lags behind its schema would render the wrong constraints.
describe('the *.forms.ts twins of the form schemas', async () => {
  const twins = await formTwins()

  it('exist for every schema a page hands to useZodForm, as `npm run forms` writes them', () => {
    expect(twins.size).toBeGreaterThanOrEqual(10)
    for (const [file, text] of twins) {
      expect(readFileSync(file, 'utf8'), `${path.relative(process.cwd(), file)} is stale: run npm run forms`).toBe(text)
    }
  })

  it('load the very schema the action parses with, and carry its constraints', async () => {
    for (const file of twins.keys()) {
      const twin = await import(file)
      const schemas = await import(file.replace(/\.forms\.ts$/, '.ts'))
      for (const [name, descriptor] of Object.entries<{ load: () => Promise<unknown>; constraint: unknown }>(twin)) {
        expect(await descriptor.load(), name).toBe(schemas[name])
        expect(descriptor.constraint, name).toEqual(getZodConstraint(schemas[name]))
      }
    }
  })
})
