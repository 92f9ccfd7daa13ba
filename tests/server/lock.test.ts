import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { openDatabase } from '#server/db/index'
import { acquireDirectoryLock } from '#server/db/lock'

import { migratedDataDir } from '../support/context'

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs the lock in another process, as a second server would. */
function lockFromAnotherProcess(dir: string) {
  const script = `
    import { acquireDirectoryLock } from './server/db/lock.ts'
    try { acquireDirectoryLock(${JSON.stringify(dir)}); console.log('locked') }
    catch (e) { console.error(e.message); process.exit(3) }
  `
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
    encoding: 'utf8',
  })
}

describe('PGlite data directory lock', () => {
  it('refuses a second process with a Portuguese message naming the directory and the holder pid', () => {
    const dir = tempDir()
    const release = acquireDirectoryLock(dir)
    try {
      const other = lockFromAnotherProcess(dir)
      expect(other.status).toBe(3)
      expect(other.stderr).toContain(`O diretório de dados ${dir} já está em uso pelo processo ${process.pid}`)
    } finally {
      release()
    }
    expect(fs.existsSync(path.join(dir, 'gabarita.lock'))).toBe(false)
  })

  it('takes over a stale lock left by a dead process', () => {
    const dir = tempDir()
    // A pid that cannot be alive: a finished child's.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    fs.writeFileSync(path.join(dir, 'gabarita.lock'), dead.stdout)
    const other = lockFromAnotherProcess(dir)
    expect(other.status).toBe(0)
    expect(other.stdout).toContain('locked')
  })

  it.skipIf(!fs.existsSync('/proc/self/stat'))('takes over a lock held by a zombie (a kill -9 its parent has not reaped yet)', async () => {
    const dir = tempDir()
    // A background subshell that exits only once its parent shell has become `sleep 30`, which
    // never reaps it: it stays a zombie, as a killed server does under a slow parent. (A child that
    // exits before the exec can be reaped by the shell itself: CI once found no /proc entry.)
    const parent = spawn('sh', ['-c', '(while [ "$(cat /proc/$$/comm)" != sleep ]; do sleep 0.01; done) & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d).trim()))))
      const stateOf = () => {
        const stat = fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
      }
      for (let i = 0; i < 50 && stateOf() !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20))
      expect(stateOf()).toBe('Z')
      fs.writeFileSync(path.join(dir, 'gabarita.lock'), String(zombie))
      const other = lockFromAnotherProcess(dir)
      expect(other.stderr).toBe('')
      expect(other.status).toBe(0)
    } finally {
      parent.kill('SIGKILL')
    }
  })

  it('is taken by openDatabase on a PGlite directory and released on close', async () => {
    const dir = tempDir()
    await migratedDataDir(dir)
    expect(lockFromAnotherProcess(dir).status).toBe(0)
    const database = await openDatabase({ kind: 'pglite', dataDir: dir, migrated: true })
    expect(lockFromAnotherProcess(dir).status).toBe(3)
    await database.close()
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(true)
    expect(lockFromAnotherProcess(dir).status).toBe(0)
  }, 90_000)
})
