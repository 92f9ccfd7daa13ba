import type { EntryContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'

import { FIRST_USE_TYPE, VISITOR_FIRST_USE } from '~/utils/first-use'
import { scriptsOnFirstUse, withScriptsOnFirstUse } from '~/utils/first-use.server'

// ADR 098: which documents leave their scripts for the first use, and what the rewrite leaves in
// them (tests/e2e/first-use.spec.ts drives the real page in Chromium).

const NONCE = 'bm9uY2U='
// The tail of a document as Remix 2's <Scripts nonce> writes it.
const scripts =
  `<link rel="modulepreload" href="/build/entry.client-a.js"/><link rel="modulepreload" href="/build/root-b.js"/>` +
  `<script nonce="${NONCE}">window.__remixContext = {"state":{}};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/build/root-b.js";\nimport("/build/entry.client-a.js");</script>`
const page = `<!DOCTYPE html><html><head></head><body><main>Questões</main>${scripts}</body></html>`

function context(handle: unknown, user: unknown, errors: unknown = null) {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: 'root' } }, { route: { id: 'routes/questoes', handle } }],
      loaderData: { root: { user } },
      errors,
    },
  } as unknown as EntryContext
}

describe('scripts on first use', () => {
  it('is for a page that asks for it, opened by a visitor, without an error', () => {
    expect(scriptsOnFirstUse(context(VISITOR_FIRST_USE, null))).toBe(true)
    expect(scriptsOnFirstUse(context(VISITOR_FIRST_USE, { id: 'u1' }))).toBe(false)
    expect(scriptsOnFirstUse(context(undefined, null))).toBe(false)
    expect(scriptsOnFirstUse(context(VISITOR_FIRST_USE, null, { 'routes/questoes': new Error('x') }))).toBe(false)
  })

  it('writes the module script inert, with its text, then the starter with the same nonce; the preloads fetch nothing', () => {
    const html = withScriptsOnFirstUse(page)
    expect(html).not.toContain('type="module"')
    expect(html).not.toContain('rel="modulepreload"')
    expect(html.match(/<link rel="gabarita-first-use" /g)).toHaveLength(2)
    expect(html).toContain(
      `<script nonce="${NONCE}" type="${FIRST_USE_TYPE}">import * as route0 from "/build/root-b.js";\nimport("/build/entry.client-a.js");</script>` +
        `<script nonce="${NONCE}">(function startOnFirstUse(`,
    )
    // It reads the device's offline owner and queue flag, and the owner cookie, by app/offline/owner.ts's names.
    expect(html).toContain(`)("${FIRST_USE_TYPE}",["gabarita-dono","gabarita-fila"],"gb-dono")</script></body></html>`)
    expect(html.startsWith('<!DOCTYPE html><html><head></head><body><main>Questões</main>')).toBe(true)
  })

  it('leaves a document whose module script is not where Remix writes it as it was (it hydrates at once)', () => {
    const other = page.replace(' async=""', '')
    expect(withScriptsOnFirstUse(other)).toBe(other)
  })
})
