import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { PROCESS_WIDE } from '../support/process-wide'

// A test file that stubs, spies, mocks or writes process.env changes the process for the files
// after it in a shared worker: it must run isolated (tests/support/process-wide.ts, ADR 048).
const PROCESS_CHANGE =
  /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\(|process\.env\.\w+\s*=[^=]|delete process\.env|startDraining\(|trackAnswers\(/

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'e2e' || entry.name === 'node_modules' ? [] : testFiles(full)
    return /\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('the isolated test files', () => {
  it('include every file that changes what the whole process sees', () => {
    const changing = ['server', 'app', 'cli', 'tests']
      .flatMap((dir) => testFiles(dir))
      .filter((file) => file !== path.join('tests', 'server', 'process-wide.test.ts'))
      .filter((file) => PROCESS_CHANGE.test(fs.readFileSync(file, 'utf8')))
      .sort()
    expect(changing.length).toBeGreaterThan(5)
    expect(changing.filter((file) => !PROCESS_WIDE.includes(file))).toEqual([])
  })

  it('are files that exist', () => {
    expect(PROCESS_WIDE.filter((file) => !fs.existsSync(file))).toEqual([])
  })
})
