import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ConfigError, loadConfig } from '#server/config'

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-config-'))
}

describe('configuration', () => {
  it('uses the embedded default and sensible defaults with no environment', () => {
    const dir = tempDir()
    const config = loadConfig({ DATA_DIR: dir })
    expect(config.PORT).toBe(3000)
    expect(config.databaseKind).toBe('pglite')
    expect(config.apiUrl).toBe('http://127.0.0.1:3000/api/v1')
    expect(config.seedDemo).toBe(true)
  })

  it('generates a development session secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first)
    expect(fs.statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600)
  })

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/SESSION_SECRET: obrigatório em produção/)
  })

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: deve começar com postgres/)
  })

  it('picks PostgreSQL when DATABASE_URL is set and seeds no demo there', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost/db', DATA_DIR: tempDir() })
    expect(config.databaseKind).toBe('postgres')
    expect(config.seedDemo).toBe(false)
  })
})
