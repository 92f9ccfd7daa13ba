import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// ADR 072: after `remix build`, the chunks every page loads become one file, and both manifests
// (the browser's, the server build's) name the new files. A small Remix-shaped build, in the
// shapes the compiler writes: absolute /build/ imports, a manifest script, the server's literal.
const files: Record<string, string> = {
  '_shared/chunk-R1AAAAAA.js': `export const react = 'react'`,
  '_shared/chunk-R2BBBBBB.js': `import { react } from "/build/_shared/chunk-R1AAAAAA.js"; export const dom = react + '-dom'`,
  '_shared/chunk-R3CCCCCC.js': `import { react } from "/build/_shared/chunk-R1AAAAAA.js"; export const ui = react + '-ui'`,
  '_shared/chunk-S1DDDDDD.js': `export const list = 'list'`,
  '_shared/chunk-T1IIIIII.js': `export const queue = 'queue'`,
  '_shared/part-EEEEEEEE.js': `export const part = 'on demand'`,
  'entry.client-FFFFFFFF.js': `import { dom } from "/build/_shared/chunk-R2BBBBBB.js"; export const start = dom; export const later = () => import("/build/_shared/part-EEEEEEEE.js")`,
  'root-GGGGGGGG.js': `import { ui } from "/build/_shared/chunk-R3CCCCCC.js"; export default function Root() { return ui }`,
  'routes/revisao-JJJJJJJJ.js': `import { list } from "/build/_shared/chunk-S1DDDDDD.js"; import { queue } from "/build/_shared/chunk-T1IIIIII.js"; export default function Review() { return list + ' ' + queue }`,
  'routes/questoes-HHHHHHHH.js': `import { ui } from "/build/_shared/chunk-R3CCCCCC.js"; import { list } from "/build/_shared/chunk-S1DDDDDD.js"; export const meta = () => []; export default function List() { return ui + ' ' + list }`,
}
const manifest = {
  entry: { module: '/build/entry.client-FFFFFFFF.js', imports: ['/build/_shared/chunk-R1AAAAAA.js', '/build/_shared/chunk-R2BBBBBB.js'] },
  routes: {
    root: { id: 'root', path: '', module: '/build/root-GGGGGGGG.js', imports: ['/build/_shared/chunk-R3CCCCCC.js'], hasLoader: true },
    'routes/questoes': {
      id: 'routes/questoes',
      parentId: 'root',
      path: 'questoes',
      module: '/build/routes/questoes-HHHHHHHH.js',
      imports: ['/build/_shared/chunk-S1DDDDDD.js'],
      hasLoader: true,
    },
    'routes/revisao': {
      id: 'routes/revisao',
      parentId: 'root',
      path: 'revisao',
      module: '/build/routes/revisao-JJJJJJJJ.js',
      imports: ['/build/_shared/chunk-S1DDDDDD.js', '/build/_shared/chunk-T1IIIIII.js'],
      hasLoader: true,
    },
  },
  version: '1a2b3c4d',
  url: '/build/manifest-1A2B3C4D.js',
}
type Manifest = typeof manifest & { routes: Record<string, { module: string; imports?: string[] }> }

let dir: string
let browser: Manifest
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-merge-'))
  for (const [name, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'assets', name)), { recursive: true })
    fs.writeFileSync(path.join(dir, 'assets', name), code)
  }
  fs.writeFileSync(path.join(dir, 'assets', 'manifest-1A2B3C4D.js'), `window.__remixManifest=${JSON.stringify(manifest)};`)
  fs.mkdirSync(path.join(dir, 'remix'))
  fs.writeFileSync(
    path.join(dir, 'remix', 'index.js'),
    `var entry = 1;\nvar assets_manifest_default = ${JSON.stringify(manifest)};\nexport { assets_manifest_default as assets, entry };\n`,
  )
  execFileSync(process.execPath, ['scripts/merge-chunks.mjs'], { env: { ...process.env, BUILD_DIR: dir }, stdio: 'pipe' })
  const written = fs.readdirSync(path.join(dir, 'assets')).find((f) => f.startsWith('manifest-'))!
  browser = JSON.parse(
    fs
      .readFileSync(path.join(dir, 'assets', written), 'utf8')
      .replace(/^window\.__remixManifest=/, '')
      .replace(/;$/, ''),
  )
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const fileOf = (url: string) => pathToFileURL(path.join(dir, 'assets', url.replace(/^\/build\//, ''))).href

describe('merge-chunks', () => {
  it('puts what the entry and the root import into one file; a route names the chunks it shares, and holds its own', () => {
    expect(browser.entry.imports).toHaveLength(1)
    expect(browser.entry.imports[0]).toMatch(/^\/build\/_shared\/common-[a-z0-9]+\.js$/)
    expect(browser.routes.root!.imports).toBeUndefined()
    const shared = browser.routes['routes/questoes']!.imports!
    expect(shared).toHaveLength(1)
    expect(shared[0]).toMatch(/^\/build\/_shared\/chunk-[a-z0-9]+\.js$/)
    expect(browser.routes['routes/revisao']!.imports).toEqual(shared)
    expect(browser.url).toMatch(/^\/build\/manifest-[A-F0-9]{8}\.js$/)
    expect(browser.version).not.toBe(manifest.version)
  })

  it('writes the same manifest into the server build, and leaves no file of the old names', async () => {
    const server = await import(pathToFileURL(path.join(dir, 'remix', 'index.js')).href)
    expect(server.assets).toEqual(browser)
    expect(server.entry).toBe(1)
    const old = [...Object.keys(files), 'manifest-1A2B3C4D.js'].filter((name) => fs.existsSync(path.join(dir, 'assets', name)))
    expect(old).toEqual([])
  })

  it('keeps every module working: the route, the root, the entry and its part on demand, by name', async () => {
    const route = await import(fileOf(browser.routes['routes/questoes']!.module))
    expect(route.default()).toBe('react-ui list')
    expect(route.meta()).toEqual([])
    expect((await import(fileOf(browser.routes['routes/revisao']!.module))).default()).toBe('list queue')
    expect((await import(fileOf(browser.routes.root!.module))).default()).toBe('react-ui')
    const entry = await import(fileOf(browser.entry.module))
    expect(entry.start).toBe('react-dom')
    expect((await entry.later()).part).toBe('on demand')
    expect(fs.readdirSync(path.join(dir, 'assets', '_shared')).some((f) => /^part-[a-z0-9]+\.js$/.test(f))).toBe(true)
  })
})
