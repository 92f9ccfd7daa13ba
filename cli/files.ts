import fs from 'node:fs'
import path from 'node:path'

/**
 * Expands the CLI's file arguments: plain files, directories (their .txt/.json files,
 * recursively) and globs (`*`, `?`, `**`) for shells that do not expand them (Node 20 has no fs.glob).
 */
export function expandInputs(inputs: string[], extensions: string[]): { files: string[]; missing: string[] } {
  const files: string[] = []
  const missing: string[] = []
  const wanted = (file: string) => extensions.includes(path.extname(file).toLowerCase())
  for (const input of inputs) {
    if (/[*?[]/.test(input)) {
      const matched = globSync(input)
      if (matched.length === 0) missing.push(input)
      files.push(...matched.filter(wanted))
      continue
    }
    if (!fs.existsSync(input)) {
      missing.push(input)
      continue
    }
    if (fs.statSync(input).isDirectory()) files.push(...walk(input).filter(wanted))
    else files.push(input)
  }
  return { files: [...new Set(files)].sort((a, b) => a.localeCompare(b)), missing }
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full) : entry.isFile() ? [full] : []
  })
}

function globSync(pattern: string) {
  const normalized = pattern.split(path.sep).join('/')
  const parts = normalized.split('/')
  const firstGlob = parts.findIndex((p) => /[*?[]/.test(p))
  const base = parts.slice(0, firstGlob).join('/') || (normalized.startsWith('/') ? '/' : '.')
  if (!fs.existsSync(base)) return []
  let source = ''
  for (let i = 0; i < normalized.length; i++) {
    const c = normalized[i]
    if (c === '*' && normalized[i + 1] === '*') {
      source += normalized[i + 2] === '/' ? '(?:.*/)?' : '.*'
      i += normalized[i + 2] === '/' ? 2 : 1
    } else if (c === '*') source += '[^/]*'
    else if (c === '?') source += '[^/]'
    else source += c.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  const regex = new RegExp(`^${source}$`)
  const prefix = base === '.' && !normalized.startsWith('./') ? '' : undefined
  return walk(base)
    .map((f) => f.split(path.sep).join('/'))
    .map((f) => (prefix === '' && f.startsWith('./') ? f.slice(2) : f))
    .filter((f) => regex.test(f))
}
