import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'

// The browser build replaces every `*.server` module with an empty one, so a component that
// reads a constant from one gets `undefined` once hydrated: Discussões' page links went to
// '?undefined=2' after a vote (ADR 033). This reads the chunks the e2e server serves and fails on
// any value read from such an emptied module.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the build is read once, in the js-on project')

/** esbuild's minified shapes: `var z=w((a,V)=>{V.exports={}})`, then `var R=t(z(),1)`, then `R.NAME`. */
const EMPTY_MODULE = /var ([\w$]+)=[\w$]+\(\(([\w$]+),([\w$]+)\)=>\{\3\.exports=\{\}\}\)/g
const NAMESPACE = /var ([\w$]+)=[\w$]+\(([\w$]+)\(\),1\)/g

function serverValuesRead(source: string) {
  const empty = new Set([...source.matchAll(EMPTY_MODULE)].map((m) => m[1]))
  const reads: string[] = []
  for (const [, namespace, module] of source.matchAll(NAMESPACE)) {
    if (!empty.has(module)) continue
    const read = new RegExp(`(?<![\\w$.])${namespace.replace(/\$/g, '\\$')}\\.([\\w$]+)`, 'g')
    reads.push(...[...source.matchAll(read)].map((m) => m[1]))
  }
  return { emptied: empty.size, reads }
}

test('no browser chunk reads a value from a .server module (emptied in the browser build)', () => {
  const assets = path.join(process.env.BUILD_DIR || 'build', 'assets')
  const files = fs.readdirSync(assets, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
  let emptied = 0
  const offenders: string[] = []
  for (const file of files) {
    const found = serverValuesRead(fs.readFileSync(path.join(assets, file), 'utf8'))
    emptied += found.emptied
    for (const name of found.reads) offenders.push(`${file}: ${name}`)
  }
  // The routes' loaders and actions import .server modules: none found means the shapes above no
  // longer match esbuild's output, and the check would pass without looking.
  expect(emptied).toBeGreaterThan(10)
  expect(offenders).toEqual([])
})
