import fs from 'node:fs'
import path from 'node:path'

import { parseCircular, parseDependencyTree } from 'dpdm'
import { describe, expect, it } from 'vitest'

import { ENGINE_INDEPENDENT } from '../support/engine-independent'

// The structure the code keeps (ADR 050), checked so that it stays kept: one clock, one calendar,
// features that meet only through contracts, a kernel that knows no feature, no import cycle,
// and docs that name files that exist.

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const serverFiles = sourceFiles('server')
const read = (file: string) => fs.readFileSync(file, 'utf8')
/** The lines of `file` matching `pattern`, as 'file:line: text' (what a failure names). */
const hits = (files: string[], pattern: RegExp) =>
  files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  )

describe('the one clock and the one calendar', () => {
  it('no code under server/ reads the machine’s time but server/domain/time/clock.ts', () => {
    expect(serverFiles.length).toBeGreaterThan(100)
    const others = serverFiles.filter((f) => f !== path.join('server', 'domain', 'time', 'clock.ts'))
    expect(hits(others, /\bnew Date\(\s*\)|\bDate\.now\(\)/)).toEqual([])
  })

  it('São Paulo’s zone is named in server/domain/time/zone.ts only (the SQL’s copy is compared by calendar.test.ts)', () => {
    const others = [...serverFiles, ...sourceFiles('app')].filter((f) => f !== path.join('server', 'domain', 'time', 'zone.ts'))
    expect(hits(others, /['"`]America\/Sao_Paulo['"`]|-03:00/)).toEqual([])
  })

  it('no page module reads its machine’s time on the server: the API’s (apiNow) stamps and compares', () => {
    const pageServer = sourceFiles('app').filter((f) => /\.server\.tsx?$/.test(f))
    expect(pageServer.length).toBeGreaterThan(20)
    expect(hits(pageServer, /\bnew Date\(\s*\)|\bDate\.now\(\)/)).toEqual([])
  })
})

/** The relative imports of a file that load code at run time (`import type` loads nothing). */
function runtimeImports(file: string) {
  const text = read(file)
  return [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((m) =>
    path.normalize(path.join(path.dirname(file), m[1]!)),
  )
}

describe('boundaries', () => {
  it('the kernel (server/domain) never imports a feature', () => {
    expect(hits(sourceFiles('server/domain'), /from '(\.\.\/)+features\//)).toEqual([])
  })

  it('a feature reaches another only through its contracts, messages, schemas or its face (index.ts)', () => {
    const crossings = sourceFiles('server/features').flatMap((file) => {
      const own = file.split(path.sep)[2]
      return runtimeImports(file)
        .filter((target) => target.startsWith(path.join('server', 'features')) && target.split(path.sep)[2] !== own)
        .filter((target) => !/\/([\w-]+-)?(contract|messages|schemas)$|\/index$/.test(target))
        .map((target) => `${file} → ${target}`)
    })
    expect(crossings).toEqual([])
  })

  it('no module imports itself back, type-only imports included (dpdm)', async () => {
    const entries = [...serverFiles, ...sourceFiles('cli'), ...sourceFiles('app')]
    // transform: false keeps `import type` (issue 62: a type-only circle ties two modules as well).
    const tree = await parseDependencyTree(entries, { context: process.cwd(), transform: false, tsconfig: 'tsconfig.json' })
    expect(Object.keys(tree).length).toBeGreaterThan(300)
    expect(parseCircular(tree, true)).toEqual([])
  }, 120_000)
})

describe('styles', () => {
  it('hand CSS only for what a list repeats: the card and the posts (ADR 083); the rest is Tailwind', () => {
    const sheets = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name)
        return e.isDirectory() ? sheets(full) : e.name.endsWith('.css') ? [full] : []
      })
    expect(sheets('app').sort()).toEqual(['app/question/discussions.css', 'app/question/questions.css', 'app/styles/tailwind.css'])
  })
})

describe('the test passes', () => {
  it('the files left out of the PostgreSQL pass exist (a renamed one would run there again unnoticed)', () => {
    expect(ENGINE_INDEPENDENT.filter((file) => !fs.existsSync(file))).toEqual([])
  })
})

describe('the docs', () => {
  const decisions = fs.readdirSync('docs/decisions').flatMap((f) => (/^\d{3}-.*\.md$/.test(f) ? [path.join('docs', 'decisions', f)] : []))

  it('name only repository paths that exist (README, docs/ and every ADR)', () => {
    const docs = ['README.md', ...fs.readdirSync('docs').flatMap((f) => (f.endsWith('.md') ? [path.join('docs', f)] : [])), ...decisions]
    expect(decisions.length).toBeGreaterThan(70)
    const roots = /^(server|app|cli|tests|bench|scripts|docs|fixtures|public)\//
    const missing = docs.flatMap((doc) => {
      const text = read(doc)
      // `code spans` name paths from the repository's root; [links](to) from the document's folder.
      const spans = [...text.matchAll(/`([\w./$-]+)`/g)].map((m) => m[1]!)
      const links = [...text.matchAll(/\]\(([\w./$-]+)(?:#[\w-]*)?\)/g)].map((m) => path.normalize(path.join(path.dirname(doc), m[1]!)))
      return [...spans, ...links]
        .filter((p) => roots.test(p) && !/[*<>]|NNN/.test(p))
        .filter((p) => !fs.existsSync(p.replace(/\/$/, '')))
        .map((p) => `${doc}: ${p}`)
    })
    expect(missing).toEqual([])
  })

  it('an ADR that supersedes another is named back by it, as its successor', () => {
    const statusOf = (doc: string) => /^-? ?Status: (.*)$/m.exec(read(doc))?.[1] ?? ''
    const number = (doc: string) => path.basename(doc).slice(0, 3)
    const pairs = decisions.flatMap((doc) =>
      [...statusOf(doc).matchAll(/supersedes(?: in part)? \[(\d{3})\]/g)].map((m) => ({ successor: number(doc), predecessor: m[1]! })),
    )
    expect(pairs.length).toBeGreaterThan(3)
    const unanswered = pairs.filter(({ successor, predecessor }) => {
      const doc = decisions.find((d) => number(d) === predecessor)
      return !doc || !new RegExp(`superseded(?: in part)? by \\[${successor}\\]`).test(statusOf(doc))
    })
    expect(unanswered).toEqual([])
    // And the other way: whatever says it is superseded names an ADR that exists and says so too.
    const orphans = decisions.flatMap((doc) =>
      [...statusOf(doc).matchAll(/superseded(?: in part)? by \[(\d{3})\]/g)]
        .filter((m) => !pairs.some((p) => p.successor === m[1] && p.predecessor === number(doc)))
        .map((m) => `${doc} → ${m[1]}`),
    )
    expect(orphans).toEqual([])
  })
})
