// Where the embedded database's memory goes (issue 16, target 4): RSS of a process that opens
// PGlite on a fresh directory, fills a bank and runs searches, per PGlite setting.
//   npx tsx bench/pglite-memory.ts [--size=20000] [--searches=300]
// Each variant runs in its own process (RSS is per process); the table goes to stdout.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

import type { Db } from '../server/db/index'
import * as schema from '../server/db/schema'
import { searchParamsWith, searchQuestions } from '../server/domain/questions/search'
import { generateBank } from './generate'

export const VARIANTS: Record<string, { startParams?: string[]; initialMemory?: number }> = {
  default: {},
  'shared_buffers=32MB': { startParams: ['-c', 'shared_buffers=32MB'] },
  'shared_buffers=16MB,work_mem=2MB': { startParams: ['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB'] },
  'shared_buffers=16MB,initialMemory=64MB': { startParams: ['-c', 'shared_buffers=16MB'], initialMemory: 64 * 1024 * 1024 },
}

const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024)

async function child(variant: string, size: number, searches: number, reuse?: string) {
  const v = VARIANTS[variant]
  // reuse = an existing directory: a restart (no initdb), as the server opens it most days.
  const dir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-perf-mem-'))
  const out: Record<string, number | string> = { variant }
  const base = mb()
  const client: PGlite = await PGlite.create(path.join(dir, 'pglite'), {
    extensions: { unaccent, pg_trgm },
    ...(v.initialMemory ? { initialMemory: v.initialMemory } : {}),
    // The settings go after PGlite's own defaults (--single etc.), which a bare list would replace.
    ...(v.startParams
      ? { startParams: [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, ...v.startParams] }
      : {}),
  } as Record<string, unknown>)
  out.nodeOnlyMb = base
  out.openMb = mb()
  const db = drizzle(client, { schema }) as unknown as Db
  await migrate(db as never, { migrationsFolder: 'server/db/migrations' })
  for (const f of fs.readdirSync('server/db/sql').sort()) await client.exec(fs.readFileSync(path.join('server/db/sql', f), 'utf8'))
  if (!reuse) await generateBank(db, size)
  out.filledMb = mb()
  const shown = await client.query<{ s: string; w: string }>(
    `SELECT current_setting('shared_buffers') AS s, current_setting('work_mem') AS w`,
  )
  out.sharedBuffers = shown.rows[0].s
  out.workMem = shown.rows[0].w
  const kinds = [
    { searchTerm: 'direito', random: false },
    { searchTerm: 'usucapião extraordinária', random: false },
    { disciplineIds: [1], difficulties: ['MEDIO' as const], random: false },
    { random: true, seed: 'x' },
  ]
  const times: number[] = []
  for (let i = 0; i < searches; i++) {
    const k = kinds[i % kinds.length]
    const t = performance.now()
    await searchQuestions(db, searchParamsWith({ page: 1 + (i % 5), ...k }))
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  out.searchP50Ms = Math.round(times[Math.floor(times.length / 2)] * 10) / 10
  out.searchP95Ms = Math.round(times[Math.floor(times.length * 0.95)] * 10) / 10
  out.afterSearchMb = mb()
  const status = fs.readFileSync('/proc/self/status', 'utf8')
  out.hwmMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024)
  // The WASM linear memory only grows: its size is the database's own high-water mark.
  const mod = (client as unknown as { mod?: { HEAPU8?: Uint8Array; HEAP8?: Int8Array; wasmMemory?: WebAssembly.Memory } }).mod
  out.wasmMemoryMb = Math.round((mod?.wasmMemory?.buffer.byteLength ?? mod?.HEAPU8?.length ?? mod?.HEAP8?.length ?? 0) / 1024 / 1024)
  await client.close()
  if (args.has('keep')) out.dir = dir
  else if (!reuse) fs.rmSync(dir, { recursive: true, force: true })
  console.log(JSON.stringify(out))
}

const args = new Map<string, string | undefined>(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=')
    return [k, v.length ? v.join('=') : undefined]
  }),
)
const size = Number(args.get('size') ?? 20_000)
const searches = Number(args.get('searches') ?? 300)
if (args.has('child')) {
  await child(args.get('child')!, size, searches, args.get('reuse'))
} else {
  const rows: Record<string, string | number>[] = []
  const once = (variant: string, extra: string[]) => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', process.argv[1], `--child=${variant}`, `--size=${size}`, `--searches=${searches}`, ...extra],
      { encoding: 'utf8' },
    )
    const line = r.stdout.trim().split('\n').pop() ?? ''
    console.log(line)
    try {
      return JSON.parse(line) as Record<string, string | number>
    } catch {
      console.error(`${variant}: ${r.stderr.slice(-800)}`)
      return undefined
    }
  }
  for (const variant of args.get('variants')?.split(';') ?? Object.keys(VARIANTS)) {
    // First start (initdb + fill), then a restart on the same directory.
    const first = once(variant, ['--keep'])
    if (!first) continue
    rows.push(first)
    const again = once(variant, [`--reuse=${first.dir}`])
    if (again) rows.push({ ...again, variant: `${variant} (reaberto)` })
    fs.rmSync(String(first.dir), { recursive: true, force: true })
  }
  console.log(
    '\n| Variant | shared_buffers | work_mem | RSS open | RSS filled | RSS after searches | HWM | WASM memory | search p50 / p95 ms |\n|---|---|---|---|---|---|---|---|---|',
  )
  for (const r of rows)
    console.log(
      `| ${r.variant} | ${r.sharedBuffers} | ${r.workMem} | ${r.openMb} | ${r.filledMb} | ${r.afterSearchMb} | ${r.hwmMb} | ${r.wasmMemoryMb} | ${r.searchP50Ms} / ${r.searchP95Ms} |`,
    )
}
