import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

// ADR 003: the web app is a client of the API. No module of app/ may pull the database layer
// (server/db, drizzle, pg, PGlite) into the Remix bundles, not even through a domain module.

const root = path.resolve(__dirname, '../..')
const FORBIDDEN = [/^drizzle-orm/, /^pg$/, /^@electric-sql\/pglite/]

function resolve(from: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('~/')) base = path.join(root, 'app', spec.slice(2))
  else if (spec.startsWith('#server/')) base = path.join(root, 'server', spec.slice(8))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return null
}

/** Value imports and re-exports of a module (`import type` and `export type` carry no code). */
function valueImports(file: string) {
  const text = fs.readFileSync(file, 'utf8')
  const specs: string[] = []
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm)) specs.push(m[1])
  return specs
}

function appFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return appFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('the web app never reaches the database layer', () => {
  it('no app module imports server/db or a database driver, directly or through server code', () => {
    const offenders: string[] = []
    const seen = new Set<string>()
    const walk = (file: string, chain: string[]) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const spec of valueImports(file)) {
        const rel = path.relative(root, file)
        if (FORBIDDEN.some((re) => re.test(spec))) offenders.push([...chain, rel, spec].join(' → '))
        const target = resolve(file, spec)
        if (!target) continue
        if (path.relative(root, target).startsWith(`server${path.sep}db`))
          offenders.push([...chain, rel, path.relative(root, target)].join(' → '))
        else walk(target, [...chain, rel])
      }
    }
    for (const file of appFiles(path.join(root, 'app'))) walk(file, [])
    expect(offenders).toEqual([])
  })
})

describe('the web app reaches a feature through its contract', () => {
  it('no app module imports a feature’s router or its domain rules (server/features/<feature>/)', () => {
    const allowed = /^server\/features\/[^/]+\/([\w-]+-)?(contract|schemas|limits|messages)\.ts$/
    const offenders: string[] = []
    for (const file of appFiles(path.join(root, 'app'))) {
      for (const spec of valueImports(file)) {
        const target = resolve(file, spec)
        if (!target) continue
        const rel = path.relative(root, target).split(path.sep).join('/')
        if (rel.startsWith('server/features/') && !allowed.test(rel)) offenders.push(`${path.relative(root, file)} → ${rel}`)
      }
    }
    expect(offenders).toEqual([])
  })
})

describe('a route folder is a leaf', () => {
  // Shared page pieces live in their own homes (app/question, app/admin, app/billing, …): a module
  // of a route folder is imported by that folder only, so moving or deleting a route never breaks
  // another page.
  it('no app module imports a module of another route folder (types included)', () => {
    const routes = path.join(root, 'app', 'routes')
    const folderOf = (file: string) => {
      const rel = path.relative(routes, file)
      return rel.startsWith('..') ? null : rel.split(path.sep)[0]
    }
    const offenders: string[] = []
    for (const file of appFiles(path.join(root, 'app'))) {
      const text = fs.readFileSync(file, 'utf8')
      for (const m of text.matchAll(/^(?:import|export)\s[^'"]*?['"]([^'"]+)['"]/gm)) {
        const target = resolve(file, m[1])
        if (!target) continue
        const targetFolder = folderOf(target)
        if (targetFolder && targetFolder !== folderOf(file)) offenders.push(`${path.relative(root, file)} → ${path.relative(root, target)}`)
      }
    }
    expect(offenders).toEqual([])
  })
})

describe('one way to read a form', () => {
  it('actions parse their forms with parseForm (app/utils/form-schema.server.ts), not with parseWithZod or safeParse', () => {
    const offenders = appFiles(path.join(root, 'app'))
      .filter((file) => !/app\/utils\/(form-schema\.server|use-zod-form)\.ts$/.test(file.split(path.sep).join('/')))
      .filter((file) => /parseWithZod|\.safeParse\(Object\.fromEntries/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
    expect(offenders).toEqual([])
  })
})
