import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `O diretório de dados ${dir} já está em uso pelo processo ${pid}. ` +
        'Apenas um processo pode abrir o banco embutido (PGlite) de cada vez: ' +
        'pare o outro servidor ou use outro DATA_DIR.',
    )
    this.name = 'DataDirLockedError'
  }
}

/**
 * A zombie (state Z: exited, not yet reaped by its parent, e.g. right after a kill -9 under a
 * supervisor) still answers kill(pid, 0) but holds nothing: it counts as dead. Linux only; where
 * /proc is missing the signal check alone decides.
 */
function isZombie(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (comm) state ...": comm may hold spaces and parentheses, the state follows the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch {
    return false
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  return !isZombie(pid)
}

/**
 * PGlite has no lock between processes, and two writers silently lose data
 * (stack-notes). Take an exclusive pid file; a stale one from a dead process is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'gabarita.lock')
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600)
      fs.writeSync(fd, String(process.pid))
      fs.closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dir, holder)
      }
      // Stale (dead or zombie holder, empty or our own pid from a crash): take it over.
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`Não foi possível obter o bloqueio de ${file}`)
}
