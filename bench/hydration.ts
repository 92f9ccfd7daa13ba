// Issue 66: where a page's main thread goes while it loads, in CPU time rather than wall time, so a
// machine shared with other work still reads the page's own cost. Debian's Chromium (no throttling)
// opens each page signed in as bench/phone.ts's student, a Chromium trace records it until the page
// is hydrated and quiet, and the main thread's tasks are summed by their thread time (`tdur`):
// all of them, the script's share, the longest, and the blocking time a CPU k times slower would
// have (each task's time × k, less 50 ms: Lighthouse's mobile profile is k = 4; issue 66 reads 8).
// A page whose scripts wait for a first touch (ADR 098: the visitor's /questoes) is read until it
// has loaded and sat a second, then touched (a key), then read to its hydration: its tasks are the
// same work, later. For such a page the bench also times, on bench/loop.ts's phone (slow 4G,
// CPU 4×), the touch to the page being the app's (hydrated), which is what its first use costs.
//   npm run build && npm run bench:hydration [-- --runs=5] [--only=dashboard]

import type { BrowserContext, Page } from '@playwright/test'
import { chromium } from '@playwright/test'

import { FIRST_USE_TYPE } from '../app/utils/first-use'
import { CPU_SLOWDOWN, flag, hydrated, log, median, NETWORK, writeReport } from './harness'
import { withOabBank } from './oab-bank'
import { phoneStudent } from './phone-pages'

const RUNS = Number(flag('runs') ?? 5)
const ONLY = flag('only')
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: Record<string, unknown>
}
type Figures = { taskMs: number; scriptMs: number; blocking4: number; blocking8: number; longest: number }

const waitsForFirstUse = async (page: Page) => (await page.locator(`script[type="${FIRST_USE_TYPE}"]`).count()) > 0

/** On the phone: from a key pressed on the loaded page to the page hydrated, in ms. */
async function firstUseOnPhone(context: BrowserContext, url: string) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(1000)
  const start = await page.evaluate(() => performance.now())
  await page.keyboard.press('Shift')
  await hydrated(page)
  return (await page.evaluate(() => performance.now())) - start
}

/**
 * The page's renderer main thread (the one that ran the most: a navigation may leave the first
 * renderer for another) and the script run on it, in thread time.
 */
function mainThread(events: TraceEvent[]): Figures {
  const ms = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const tasksOf = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.name === 'RunTask')
  const total = (list: TraceEvent[]) => list.reduce((sum, e) => sum + ms(e), 0)
  const main = mains.map((t) => ({ t, tasks: tasksOf(t) })).sort((a, b) => total(b.tasks) - total(a.tasks))[0]
  if (!main) throw new Error('trace sem a thread principal do renderer')
  const script = new Set(['FunctionCall', 'EvaluateScript', 'v8.compileModule', 'v8.evaluateModule'])
  const scripts = events.filter((e) => e.pid === main.t.pid && e.tid === main.t.tid && e.ph === 'X' && script.has(e.name))
  return {
    taskMs: total(main.tasks),
    scriptMs: total(scripts),
    blocking4: main.tasks.reduce((sum, e) => sum + Math.max(0, 4 * ms(e) - 50), 0),
    blocking8: main.tasks.reduce((sum, e) => sum + Math.max(0, 8 * ms(e) - 50), 0),
    longest: Math.max(0, ...main.tasks.map(ms)),
  }
}

await withOabBank('hydration', async ({ base, admin, questions }) => {
  log(`provas reais importadas, ${questions} questões`)
  const student = await phoneStudent(base, admin, 'hydration')
  const cookie = student.cookie
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)]
  const pages = student.pages.filter((p) => !ONLY || p.name.includes(ONLY))
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] })
  const rows: { name: string; runs: Figures[]; median: Figures; firstUse: number | null }[] = []
  try {
    for (const p of pages) {
      const runs: Figures[] = []
      const firstUses: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' })
        if (p.signedIn) await context.addCookies([{ name, value, url: base }])
        const page = await context.newPage()
        await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'] })
        await page.goto(`${base}${p.path}`, { waitUntil: 'load' })
        const waits = await waitsForFirstUse(page)
        if (waits) {
          await page.waitForTimeout(1000)
          await page.keyboard.press('Shift')
        }
        // Hydrated (React marks the body last), then a quiet second for what follows it.
        await hydrated(page)
        await page.waitForTimeout(1000)
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
        if (process.env.DUMP_TRACE) (await import('node:fs')).writeFileSync(process.env.DUMP_TRACE, JSON.stringify(trace))
        runs.push(mainThread(trace.traceEvents))
        if (waits) firstUses.push(await firstUseOnPhone(context, `${base}${p.path}`))
        await context.close()
      }
      const m = (pick: (f: Figures) => number) => median(runs.map(pick))
      const row = {
        name: p.name,
        runs,
        median: {
          taskMs: m((f) => f.taskMs),
          scriptMs: m((f) => f.scriptMs),
          blocking4: m((f) => f.blocking4),
          blocking8: m((f) => f.blocking8),
          longest: m((f) => f.longest),
        },
        firstUse: firstUses.length ? median(firstUses) : null,
      }
      rows.push(row)
      log(
        `${p.name}: tarefas ${row.median.taskMs.toFixed(0)} ms, script ${row.median.scriptMs.toFixed(0)} ms, maior tarefa ${row.median.longest.toFixed(0)} ms, bloqueio a 4× ${row.median.blocking4.toFixed(0)} ms (execuções: ${runs.map((r) => r.blocking4.toFixed(0)).join(', ')}), a 8× ${row.median.blocking8.toFixed(0)} ms${row.firstUse === null ? '' : `; primeiro uso no celular ${row.firstUse.toFixed(0)} ms`}`,
      )
    }
  } finally {
    await browser.close()
  }
  writeReport(
    'hydration-',
    { runs: RUNS, rows },
    [
      '# Tempo de CPU da thread principal ao abrir a página (sem limitação de CPU)',
      '',
      `Medianas de ${RUNS} execuções, tempo de thread (tdur) do trace do Chromium; bloqueio a k× = soma, em cada tarefa, de k × o seu tempo menos 50 ms.`,
      '',
      `Primeiro uso (ADR 098): do toque à página hidratada, latência ${NETWORK.latency} ms, 1,6 Mbps/750 kbps, CPU ${CPU_SLOWDOWN}×.`,
      '',
      '| página | tarefas | script | maior tarefa | bloqueio a 4× (execuções) | bloqueio a 8× | primeiro uso |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.median.taskMs.toFixed(0)} ms | ${r.median.scriptMs.toFixed(0)} ms | ${r.median.longest.toFixed(0)} ms | ${r.median.blocking4.toFixed(0)} ms (${r.runs.map((x) => x.blocking4.toFixed(0)).join(', ')}) | ${r.median.blocking8.toFixed(0)} ms | ${r.firstUse === null ? '—' : `${r.firstUse.toFixed(0)} ms`} |`,
      ),
    ],
    [],
  )
})
