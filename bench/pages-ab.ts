/**
 * npx tsx bench/pages-ab.ts --a=build-old --b=build [--size=100000] [--rounds=3] [--duration=10]
 *
 * Signed-in /questoes pages per second of two builds of the server, A then B, on one generated
 * bank in PostgreSQL (issue 25 §2: this build against the one before it). Both servers run at
 * once on one database and are measured in turns, A B A B …, so a change in the machine's load
 * falls on both; the ratio is the median of B's rounds over the median of A's. Run it with
 * nothing else on the machine. Each build's server reads its migrations from the tree it was
 * built in: pass a build made in a worktree of the older commit.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { openDatabase } from '../server/db/index'
import { generateBank } from './generate'
import type { Stats } from './harness'
import {
  ADMIN_URL,
  dropDatabase,
  flag,
  freshDatabase,
  log,
  measure,
  PORT,
  registerStudent,
  round,
  SECRET,
  serverEnv,
  sessionCookie,
  startBuiltServer,
  stop,
  waitFor,
} from './harness'
import type { Kind } from './search-kinds'
import { KINDS, SSR_QUERIES } from './search-kinds'

const builds = { A: flag('a') ?? 'build-old', B: flag('b') ?? 'build' }
const size = Number(flag('size') ?? 100_000)
const rounds = Number(flag('rounds') ?? 3)
const load = { connections: Number(flag('connections') ?? 10), duration: Number(flag('duration') ?? 10) }

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]

const name = `gabarita_pages_ab_${process.pid}`
const url = await freshDatabase(ADMIN_URL, name)
const servers = []
try {
  log(`gerando ${size.toLocaleString('pt-BR')} questões...`)
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 })
  await generateBank(database.db, size, log)
  await database.close()
  const ports = { A: PORT, B: PORT + 1 }
  for (const side of ['A', 'B'] as const) {
    const build = path.resolve(builds[side])
    // The build's own tree (its migrations, its public files), as `npm start` there would run it.
    const root = { GABARITA_ROOT: path.dirname(build), BUILD_DIR: path.basename(build), PORT: String(ports[side]) }
    servers.push(startBuiltServer(build, { ...serverEnv(fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-ab-')), url), ...root }))
  }
  const base = (side: 'A' | 'B') => `http://127.0.0.1:${ports[side]}`
  await Promise.all([waitFor(`${base('A')}/api/v1/health`), waitFor(`${base('B')}/api/v1/health`)])
  const cookie = await sessionCookie(SECRET, await registerStudent(base('A'), 'ab'))
  const results: Record<Kind, { A: Stats[]; B: Stats[] }> = Object.fromEntries(KINDS.map((k) => [k, { A: [], B: [] }])) as never
  for (const kind of KINDS) {
    for (const side of ['A', 'B'] as const) await fetch(`${base(side)}${SSR_QUERIES[kind]}`, { headers: { cookie } })
    for (let round = 0; round < rounds; round++) {
      for (const side of ['A', 'B'] as const) {
        const stats = await measure(`${base(side)}${SSR_QUERIES[kind]}`, { cookie }, load)
        if (stats.non2xx || stats.errors) throw new Error(`${side} ${kind}: ${stats.non2xx} não-2xx, ${stats.errors} erros`)
        results[kind][side].push(stats)
      }
    }
    const a = median(results[kind].A.map((s) => s.rps))
    const b = median(results[kind].B.map((s) => s.rps))
    log(`${kind.padEnd(8)} A ${a} páginas/s  B ${b} páginas/s  B/A ${round(b / a)}×`)
  }
} finally {
  await Promise.all(servers.map(stop))
  await dropDatabase(ADMIN_URL, name)
}
